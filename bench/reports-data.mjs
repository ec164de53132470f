// A year of a large group for the reports bench (issue 19 §5): 40 locations with 3 lists each in
// the demo practice, 2,000,000 tickets and 200,000 appointments, written by PostgreSQL itself
// from generate_series (random but plausible: weekdays of 52 weeks, 07–18 local time, most served);
// `seedEarlierYears` adds older years of the same kind (the 20 M-ticket table of the aggregates' bench).

export const LOCATIONS = 40;
export const LISTS_PER_LOCATION = 3;
export const TICKETS = Number(process.env.BENCH_REPORT_TICKETS ?? 2_000_000);
export const APPOINTMENTS = Math.round(TICKETS / 10);
/** The year the tickets fall in: the 52 weeks from the Monday 364 days before this date. */
export const YEAR_END = '2026-11-01';

/** Writes the group into the account; answers the first location's id. Takes a minute or two. */
export async function seedLargeGroup(client, accountId) {
  await client.query(
    `INSERT INTO profiles (account_id, name, identifier, time_zone, country)
     SELECT $1, 'Bench Standort ' || i, 'bench-standort-' || i, 'Europe/Vienna', 'AT' FROM generate_series(1, $2::int) AS i`,
    [accountId, LOCATIONS],
  );
  await client.query(
    `INSERT INTO queues (account_id, profile_id, name, identifier)
     SELECT p.account_id, p.id, 'Bench Liste ' || p.identifier || '-' || l, p.identifier || '-liste-' || l
     FROM profiles p, generate_series(1, $2::int) AS l WHERE p.account_id = $1 AND p.identifier LIKE 'bench-standort-%'`,
    [accountId, LISTS_PER_LOCATION],
  );
  await client.query(
    `INSERT INTO appointment_types (account_id, profile_id, queue_id, name, duration_minutes)
     SELECT account_id, profile_id, id, 'Bench', 15 FROM queues WHERE account_id = $1 AND identifier LIKE 'bench-standort-%'`,
    [accountId],
  );
  await insertYearOfTickets(client, accountId, YEAR_END, TICKETS);
  await client.query(
    `WITH types AS (SELECT array_agg(id ORDER BY id) AS ids FROM appointment_types WHERE account_id = $1 AND name = 'Bench'),
     raw AS (
       SELECT i, (SELECT ids FROM types)[1 + floor(random() * ${LOCATIONS * LISTS_PER_LOCATION})::int] AS type_id,
         (date_trunc('week', $2::date - 364)::date + floor(random() * 52)::int * 7 + floor(random() * 5)::int) AS day, 8 + floor(random() * 9)::int AS hour, random() AS fate
       FROM generate_series(1, $3::int) AS i
     )
     INSERT INTO appointments (account_id, profile_id, queue_id, appointment_type_id, start_at, end_at, status, cancel_state, source)
     SELECT t.account_id, t.profile_id, t.queue_id, t.id, s.start_at, s.start_at + interval '15 minutes',
       (CASE WHEN fate < 0.8 THEN 'FINISHED' WHEN fate < 0.9 THEN 'NO_SHOW' ELSE 'BOOKED' END)::appointment_status,
       (CASE WHEN fate >= 0.9 THEN 'USER' END)::appointment_cancel_state, 'FRONTEND'
     FROM raw JOIN appointment_types t ON t.id = raw.type_id,
       LATERAL (SELECT (day + make_interval(hours => hour)) AT TIME ZONE 'Europe/Vienna' AS start_at) AS s`,
    [accountId, YEAR_END, APPOINTMENTS],
  );
  // What autovacuum does in the background on a server that has run for a year.
  await client.query('VACUUM ANALYZE');
  const { rows } = await client.query(`SELECT id FROM profiles WHERE account_id = $1 AND identifier = 'bench-standort-1'`, [accountId]);
  return rows[0].id;
}

/** The year ending at `yearEnd` (52 weeks): `count` tickets over the group's lists, in the order they were drawn. */
async function insertYearOfTickets(client, accountId, yearEnd, count, session = 1) {
  // Without the row triggers (foreign keys, the webhook outbox) and the aggregates' stale marks:
  // the lists exist, no webhook is subscribed, and the bench rebuilds the aggregates after each
  // seed. Per row they were most of the seed's time (a year took ~15 min with them).
  await client.query('SET session_replication_role = replica');
  try {
    await insertTickets(client, accountId, yearEnd, count, session);
  } finally {
    await client.query('RESET session_replication_role');
  }
}

async function insertTickets(client, accountId, yearEnd, count, session) {
  // Each row draws its list, day (weekdays only), local time and fate from random().
  await client.query(
    `WITH lists AS (SELECT array_agg(id ORDER BY id) AS ids FROM queues WHERE account_id = $1 AND identifier LIKE 'bench-standort-%'),
     raw AS (
       SELECT i, (SELECT ids FROM lists)[1 + floor(random() * ${LOCATIONS * LISTS_PER_LOCATION})::int] AS queue_id,
         (date_trunc('week', $2::date - 364)::date + floor(random() * 52)::int * 7 + floor(random() * 5)::int) AS day, 7 + floor(random() * 11)::int AS hour, floor(random() * 60)::int AS minute,
         random() AS fate, random() * 40 AS wait, 5 + random() * 15 AS processing, random() * 10 - 5 AS miss
       FROM generate_series(1, $3::int) AS i
     ),
     rows AS (
       SELECT *, ((day + make_interval(hours => hour, mins => minute)) AT TIME ZONE 'Europe/Vienna') AS drawn
       FROM raw
     )
     INSERT INTO queue_members (account_id, queue_id, number_queue_id, session_no, ordinal, number, status, cancel_state, removed, origin,
       order_at, created_at, first_estimated_start, actual_start, actual_end)
     SELECT $1, queue_id, queue_id, $4::int, i, i % 1000,
       (CASE WHEN fate < 0.85 THEN 'FINISHED_BY_PROCESSOR' WHEN fate < 0.90 THEN 'FINISHED_BY_USER' WHEN fate < 0.94 THEN 'FINISHED_BY_PROCESSOR' ELSE 'FINISHED_BY_TIMEOUT' END)::member_status,
       (CASE WHEN fate < 0.85 THEN NULL WHEN fate < 0.90 THEN 'USER' WHEN fate < 0.94 THEN 'PROCESSOR' WHEN fate < 0.97 THEN 'TIMEOUT' ELSE 'SESSION_END' END)::member_cancel_state,
       fate >= 0.90 AND fate < 0.94,
       (CASE WHEN i % 10 < 6 THEN 'ONLINE' WHEN i % 10 < 9 THEN 'KIOSK' ELSE 'MANUAL' END)::draw_origin,
       drawn, drawn,
       drawn + make_interval(mins => (wait + miss)::int),
       CASE WHEN fate < 0.85 OR fate >= 0.94 AND fate < 0.97 THEN drawn + make_interval(secs => wait * 60) END,
       CASE WHEN fate < 0.85 THEN drawn + make_interval(secs => (wait + processing) * 60) WHEN fate >= 0.85 THEN drawn + interval '3 hours' END
     -- In the order they were drawn, as a year of real use leaves them on disk.
     FROM rows ORDER BY drawn`,
    [accountId, yearEnd, count, session],
  );
}

/**
 * Older history for the reports bench (issue 44 §3): `years` earlier years of TICKETS tickets
 * each before the measured year, one statement per year, then ANALYZE. Answers the seconds taken.
 */
export async function seedEarlierYears(client, accountId, years) {
  const t0 = performance.now();
  for (let k = 1; k <= years; k++) {
    const end = new Date(Date.parse(`${YEAR_END}T00:00:00Z`) - k * 364 * 86_400_000).toISOString().slice(0, 10);
    // A session number per year keeps each year's counter (ordinal) apart.
    await insertYearOfTickets(client, accountId, end, TICKETS, 1 + k);
  }
  await client.query('VACUUM ANALYZE queue_members');
  return (performance.now() - t0) / 1000;
}
