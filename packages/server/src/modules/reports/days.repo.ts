import { sql, type SQL } from 'drizzle-orm';
import { ESTIMATE_TOLERANCE_MINUTES } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { instantBounds, rowsOf, type Period } from './scope.js';
import { REPORT_BUCKET_MINUTES } from './histogram.js';

/*
 * Writing the daily aggregates (`report_days`, docs/architecture.md#daily-aggregates-of-reports): a list-day is
 * always computed whole from its rows — deleted and written again — so aggregating a day twice,
 * or again after its rows changed, gives the same rows. Days are local days of the list's
 * location; the instants searched are widened by 14 hours and each row keeps only its own day.
 */

const W = sql.raw(String(REPORT_BUCKET_MINUTES));

/** A sparse histogram (buckets, counts) of an int[] of bucket numbers. */
const histogram = (values: string) =>
  sql.raw(
    `(SELECT coalesce(array_agg(b ORDER BY b), '{}'), coalesce(array_agg(n ORDER BY b), '{}') FROM (SELECT b, count(*)::int AS n FROM unnest(${values}) AS b GROUP BY b) AS s)`,
  );

/** Draws per local hour 0–23 of an int[] of hours. */
const hours = (values: string) =>
  sql.raw(
    `(SELECT array_agg(coalesce(n, 0) ORDER BY h) FROM generate_series(0, 23) AS h LEFT JOIN (SELECT x, count(*)::int AS n FROM unnest(${values}) AS x GROUP BY x) AS s ON s.x = h)`,
  );

/** The tickets of the lists' days, one row each with what it contributes. */
function ticketRows(accountId: string, queueIds: string[], period: Period): SQL {
  const { lo, hi } = instantBounds(period);
  return sql`SELECT * FROM (SELECT m.id, m.account_id, m.queue_id, (m.created_at AT TIME ZONE p.time_zone)::date AS day, m.processor_id, m.origin,
      (m.status = 'FINISHED_BY_PROCESSOR' AND NOT m.removed) AS served, m.cancel_state, m.removed,
      floor(m.wait_minutes / ${W})::int AS wb,
      CASE WHEN m.status = 'FINISHED_BY_PROCESSOR' AND NOT m.removed THEN floor(m.processing_minutes / ${W})::int END AS pb,
      floor(abs(m.estimate_delta_minutes) / ${W})::int AS eb, m.estimate_delta_minutes AS delta,
      extract(hour FROM m.created_at AT TIME ZONE p.time_zone)::int AS hour
    FROM queue_members m JOIN queues q ON q.id = m.queue_id JOIN profiles p ON p.id = q.profile_id
    WHERE m.account_id = ${accountId} AND m.created_at >= ${lo}::timestamptz AND m.created_at < ${hi}::timestamptz
      AND m.queue_id = ANY(${sql.raw(`'{${queueIds.join(',')}}'::uuid[]`)})) AS t
    WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`;
}

/** Groups ticket rows by `groups` into report_days rows of the grain `grain` gives. */
function insertTickets(source: SQL, groups: SQL, grain: SQL, tag: SQL): SQL {
  return sql`INSERT INTO report_days (account_id, queue_id, day, grain, processor_id, origin, info_tag_id, drawn, served, cancelled_by_patient,
      cancelled_by_staff, timed_out, session_end, estimated, within_estimate, wait_buckets, wait_counts, processing_buckets, processing_counts,
      error_buckets, error_counts, arrivals)
    SELECT g.account_id, g.queue_id, g.day, g.grain, g.processor_id, g.origin, g.info_tag_id, g.drawn, g.served, g.by_patient, g.by_staff,
      g.timed_out, g.session_end, g.estimated, g.within, wh.buckets, wh.counts, ph.buckets, ph.counts, eh.buckets, eh.counts, ${hours('g.hours')}
    FROM (SELECT account_id, queue_id, day, ${grain} AS grain, processor_id, origin, ${tag} AS info_tag_id,
        count(*)::int AS drawn, (count(*) FILTER (WHERE served))::int AS served,
        (count(*) FILTER (WHERE cancel_state = 'USER'))::int AS by_patient,
        (count(*) FILTER (WHERE cancel_state = 'PROCESSOR' OR (removed AND cancel_state IS NULL)))::int AS by_staff,
        (count(*) FILTER (WHERE cancel_state = 'TIMEOUT'))::int AS timed_out,
        (count(*) FILTER (WHERE cancel_state = 'SESSION_END'))::int AS session_end,
        count(delta)::int AS estimated, (count(*) FILTER (WHERE delta <= ${ESTIMATE_TOLERANCE_MINUTES}))::int AS within,
        array_agg(wb) FILTER (WHERE wb IS NOT NULL) AS ws, array_agg(pb) FILTER (WHERE pb IS NOT NULL) AS ps,
        array_agg(eb) FILTER (WHERE eb IS NOT NULL) AS es, array_agg(hour) AS hours
      FROM (${source}) AS r GROUP BY ${groups}) AS g,
      LATERAL ${histogram('g.ws')} AS wh(buckets, counts), LATERAL ${histogram('g.ps')} AS ph(buckets, counts), LATERAL ${histogram('g.es')} AS eh(buckets, counts)`;
}

/** The appointments of the lists' days, by their start on the location's clock. */
function appointmentRows(accountId: string, queueIds: string[], period: Period): SQL {
  const { lo, hi } = instantBounds(period);
  return sql`SELECT * FROM (SELECT a.id, a.account_id, a.queue_id, (a.start_at AT TIME ZONE p.time_zone)::date AS day, a.processor_id,
      'APPOINTMENT'::draw_origin AS origin, a.cancel_state, a.status
    FROM appointments a JOIN queues q ON q.id = a.queue_id JOIN profiles p ON p.id = q.profile_id
    WHERE a.account_id = ${accountId} AND a.start_at >= ${lo}::timestamptz AND a.start_at < ${hi}::timestamptz
      AND a.queue_id = ANY(${sql.raw(`'{${queueIds.join(',')}}'::uuid[]`)})) AS t
    WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`;
}

function insertAppointments(source: SQL, groups: SQL, grain: SQL, tag: SQL): SQL {
  return sql`INSERT INTO report_days (account_id, queue_id, day, grain, processor_id, origin, info_tag_id, appointments_booked, appointments_cancelled, appointments_no_show)
    SELECT account_id, queue_id, day, ${grain}, processor_id, origin, ${tag}, count(*)::int,
      (count(*) FILTER (WHERE cancel_state IS NOT NULL))::int, (count(*) FILTER (WHERE status = 'NO_SHOW' AND cancel_state IS NULL))::int
    FROM (${source}) AS r GROUP BY ${groups}`;
}

/** A histogram of the account-day: the sum of its lists' grain-0 histograms. */
const summedHistogram = (name: string) =>
  sql.raw(`(SELECT coalesce(array_agg(b ORDER BY b), '{}'), coalesce(array_agg(n ORDER BY b), '{}') FROM (SELECT u.b, sum(u.n)::int AS n
    FROM report_days r, unnest(r.${name}_buckets, r.${name}_counts) AS u(b, n) WHERE r.grain = 0 AND r.account_id = g.account_id AND r.day = g.day GROUP BY u.b) AS s)`);

/**
 * The account-days (grain 3) of `period` again from the lists' grain-0 rows: a report on the
 * whole account reads one row a day, however many lists it has. Lists not yet aggregated that
 * far are not read for those days (a report uses the aggregates only up to every list's mark).
 */
async function sumAccountDays(q: Queryable, accountId: string, period: Period): Promise<void> {
  const days = sql`account_id = ${accountId} AND day BETWEEN ${period.from}::date AND ${period.to}::date`;
  await q.execute(sql`DELETE FROM report_days WHERE grain = 3 AND ${days}`);
  await q.execute(sql`INSERT INTO report_days (account_id, queue_id, day, grain, drawn, served, cancelled_by_patient, cancelled_by_staff, timed_out,
      session_end, estimated, within_estimate, appointments_booked, appointments_cancelled, appointments_no_show, wait_buckets, wait_counts,
      processing_buckets, processing_counts, error_buckets, error_counts, arrivals)
    SELECT g.account_id, NULL, g.day, 3, g.drawn, g.served, g.cancelled_by_patient, g.cancelled_by_staff, g.timed_out, g.session_end, g.estimated,
      g.within_estimate, g.appointments_booked, g.appointments_cancelled, g.appointments_no_show, wh.buckets, wh.counts, ph.buckets, ph.counts,
      eh.buckets, eh.counts,
      (SELECT array_agg(coalesce(s.n, 0) ORDER BY h.h) FROM generate_series(1, 24) AS h(h) LEFT JOIN (SELECT u.h, sum(u.c)::int AS n
        FROM report_days r, unnest(r.arrivals) WITH ORDINALITY AS u(c, h) WHERE r.grain = 0 AND r.account_id = g.account_id AND r.day = g.day GROUP BY u.h) AS s ON s.h = h.h)
    FROM (SELECT account_id, day, sum(drawn)::int AS drawn, sum(served)::int AS served, sum(cancelled_by_patient)::int AS cancelled_by_patient,
        sum(cancelled_by_staff)::int AS cancelled_by_staff, sum(timed_out)::int AS timed_out, sum(session_end)::int AS session_end,
        sum(estimated)::int AS estimated, sum(within_estimate)::int AS within_estimate, sum(appointments_booked)::int AS appointments_booked,
        sum(appointments_cancelled)::int AS appointments_cancelled, sum(appointments_no_show)::int AS appointments_no_show
      FROM report_days WHERE grain = 0 AND ${days} GROUP BY 1, 2) AS g,
      LATERAL ${summedHistogram('wait')} AS wh(buckets, counts), LATERAL ${summedHistogram('processing')} AS ph(buckets, counts),
      LATERAL ${summedHistogram('error')} AS eh(buckets, counts)`);
}

/** Whole list-day (0), per processor and origin (1): one pass, two grouping sets. */
const SETS = sql`GROUPING SETS ((account_id, queue_id, day), (account_id, queue_id, day, processor_id, origin))`;
const SET_GRAIN = sql`(CASE WHEN grouping(processor_id) = 1 THEN 0 ELSE 1 END)::smallint`;
const TAGGED_GROUPS = sql`account_id, queue_id, day, processor_id, origin, info_tag_id`;
const NO_TAG = sql`NULL::uuid`;

/**
 * (Re)computes the aggregates of the lists' local days `period` (one account's lists). Runs in
 * the caller's transaction: a report sees the old day or the new one, never half of it.
 */
export async function aggregateDays(q: Queryable, accountId: string, queueIds: string[], period: Period): Promise<void> {
  if (queueIds.length === 0 || period.from > period.to) return;
  // One writer per account at a time (the catch-up job, a rebuild, another node): two that
  // delete and insert the same days side by side would both insert, and count them twice.
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report_days:${accountId}`}))`);
  const lists = sql.raw(`'{${queueIds.join(',')}}'::uuid[]`);
  const days = sql`queue_id = ANY(${lists}) AND day BETWEEN ${period.from}::date AND ${period.to}::date`;
  await q.execute(sql`DELETE FROM report_days WHERE ${days}`);
  // Computed now from the rows: whatever marked these days stale is taken in.
  await q.execute(sql`DELETE FROM report_stale_days WHERE ${days}`);
  const tickets = ticketRows(accountId, queueIds, period);
  await q.execute(insertTickets(tickets, SETS, SET_GRAIN, NO_TAG));
  const taggedTickets = sql`SELECT r.*, it.info_tag_id FROM (${tickets}) AS r JOIN queue_member_info_tags it ON it.member_id = r.id`;
  await q.execute(insertTickets(taggedTickets, TAGGED_GROUPS, sql`2::smallint`, sql`info_tag_id`));
  const booked = appointmentRows(accountId, queueIds, period);
  await q.execute(insertAppointments(booked, SETS, SET_GRAIN, NO_TAG));
  const taggedBooked = sql`SELECT r.*, it.info_tag_id FROM (${booked}) AS r JOIN queue_members tm ON tm.appointment_id = r.id
    JOIN queue_member_info_tags it ON it.member_id = tm.id`;
  await q.execute(insertAppointments(taggedBooked, TAGGED_GROUPS, sql`2::smallint`, sql`info_tag_id`));
  await sumAccountDays(q, accountId, period);
}

/** Moves the lists' marks: every local day up to `through` is aggregated. */
export async function markAggregatedThrough(q: Queryable, accountId: string, queueIds: string[], through: string): Promise<void> {
  if (queueIds.length === 0) return;
  await q.execute(sql`INSERT INTO report_lists (queue_id, account_id, aggregated_through)
    SELECT id, ${accountId}, ${through}::date FROM unnest(${sql.raw(`'{${queueIds.join(',')}}'::uuid[]`)}) AS id
    ON CONFLICT (queue_id) DO UPDATE SET aggregated_through = greatest(report_lists.aggregated_through, excluded.aggregated_through)`);
}

export interface ListMark {
  queueId: string;
  accountId: string;
  timeZone: string;
  /** null: never aggregated. */
  through: string | null;
}

/** Every list (of one account, or all) with its zone and mark. */
export async function listMarks(q: Queryable, accountId?: string): Promise<ListMark[]> {
  const rows = rowsOf<{ queue_id: string; account_id: string; time_zone: string; through: string | null }>(
    await q.execute(sql`SELECT q.id AS queue_id, q.account_id, p.time_zone, to_char(r.aggregated_through, 'YYYY-MM-DD') AS through
      FROM queues q JOIN profiles p ON p.id = q.profile_id LEFT JOIN report_lists r ON r.queue_id = q.id
      ${accountId ? sql`WHERE q.account_id = ${accountId}` : sql``}`),
  );
  return rows.map((row) => ({ queueId: row.queue_id, accountId: row.account_id, timeZone: row.time_zone, through: row.through }));
}

/** The day before an account's first ticket or appointment (UTC, so no zone's day is missed); null: none. */
export async function accountFirstDay(q: Queryable, accountId: string): Promise<string | null> {
  const [row] = rowsOf<{ first: string | null }>(
    await q.execute(sql`SELECT to_char((least((SELECT min(created_at) FROM queue_members WHERE account_id = ${accountId}),
        (SELECT min(start_at) FROM appointments WHERE account_id = ${accountId})) AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD') AS first`),
  );
  return row?.first ?? null;
}

/** Takes up to `limit` stale list-days off the list, with their accounts. */
export async function takeStaleDays(q: Queryable, limit: number): Promise<{ accountId: string; queueId: string; day: string }[]> {
  return rowsOf<{ account_id: string; queue_id: string; day: string }>(
    await q.execute(sql`WITH taken AS (
        DELETE FROM report_stale_days WHERE (queue_id, day) IN (SELECT queue_id, day FROM report_stale_days ORDER BY day LIMIT ${limit}) RETURNING queue_id, day)
      SELECT q.account_id, t.queue_id, to_char(t.day, 'YYYY-MM-DD') AS day FROM taken t JOIN queues q ON q.id = t.queue_id`),
  ).map((row) => ({ accountId: row.account_id, queueId: row.queue_id, day: row.day }));
}
