import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ESTIMATE_TOLERANCE_MINUTES, addDays, formatLocalDate, parseLocalDate, type ReportFigures } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { queueMembers as m } from '../../db/schema/index.js';
import { addToHistogram, histogramPercentile, mergeHistograms, REPORT_BUCKET_MINUTES, type Histogram } from './histogram.js';
import { memberConditions, rowsOf, type Period, type ReportScope } from './scope.js';

/*
 * Reading the daily aggregates (docs/architecture.md#daily-aggregates-of-reports). A report's days up to its lists'
 * mark come from `report_days`, the later ones from the rows; both give PARTIALS — counts and
 * duration histograms per group — which add up, and the figures are worked out from their sum.
 */

const COUNTS = [
  'drawn',
  'served',
  'cancelled_by_patient',
  'cancelled_by_staff',
  'timed_out',
  'session_end',
  'estimated',
  'within_estimate',
  'appointments_booked',
  'appointments_cancelled',
  'appointments_no_show',
] as const;
type Count = (typeof COUNTS)[number];

export interface Partial {
  counts: Record<Count, number>;
  wait: Histogram;
  processing: Histogram;
  error: Histogram;
}

const emptyPartial = (): Partial => ({ counts: Object.fromEntries(COUNTS.map((c) => [c, 0])) as Record<Count, number>, wait: new Map(), processing: new Map(), error: new Map() });

/** The partials of several sources, added per group. */
export function mergePartials(...sources: Map<string, Partial>[]): Map<string, Partial> {
  const merged = new Map<string, Partial>();
  for (const source of sources) {
    for (const [key, part] of source) {
      const into = merged.get(key) ?? merged.set(key, emptyPartial()).get(key)!;
      for (const count of COUNTS) into.counts[count] += part.counts[count];
      mergeHistograms(into.wait, part.wait);
      mergeHistograms(into.processing, part.processing);
      mergeHistograms(into.error, part.error);
    }
  }
  return merged;
}

/** The figures of a partial, as the row-by-row computation gives them (percentiles within a bucket). */
export function figuresOf(part: Partial): ReportFigures {
  const { counts: c } = part;
  return {
    drawn: c.drawn,
    served: c.served,
    cancelled_by_patient: c.cancelled_by_patient,
    cancelled_by_staff: c.cancelled_by_staff,
    timed_out: c.timed_out,
    session_end: c.session_end,
    wait_p50_min: histogramPercentile(part.wait, 0.5),
    wait_p90_min: histogramPercentile(part.wait, 0.9),
    processing_p50_min: histogramPercentile(part.processing, 0.5),
    processing_p90_min: histogramPercentile(part.processing, 0.9),
    within_estimate_share: c.estimated === 0 ? null : c.within_estimate / c.estimated,
    estimate_error_p50_min: histogramPercentile(part.error, 0.5),
    appointments_booked: c.appointments_booked,
    appointments_cancelled: c.appointments_cancelled,
    appointments_no_show: c.appointments_no_show,
  };
}

/**
 * The last local day all the report's lists have in the aggregates; null when one has none (or
 * there are no lists) — then every day is read from the rows.
 */
export async function aggregatedThrough(q: Queryable, scope: ReportScope): Promise<string | null> {
  const ids = scope.zones.flatMap((zone) => zone.queueIds);
  if (ids.length === 0) return null;
  const [row] = rowsOf<{ lists: number; through: string | null }>(
    await q.execute(sql`SELECT count(*)::int AS lists, to_char(min(aggregated_through), 'YYYY-MM-DD') AS through FROM report_lists
      WHERE queue_id = ANY(${sql.raw(`'{${ids.join(',')}}'::uuid[]`)})`),
  );
  return row && row.lists === ids.length ? row.through : null;
}

/** A period cut at the mark: its days from the aggregates, and from the rows. */
export function splitPeriod(period: Period, through: string | null): { days: Period | null; rows: Period | null } {
  if (through === null || through < period.from) return { days: null, rows: period };
  if (through >= period.to) return { days: period, rows: null };
  return { days: { from: period.from, to: through }, rows: { from: formatLocalDate(addDays(parseLocalDate(through), 1)), to: period.to } };
}

/** The `report_days` rows of a report's days: its account, lists, filters and the grain they need. */
export function dayConditions(scope: ReportScope, period: Period): SQL {
  const f = scope.filters;
  const filtered = f.info_tag_id ? 2 : f.processor_id || f.origin ? 1 : 0;
  // The whole account without filters: one row a day (grain 3) instead of one per list.
  const grain = filtered === 0 && scope.wholeAccount ? 3 : filtered;
  const parts: SQL[] = [sql`account_id = ${scope.actor.accountId}`, sql`grain = ${grain}`, sql`day BETWEEN ${period.from}::date AND ${period.to}::date`];
  if (!scope.wholeAccount) parts.push(sql`queue_id = ANY(${sql.raw(`'{${scope.zones.flatMap((z) => z.queueIds).join(',') || '00000000-0000-0000-0000-000000000000'}}'::uuid[]`)})`);
  if (f.processor_id) parts.push(sql`processor_id = ${f.processor_id}`);
  if (f.origin) parts.push(sql`origin = ${f.origin}`);
  if (f.info_tag_id) parts.push(sql`info_tag_id = ${f.info_tag_id}`);
  return sql.join(parts, sql` AND `);
}

type HistogramName = 'wait' | 'processing' | 'error';

/** Partials per group from the aggregates; `dayGroup` names a `day`'s group. */
export async function aggregatePartials(q: Queryable, scope: ReportScope, period: Period, dayGroup: SQL): Promise<Map<string, Partial>> {
  const where = dayConditions(scope, period);
  const unnested = (name: HistogramName) =>
    sql`SELECT ${dayGroup} AS key, ${name}::text AS h, u.b, u.n FROM report_days, unnest(${sql.raw(`${name}_buckets, ${name}_counts`)}) AS u(b, n) WHERE ${where}`;
  const [counts, histograms] = await Promise.all([
    q.execute(sql`SELECT ${dayGroup} AS key, ${sql.raw(COUNTS.map((c) => `sum(${c})::int AS ${c}`).join(', '))} FROM report_days WHERE ${where} GROUP BY 1`),
    q.execute(sql`SELECT key, h, b, sum(n)::int AS n FROM (${unnested('wait')} UNION ALL ${unnested('processing')} UNION ALL ${unnested('error')}) AS s GROUP BY 1, 2, 3`),
  ]);
  const parts = new Map<string, Partial>();
  const entry = (key: string) => parts.get(key) ?? parts.set(key, emptyPartial()).get(key)!;
  for (const row of rowsOf<Record<Count, number> & { key: string }>(counts)) for (const c of COUNTS) entry(row.key).counts[c] = row[c];
  for (const row of rowsOf<{ key: string; h: HistogramName; b: number; n: number }>(histograms)) addToHistogram(entry(row.key)[row.h], row.b, row.n);
  return parts;
}

/** The group of a row, from its instant (drawn, or an appointment's start) and its list. */
export type GroupOf = (instant: AnyColumn, queueId: AnyColumn) => SQL;

const W = sql.raw(String(REPORT_BUCKET_MINUTES));

/** Partials per group from the tickets themselves (the days after the mark); appointments come from `appointmentCounts`. */
export async function rowPartials(q: Queryable, scope: ReportScope, period: Period, groupOf: GroupOf): Promise<Map<string, Partial>> {
  const served = sql`(${m.status} = 'FINISHED_BY_PROCESSOR' and not ${m.removed})`;
  const rows = rowsOf<Record<Count, number> & { key: string; ws: number[] | null; ps: number[] | null; es: number[] | null }>(
    await q.execute(sql`select ${groupOf(m.createdAt, m.queueId)} as key, count(*)::int as drawn, (count(*) filter (where ${served}))::int as served,
        (count(*) filter (where ${m.cancelState} = 'USER'))::int as cancelled_by_patient,
        (count(*) filter (where ${m.cancelState} = 'PROCESSOR' or (${m.removed} and ${m.cancelState} is null)))::int as cancelled_by_staff,
        (count(*) filter (where ${m.cancelState} = 'TIMEOUT'))::int as timed_out, (count(*) filter (where ${m.cancelState} = 'SESSION_END'))::int as session_end,
        count(${m.estimateDeltaMinutes})::int as estimated, (count(*) filter (where ${m.estimateDeltaMinutes} <= ${ESTIMATE_TOLERANCE_MINUTES}))::int as within_estimate,
        0 as appointments_booked, 0 as appointments_cancelled, 0 as appointments_no_show,
        array_agg(floor(${m.waitMinutes} / ${W})::int) filter (where ${m.waitMinutes} is not null) as ws,
        array_agg(floor(${m.processingMinutes} / ${W})::int) filter (where ${served} and ${m.processingMinutes} is not null) as ps,
        array_agg(floor(abs(${m.estimateDeltaMinutes}) / ${W})::int) filter (where ${m.estimateDeltaMinutes} is not null) as es
      from ${m} where ${memberConditions(scope, period)} group by 1`),
  );
  const parts = new Map<string, Partial>();
  for (const row of rows) {
    const part = emptyPartial();
    for (const c of COUNTS) part.counts[c] = Number(row[c]);
    for (const b of row.ws ?? []) addToHistogram(part.wait, b, 1);
    for (const b of row.ps ?? []) addToHistogram(part.processing, b, 1);
    for (const b of row.es ?? []) addToHistogram(part.error, b, 1);
    parts.set(row.key, part);
  }
  return parts;
}

/** Appointment counts per group, as partials. */
export function appointmentPartials(rows: { key: string; appointments_booked: number; appointments_cancelled: number; appointments_no_show: number }[]): Map<string, Partial> {
  return new Map(
    rows.map((row) => {
      const part = emptyPartial();
      part.counts.appointments_booked = row.appointments_booked;
      part.counts.appointments_cancelled = row.appointments_cancelled;
      part.counts.appointments_no_show = row.appointments_no_show;
      return [row.key, part];
    }),
  );
}

/** Arrivals per ISO weekday and local hour from the aggregates. */
export async function aggregateArrivals(q: Queryable, scope: ReportScope, period: Period): Promise<{ weekday: number; hour: number; arrivals: number }[]> {
  return rowsOf<{ weekday: number; hour: number; arrivals: number }>(
    await q.execute(sql`SELECT extract(isodow FROM day)::int AS weekday, (u.h - 1)::int AS hour, sum(u.c)::int AS arrivals
      FROM report_days, unnest(arrivals) WITH ORDINALITY AS u(c, h) WHERE ${dayConditions(scope, period)} GROUP BY 1, 2`),
  );
}
