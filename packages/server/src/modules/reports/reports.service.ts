import type {
  MemberReport,
  MemberReportQuery,
  MemberReportRow,
  ReportHeatmap,
  ReportEarlier,
  ReportProbing,
  ReportProcessors,
  ReportQuery,
  ReportQueues,
  ReportSummary,
  ReportTimeseries,
  TimeseriesQuery,
} from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { heatmapCells, probingCounts, processorFigures, queueFigures } from './breakdowns.repo.js';
import { earlierFigures } from './earlier.repo.js';
import { aggregatedThrough } from './aggregates.repo.js';
import { bucketFigures, explainPeriodFigures, periodFigures } from './figures.repo.js';
import { memberPage, type MemberRecord } from './members.repo.js';
import { resolveScope, type ReportFilters } from './scope.js';

/** The reports (docs/product.md#reports): staff only, each scoped to the lists the caller may report on. */

function filtersOf(query: ReportFilters): ReportFilters {
  const { from, to, profile_id, queue_id, processor_id, origin, info_tag_id } = query;
  return { from, to, profile_id, queue_id, processor_id, origin, info_tag_id };
}

/** The freshness a report states: the mark, when its earliest period reaches it; null when every day came from the rows. */
function usedThrough(through: string | null, earliest: ReportFilters | { from: string }): string | null {
  return through !== null && through >= earliest.from ? through : null;
}

/** `GET /reports/summary`. */
export async function reportSummary(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportSummary> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  const through = await aggregatedThrough(ctx.db, scope);
  const { current, previous } = await periodFigures(ctx.db, scope, through);
  return {
    from: query.from,
    to: query.to,
    previous_from: scope.previous.from,
    previous_to: scope.previous.to,
    current,
    previous,
    aggregated_through: usedThrough(through, scope.previous),
  };
}

/** `GET /reports/timeseries`. */
export async function reportTimeseries(ctx: AppContext, actor: Actor, query: TimeseriesQuery): Promise<ReportTimeseries> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  const through = query.bucket === 'hour' ? null : await aggregatedThrough(ctx.db, scope);
  const points = await bucketFigures(ctx.db, scope, query.bucket, through);
  return {
    from: query.from,
    to: query.to,
    bucket: query.bucket,
    points: points.map(({ start, figures }) => ({ start, ...figures })),
    aggregated_through: usedThrough(through, scope.current),
  };
}

/** `GET /reports/heatmap`. */
export async function reportHeatmap(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportHeatmap> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  const through = await aggregatedThrough(ctx.db, scope);
  return { from: query.from, to: query.to, cells: await heatmapCells(ctx.db, scope, through), aggregated_through: usedThrough(through, scope.current) };
}

/** `GET /reports/processors`. */
export async function reportProcessors(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportProcessors> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  return { from: query.from, to: query.to, processors: await processorFigures(ctx.db, scope) };
}

/** `GET /reports/queues`. */
export async function reportQueues(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportQueues> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  return { from: query.from, to: query.to, queues: await queueFigures(ctx.db, scope) };
}

/** `GET /reports/probing`. */
export async function reportProbing(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportProbing> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  return { from: query.from, to: query.to, answers: await probingCounts(ctx.db, scope) };
}

/** `GET /reports/earlier`: freed times, offers, re-fills, confirmations and no-shows. */
export async function reportEarlier(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportEarlier> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  return { from: query.from, to: query.to, ...(await earlierFigures(ctx.db, scope)) };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A record as the API shows it: instants in ISO 8601, the name only when asked for. */
export function presentMemberRecord(record: MemberRecord, withNames: boolean): MemberReportRow {
  return {
    kind: record.kind,
    id: record.id,
    number: record.number,
    queue_id: record.queue_id,
    queue_name: record.queue_name,
    origin: record.origin as MemberReportRow['origin'],
    status: record.status,
    cancel_state: record.cancel_state as MemberReportRow['cancel_state'],
    removed: record.removed,
    at: new Date(record.at).toISOString(),
    appointment_start: iso(record.appointment_start),
    called_at: iso(record.called_at),
    finished_at: iso(record.finished_at),
    wait_min: record.wait_min,
    processing_min: record.processing_min,
    processor_name: record.processor_name,
    info_tags: record.info_tags,
    answers: record.answers,
    ...(withNames ? { name: record.name, sealed_data: record.sealed_data, sealed_for: record.sealed_for } : {}),
    time_zone: record.time_zone,
  };
}

/**
 * `GET /reports/members`. Names come only with `names=true`; the rows are already only those of
 * lists the caller works on, so whoever may ask sees them (docs/product.md#reports).
 */
export async function reportMembers(ctx: AppContext, actor: Actor, query: MemberReportQuery): Promise<MemberReport> {
  const scope = await resolveScope(ctx.db, actor, filtersOf(query));
  const withNames = query.names === 'true';
  const { total, rows, next, previous } = await memberPage(ctx.db, scope, query, withNames);
  const presented = rows.map((row) => presentMemberRecord(row, withNames));
  return { from: query.from, to: query.to, page: query.page, page_size: query.page_size, total, rows: presented, next, previous };
}

/**
 * How the database answers an account's summary (`EXPLAIN (ANALYZE, BUFFERS)` of its two
 * queries), as an admin of the account would ask it: for `npm run admin -- explain-report`.
 */
export async function explainSummary(ctx: Pick<AppContext, 'db'>, accountId: string, filters: ReportFilters): Promise<string> {
  const scope = await resolveScope(ctx.db, { accountId, userId: accountId, isAdmin: true, tokenId: '', sessionId: '' }, filters);
  return explainPeriodFigures(ctx.db, scope);
}
