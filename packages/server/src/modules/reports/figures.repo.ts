import { sql, type SQL } from 'drizzle-orm';
import { ESTIMATE_TOLERANCE_MINUTES, type ReportBucket, type ReportFigures } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, queueMembers as m } from '../../db/schema/index.js';
import { aggregatePartials, appointmentPartials, figuresOf, mergePartials, rowPartials, splitPeriod, type GroupOf } from './aggregates.repo.js';
import { appointmentConditions, localTime, memberConditions, rowsOf, type Period, type ReportScope } from './scope.js';

/*
 * The figures of a report (docs/product.md#reports), aggregated in SQL: one scan of the period's
 * tickets and one of its appointments, grouped by period (summary) or by bucket (timeseries).
 */

const oneDecimal = (value: SQL) => sql`round((${value})::numeric, 1)::float8`;
export const percentile = (p: number, value: SQL, where: SQL) => oneDecimal(sql`percentile_cont(${sql.raw(String(p))}) within group (order by ${value}) filter (where ${where})`);

/** Finished by staff after being served: not removed unserved. */
export const SERVED = sql`(${m.status} = 'FINISHED_BY_PROCESSOR' and not ${m.removed})`;
export const CALLED = sql`${m.actualStart} is not null`;
/** Minutes from draw to call, and from call to end: columns the database computes (schema/tickets.ts). */
export const WAIT = sql`${m.waitMinutes}`;
export const PROCESSING = sql`${m.processingMinutes}`;

/**
 * What each ticket contributes, worked out once per row: a duration is null where it was not
 * measured (not called, not served, no estimate), and percentiles and averages skip nulls — so
 * no aggregate needs a FILTER, and p50 and p90 of one value share one sort.
 */
const TICKET_ROW = sql`${m.cancelState} as cancel_state, ${m.removed} as removed, ${SERVED} as served, ${WAIT} as wait,
  case when ${SERVED} then ${PROCESSING} end as processing, ${m.estimateDeltaMinutes} as estimate_delta`;

/** p50 and p90 of a column of TICKET_ROW, from one sort, in minutes with one decimal. */
const percentiles = (column: string, as: string) => {
  const both = `(percentile_cont(array[0.5, 0.9]) within group (order by ${column}))`;
  return `round((${both}[1])::numeric, 1)::float8 as ${as}_p50_min, round((${both}[2])::numeric, 1)::float8 as ${as}_p90_min`;
};

const TICKET_FIGURES = sql.raw(`
  count(*)::int as drawn,
  (count(*) filter (where served))::int as served,
  (count(*) filter (where cancel_state = 'USER'))::int as cancelled_by_patient,
  (count(*) filter (where cancel_state = 'PROCESSOR' or (removed and cancel_state is null)))::int as cancelled_by_staff,
  (count(*) filter (where cancel_state = 'TIMEOUT'))::int as timed_out,
  (count(*) filter (where cancel_state = 'SESSION_END'))::int as session_end,
  ${percentiles('wait', 'wait')},
  ${percentiles('processing', 'processing')},
  avg((estimate_delta <= ${ESTIMATE_TOLERANCE_MINUTES})::int)::float8 as within_estimate_share,
  round((percentile_cont(0.5) within group (order by abs(estimate_delta)))::numeric, 1)::float8 as estimate_error_p50_min`);

const APPOINTMENT_FIGURES = sql`
  count(*)::int as appointments_booked,
  (count(*) filter (where ${appointments.cancelState} is not null))::int as appointments_cancelled,
  (count(*) filter (where ${appointments.status} = 'NO_SHOW' and ${appointments.cancelState} is null))::int as appointments_no_show`;

type TicketFigures = Omit<ReportFigures, 'appointments_booked' | 'appointments_cancelled' | 'appointments_no_show'>;
type AppointmentFigures = Pick<ReportFigures, 'appointments_booked' | 'appointments_cancelled' | 'appointments_no_show'>;

export const EMPTY_FIGURES: ReportFigures = {
  drawn: 0,
  served: 0,
  cancelled_by_patient: 0,
  cancelled_by_staff: 0,
  timed_out: 0,
  session_end: 0,
  wait_p50_min: null,
  wait_p90_min: null,
  processing_p50_min: null,
  processing_p90_min: null,
  within_estimate_share: null,
  estimate_error_p50_min: null,
  appointments_booked: 0,
  appointments_cancelled: 0,
  appointments_no_show: 0,
};

/** The two aggregate queries of a report: tickets and appointments, grouped by `groupOf`. */
function figureQueries(scope: ReportScope, period: Period, groupOf: GroupOf): { tickets: SQL; appointments: SQL } {
  return {
    tickets: sql`select key, ${TICKET_FIGURES}
      from (select ${groupOf(m.createdAt, m.queueId)} as key, ${TICKET_ROW} from ${m} where ${memberConditions(scope, period)}) as ticket group by key`,
    appointments: sql`select ${groupOf(appointments.startAt, appointments.queueId)} as key, ${APPOINTMENT_FIGURES} from ${appointments} where ${appointmentConditions(scope, period)} group by 1`,
  };
}

/** A group both ways: of a row (by its instant) and of an aggregated day. */
interface Grouping {
  ofRow: GroupOf;
  ofDay: SQL;
}

/**
 * Figures keyed by a group (a period's name or a bucket's start): the days up to `through` from
 * the aggregates, the later ones from the rows; with no aggregated day, exactly from the rows.
 */
async function figuresBy(q: Queryable, scope: ReportScope, period: Period, grouping: Grouping, through: string | null): Promise<Map<string, ReportFigures>> {
  const { days, rows } = splitPeriod(period, through);
  if (!days) return exactFiguresBy(q, scope, period, grouping.ofRow);
  const [aggregated, fromRows, booked] = await Promise.all([
    aggregatePartials(q, scope, days, grouping.ofDay),
    rows ? rowPartials(q, scope, rows, grouping.ofRow) : new Map(),
    rows ? q.execute(figureQueries(scope, rows, grouping.ofRow).appointments) : undefined,
  ]);
  const merged = mergePartials(aggregated, fromRows, appointmentPartials(booked ? rowsOf<AppointmentFigures & { key: string }>(booked) : []));
  return new Map([...merged].map(([key, part]) => [key, figuresOf(part)]));
}

/** Figures keyed by a group, row by row. */
async function exactFiguresBy(q: Queryable, scope: ReportScope, period: Period, groupOf: GroupOf): Promise<Map<string, ReportFigures>> {
  const queries = figureQueries(scope, period, groupOf);
  const [tickets, booked] = await Promise.all([q.execute(queries.tickets), q.execute(queries.appointments)]);
  const figures = new Map<string, ReportFigures>();
  const entry = (key: string) => figures.get(key) ?? figures.set(key, { ...EMPTY_FIGURES }).get(key)!;
  for (const row of rowsOf<TicketFigures & { key: string }>(tickets)) {
    const { key, ...rest } = row;
    Object.assign(entry(key), rest);
  }
  for (const row of rowsOf<AppointmentFigures & { key: string }>(booked)) {
    const { key, ...rest } = row;
    Object.assign(entry(key), rest);
  }
  return figures;
}

/** One group: the whole period. */
const wholePeriod: GroupOf = () => sql`'period'`;
const WHOLE_PERIOD: Grouping = { ofRow: wholePeriod, ofDay: sql`'period'` };

/**
 * The figures of the period and of the one before. Two queries each, side by side: on
 * PostgreSQL they run on two connections at once (a percentile cannot be split across workers).
 */
export async function periodFigures(q: Queryable, scope: ReportScope, through: string | null): Promise<{ current: ReportFigures; previous: ReportFigures }> {
  const [current, previous] = await Promise.all([scope.current, scope.previous].map((period) => figuresBy(q, scope, period, WHOLE_PERIOD, through)));
  return { current: current?.get('period') ?? { ...EMPTY_FIGURES }, previous: previous?.get('period') ?? { ...EMPTY_FIGURES } };
}

const BUCKET_LABEL = `'YYYY-MM-DD"T"HH24:MI'`;

/** The start of a row's (or an aggregated day's) bucket on its location's clock, as a label. */
function bucketOf(scope: ReportScope, bucket: ReportBucket): Grouping {
  return {
    ofRow: (instant, queueId) => sql`to_char(date_trunc(${bucket}, ${localTime(scope, instant, queueId)}), ${sql.raw(BUCKET_LABEL)})`,
    ofDay: sql`to_char(date_trunc(${bucket}, day::timestamp), ${sql.raw(BUCKET_LABEL)})`,
  };
}

/**
 * Every bucket of the period, empty ones included, as labels; local hours that do not exist in
 * `timeZone` (the hour skipped when clocks spring forward) are left out.
 */
export async function bucketLabels(q: Queryable, period: Period, bucket: ReportBucket, timeZone: string | null): Promise<string[]> {
  const series = sql`generate_series(date_trunc(${bucket}, ${period.from}::timestamp), ${period.to}::timestamp + interval '1 day' - interval '1 second', ${`1 ${bucket}`}::interval) as g`;
  const exists = bucket === 'hour' && timeZone ? sql`where (g at time zone ${timeZone}) at time zone ${timeZone} = g` : sql``;
  const rows = rowsOf<{ label: string }>(await q.execute(sql`select to_char(g, ${sql.raw(BUCKET_LABEL)}) as label from ${series} ${exists} order by g`));
  return rows.map((row) => row.label);
}

/** The figures per bucket of the period, every bucket present; hours always from the rows (days are the aggregates' finest grain). */
export async function bucketFigures(q: Queryable, scope: ReportScope, bucket: ReportBucket, through: string | null): Promise<{ start: string; figures: ReportFigures }[]> {
  const [labels, byBucket] = await Promise.all([
    bucketLabels(q, scope.current, bucket, scope.timeZone),
    figuresBy(q, scope, scope.current, bucketOf(scope, bucket), bucket === 'hour' ? null : through),
  ]);
  // Buckets of another zone's locations that the series lacks still show, in order.
  const all = [...new Set([...labels, ...byBucket.keys()])].sort();
  return all.map((start) => ({ start, figures: byBucket.get(start) ?? { ...EMPTY_FIGURES } }));
}

/** How PostgreSQL runs the summary's two queries of the current period (`EXPLAIN (ANALYZE, BUFFERS)`): the plan an operator or the bench reads. */
export async function explainPeriodFigures(q: Queryable, scope: ReportScope): Promise<string> {
  const queries = figureQueries(scope, scope.current, wholePeriod);
  const plans: string[] = [];
  for (const query of [queries.tickets, queries.appointments]) {
    const rows = rowsOf<{ 'QUERY PLAN': string }>(await q.execute(sql`explain (analyze, buffers) ${query}`));
    plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans.join('\n\n');
}
