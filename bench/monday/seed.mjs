// The group of the Monday bench (issue 23 §9), written into the demo account: LOCATIONS
// locations × LISTS lists, each list open, served by its own processors (who log in through the
// API like the work view does) and offering one bookable appointment type on their hours.
//
// Rows go in by SQL, as bench/reports-data.mjs does: seeding 120 lists and 240 staff through the
// API would hash 240 passwords with argon2 (seconds each on this machine under load) and is not
// what is measured. The processors share the demo processor's password hash, so their logins
// are real logins. Everything the run then does goes through the API.
import pg from 'pg';

export const DEMO_PROCESSOR = 'assistenz@praxis-demo.example';
const PASSWORD = 'wartefrei-demo';

/**
 * Writes the group; answers `[{ id, processors: [userId], usernames: [..], typeId }]` per list.
 * `averageMinutes` is each list's configured visit length (its wait estimate uses it).
 */
export async function seedGroup(databaseUrl, { locations, listsPerLocation, processorsPerList, averageMinutes }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const {
      rows: [demo],
    } = await client.query(`SELECT u.account_id, u.password_hash, u.password_md5_hash FROM users u WHERE u.username = $1`, [DEMO_PROCESSOR]);
    if (!demo) throw new Error('no demo processor: the first node must start with SEED_DEMO=true');
    const account = demo.account_id;
    await client.query(
      `INSERT INTO profiles (account_id, name, identifier, time_zone, country, region)
       SELECT $1, 'Montag Standort ' || i, 'montag-' || i, 'Europe/Vienna', 'AT', '9' FROM generate_series(1, $2::int) AS i`,
      [account, locations],
    );
    const { rows: lists } = await client.query(
      `INSERT INTO queues (account_id, profile_id, name, identifier, max_concurrent_processing, average_process_minutes)
       SELECT p.account_id, p.id, 'Liste ' || l, 'liste-' || l, $3::int, $4::int
       FROM profiles p, generate_series(1, $2::int) AS l WHERE p.account_id = $1 AND p.identifier LIKE 'montag-%'
       RETURNING id, profile_id`,
      [account, listsPerLocation, processorsPerList, averageMinutes],
    );
    // Open, as the demo opens its lists: the morning has begun.
    await client.query(`INSERT INTO queue_sessions (queue_id, open, opened_at) SELECT unnest($1::uuid[]), true, now()`, [lists.map((l) => l.id)]);
    const result = [];
    for (const [i, list] of lists.entries()) {
      const usernames = Array.from({ length: processorsPerList }, (_, p) => `montag-${i + 1}-${p + 1}@bench.example`);
      const { rows: users } = await client.query(
        `INSERT INTO users (account_id, username, display_name, password_hash, password_md5_hash, verified, tutorial_dismissed_at)
         SELECT $1, u, 'Bench ' || u, $2, $3, true, now() FROM unnest($4::text[]) AS u RETURNING id`,
        [account, demo.password_hash, demo.password_md5_hash, usernames],
      );
      const processors = users.map((u) => u.id);
      await client.query(`INSERT INTO queue_processors (queue_id, user_id, active) SELECT $1, unnest($2::uuid[]), true`, [list.id, processors]);
      const {
        rows: [type],
      } = await client.query(
        `INSERT INTO appointment_types (account_id, profile_id, queue_id, name, duration_minutes, default_processor_id)
         VALUES ($1, $2, $3, 'Montag Termin', 15, $4) RETURNING id`,
        [account, list.profile_id, list.id, processors[0]],
      );
      // Every processor's bookable hours on every weekday, 07:00–19:00 local: bookings always find a time.
      await client.query(
        `INSERT INTO appointment_slots (account_id, profile_id, kind, weekday, start_time, end_time, processor_id, appointment_type_ids)
         SELECT $1, $2, 'WEEK', d, '07:00', '19:00', p, ARRAY[$3::uuid] FROM generate_series(1, 7) AS d, unnest($4::uuid[]) AS p`,
        [account, list.profile_id, type.id, processors],
      );
      result.push({ id: list.id, processors, usernames, typeId: type.id });
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Logs every processor in through the API (spread over the nodes); fills `list.staff` with their logins and headers. */
export async function logInProcessors(lists, bases, concurrency = 6) {
  const jobs = lists.flatMap((list) => list.usernames.map((username) => ({ list, username })));
  for (const list of lists) list.staff = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const n = next++;
      const { list, username } = jobs[n];
      const res = await fetch(`${bases[n % bases.length]}/auth/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}` },
      });
      if (!res.ok) throw new Error(`login of ${username} answered ${res.status}: ${await res.text()}`);
      const login = await res.json();
      list.staff.push({
        id: login.id,
        token: login.token,
        accountId: login.account_id,
        headers: { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}`, 'content-type': 'application/json' },
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * The line each list has when the bench starts (patients who came before opening), drawn through
 * the API; not measured.
 */
export async function drawInitialLine(lists, bases, perList, concurrency = 8) {
  const jobs = lists.flatMap((list) => Array.from({ length: perList }, () => list.id));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const n = next++;
      const res = await fetch(`${bases[n % bases.length]}/queues/${jobs[n]}/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ origin: 'ONLINE' }),
      });
      if (res.status !== 201) throw new Error(`initial draw answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
