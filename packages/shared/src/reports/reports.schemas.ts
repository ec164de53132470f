import { z } from 'zod';
import { CANCEL_STATES, MEMBER_ORIGINS } from '../enums.js';
import { isCalendarDate } from '../tickets/patient-data.js';

/** The longest period a report covers (a year and a day, so "the last 12 months" fits); hour buckets at most a month. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_HOUR_BUCKET_MAX_DAYS = 31;
export const REPORT_BUCKETS = ['hour', 'day', 'week'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
/** Called within the first estimate plus this many minutes counts as "on time" (within_estimate_share). */
export const ESTIMATE_TOLERANCE_MINUTES = 5;
export const REPORT_PAGE_SIZE = 50;
export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

const LocalDate = z.string().refine(isCalendarDate, 'INVALID_DATE');
const Id = z.string().max(64);

/**
 * The filters every report takes. `from`/`to` are local dates of each ticket's location, both
 * inclusive; an id the caller may not see is a 404, like one that does not exist.
 */
const reportFilters = {
  from: LocalDate,
  to: LocalDate,
  profile_id: Id.optional(),
  queue_id: Id.optional(),
  /** Who called the ticket; for appointments, whose calendar it is in. */
  processor_id: Id.optional(),
  /** How the member came; APPOINTMENT also keeps the appointment figures, any other origin zeroes them. */
  origin: z.enum(MEMBER_ORIGINS).optional(),
  /** Tickets that carry the tag (appointments: whose checked-in member carries it). */
  info_tag_id: Id.optional(),
};

function refineReportRange(query: { from: string; to: string; bucket?: ReportBucket }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (!Number.isFinite(days)) return;
  const maximum = query.bucket === 'hour' ? REPORT_HOUR_BUCKET_MAX_DAYS : REPORT_MAX_DAYS;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'END_NOT_AFTER_START' });
  else if (days > maximum) ctx.addIssue({ code: 'too_big', origin: 'number', maximum, path: ['to'], message: 'RANGE_TOO_LONG' });
}

/** `GET /reports/summary|heatmap|processors|queues|probing`. */
export const ReportQuery = z.object(reportFilters).superRefine(refineReportRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

/** `GET /reports/timeseries?…&bucket=`: buckets of the practice's clock (a local hour, day or ISO week from Monday). */
export const TimeseriesQuery = z.object({ ...reportFilters, bucket: z.enum(REPORT_BUCKETS).default('day') }).superRefine(refineReportRange);
export type TimeseriesQuery = z.infer<typeof TimeseriesQuery>;

/** Sort keys of the member analysis. */
export const MEMBER_REPORT_SORTS = ['at', 'number', 'queue', 'wait', 'processing'] as const;

const namesFlag = z.enum(['true', 'false']).optional();

/** An opaque key of a row of the member analysis (its sort value, instant and id), as a page's `next`/`previous` gives it. */
const MemberCursor = z.string().min(1).max(400);

/**
 * `GET /reports/members?…&page=`: `names=true` adds the patients' names.
 * Paging by key: `after=` a page's `next` (or `before=` its `previous`) answers the rows right
 * after (before) that row in the same sort, reading only those through the index; `page` is
 * then not read. `count=false` leaves `total` out (null), so a page costs its rows alone
 * rather than a count of the whole period; without it `total` is counted as before.
 */
export const MemberReportQuery = z
  .object({
    ...reportFilters,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(REPORT_PAGE_SIZE),
    sort: z.enum(MEMBER_REPORT_SORTS).default('at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    names: namesFlag,
    after: MemberCursor.optional(),
    before: MemberCursor.optional(),
    count: z.enum(['true', 'false']).optional(),
  })
  .superRefine(refineReportRange)
  .superRefine((query, ctx) => {
    if (query.after !== undefined && query.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: 'INVALID_VALUE' });
  });
export type MemberReportQuery = z.infer<typeof MemberReportQuery>;

/**
 * `GET /reports/members/export?format=xlsx|csv&…`: every row of the analysis, oldest first.
 * `ndjson`: the same rows as JSON lines (a header line `{ preamble, columns }`, then each row's
 * cells), with last columns `sealed_for` (the record the text is bound to) and `sealed_data` when names are asked for: while the practice encrypts,
 * the staff's browser opens the names and writes the xlsx or csv itself.
 */
export const MEMBER_EXPORT_FORMATS = [...REPORT_EXPORT_FORMATS, 'ndjson'] as const;
export const MemberExportQuery = z.object({ ...reportFilters, format: z.enum(MEMBER_EXPORT_FORMATS), names: namesFlag }).superRefine(refineReportRange);
export type MemberExportQuery = z.infer<typeof MemberExportQuery>;

/** Minutes with one decimal; null where nothing was measured (nobody called, say). */
const minutes = z.number().nullable();

/** The figures of one period (docs/product.md#reports says how each is counted). */
export const ReportFigures = z.object({
  drawn: z.number().int(),
  served: z.number().int(),
  cancelled_by_patient: z.number().int(),
  /** Cancelled or removed unserved by staff. */
  cancelled_by_staff: z.number().int(),
  timed_out: z.number().int(),
  session_end: z.number().int(),
  /** Draw → call. */
  wait_p50_min: minutes,
  wait_p90_min: minutes,
  /** Call → finish of those served. */
  processing_p50_min: minutes,
  processing_p90_min: minutes,
  /** Of those called who had an estimate: called by the first estimate plus 5 minutes (0–1). */
  within_estimate_share: z.number().nullable(),
  /** Median distance, either way, between the first estimate and the call. */
  estimate_error_p50_min: minutes,
  /** Appointments whose start falls in the period, cancelled ones included. */
  appointments_booked: z.number().int(),
  appointments_cancelled: z.number().int(),
  /** Not cancelled, marked not come. */
  appointments_no_show: z.number().int(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

const period = { from: z.string(), to: z.string() };

/**
 * How fresh the figures are: the days of the period up to this local date (`YYYY-MM-DD`)
 * come from the daily aggregates, the later ones (today) from the tickets themselves. Null:
 * every day from the tickets.
 */
const freshness = { aggregated_through: z.string().nullable() };

export const ReportSummary = z.object({
  ...period,
  /** The period of equal length just before. */
  previous_from: z.string(),
  previous_to: z.string(),
  current: ReportFigures,
  previous: ReportFigures,
  ...freshness,
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/** One bucket: its start on the practice's clock (`YYYY-MM-DDTHH:mm`), and the figures in it. */
export const TimeseriesPoint = ReportFigures.extend({ start: z.string() });
export type TimeseriesPoint = z.infer<typeof TimeseriesPoint>;
export const ReportTimeseries = z.object({ ...period, bucket: z.enum(REPORT_BUCKETS), points: z.array(TimeseriesPoint), ...freshness });
export type ReportTimeseries = z.infer<typeof ReportTimeseries>;

/** Tickets drawn per ISO weekday (1 = Monday) and local hour; all 168 cells, empty ones 0. */
export const ReportHeatmap = z.object({
  ...period,
  cells: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), arrivals: z.number().int() })),
  ...freshness,
});
export type ReportHeatmap = z.infer<typeof ReportHeatmap>;

export const ReportProcessors = z.object({
  ...period,
  processors: z.array(z.object({ processor_id: z.string(), name: z.string(), served: z.number().int(), processing_p50_min: minutes })),
});
export type ReportProcessors = z.infer<typeof ReportProcessors>;

/** `GET /reports/queues`: per list. */
export const ReportQueues = z.object({
  ...period,
  queues: z.array(
    z.object({
      queue_id: z.string(),
      name: z.string(),
      profile_name: z.string(),
      drawn: z.number().int(),
      served: z.number().int(),
      wait_p50_min: minutes,
      wait_p90_min: minutes,
    }),
  ),
});
export type ReportQueues = z.infer<typeof ReportQueues>;

/** Answers chosen per option, by the texts the patients saw. */
export const ReportProbing = z.object({
  ...period,
  answers: z.array(z.object({ question_text: z.string(), option_text: z.string(), count: z.number().int() })),
});
export type ReportProbing = z.infer<typeof ReportProbing>;

/** A row of the member analysis: a ticket, or an appointment that never became one (not checked in). */
export const MemberReportRow = z.object({
  kind: z.enum(['ticket', 'appointment']),
  id: z.string(),
  number: z.number().int().nullable(),
  queue_id: z.string(),
  queue_name: z.string(),
  origin: z.enum(MEMBER_ORIGINS),
  /** A ticket's status, or an appointment's. */
  status: z.string(),
  /** A ticket's cancel state, or an appointment's (USER, STAFF). */
  cancel_state: z.enum([...CANCEL_STATES, 'STAFF']).nullable(),
  removed: z.boolean(),
  /** The draw, or the start of an appointment not checked in; an instant. */
  at: z.string(),
  appointment_start: z.string().nullable(),
  called_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  wait_min: minutes,
  processing_min: minutes,
  processor_name: z.string().nullable(),
  info_tags: z.array(z.string()),
  /** "Question: answer" per step of the questionnaire. */
  answers: z.array(z.string()),
  /** Only with `names=true`. */
  name: z.string().nullable().optional(),
  /** Only with `names=true`, while the practice encrypts: the names sealed (the browser opens them). */
  sealed_data: z.string().nullable().optional(),
  /** With `sealed_data`: the places it may rightly come from (`table:id`, space-separated), for the browser to check its binding. */
  sealed_for: z.string().nullable().optional(),
  time_zone: z.string(),
});
export type MemberReportRow = z.infer<typeof MemberReportRow>;

export const MemberReport = z.object({
  ...period,
  page: z.number().int(),
  page_size: z.number().int(),
  /** Rows of the period in all; null with `count=false`. */
  total: z.number().int().nullable(),
  rows: z.array(MemberReportRow),
  /** The cursor for the following page (`after=`), null on the last. */
  next: z.string().nullable(),
  /** The cursor for the page before (`before=`), null on the first. */
  previous: z.string().nullable(),
});
export type MemberReport = z.infer<typeof MemberReport>;

/** No-shows of one appointment type or one list in the period. */
const NoShowGroup = z.object({ id: z.string(), name: z.string(), appointments: z.number().int(), no_shows: z.number().int() });

/**
 * `GET /reports/earlier`: earlier appointments and confirmations (docs/product.md#reports). Freed
 * times by their start in the period; the lists, location and processor filters apply, an
 * origin other than APPOINTMENT leaves none, info tags do not apply to freed times.
 */
export const ReportEarlier = z.object({
  ...period,
  /** Times freed ahead of their start (a cancel, a move, an accepted offer's old time, …). */
  freed: z.number().int(),
  /** Freed times at least one offer was sent for. */
  offered: z.number().int(),
  /** Freed times a waiting patient took (FILLED). */
  refilled: z.number().int(),
  /** Median hours between the re-fill and the time's start. */
  refill_lead_p50_hours: z.number().nullable(),
  /** Messages sent for offers: each offer's channels summed. */
  offer_messages: z.number().int(),
  /** Appointments (by start in the period) asked to confirm, and of those confirmed. */
  confirmations_asked: z.number().int(),
  confirmations_confirmed: z.number().int(),
  /** confirmed / asked; null when none was asked. */
  confirmation_rate: z.number().nullable(),
  no_shows_by_type: z.array(NoShowGroup),
  no_shows_by_queue: z.array(NoShowGroup),
});
export type ReportEarlier = z.infer<typeof ReportEarlier>;
