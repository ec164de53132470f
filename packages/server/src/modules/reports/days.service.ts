import { addDays, formatLocalDate, localDateOf, parseLocalDate } from '@wartefrei/shared';
import type { Database, Queryable } from '../../db/connect.js';
import { accountFirstDay, aggregateDays, listMarks, markAggregatedThrough, takeStaleDays, type ListMark } from './days.repo.js';

/*
 * When a list-day goes into the aggregates (docs/architecture.md#daily-aggregates-of-reports):
 * - A local day D is CLOSED when the location's clock reads D+1 at CLOSE_GRACE_HOURS (03:00):
 *   the sessions of the evening have ended and their timeouts are written. The catch-up job
 *   then aggregates it and moves the list's mark (`report_lists.aggregated_through`).
 * - A change after that (a ticket finished late, a tag added, an import, a fix) is seen by the
 *   database's triggers, which mark the list-day stale; the next catch-up aggregates it again.
 * - A report reads the days up to the mark of its lists from the aggregates, the later ones (today,
 *   and any not yet caught up) from the rows, and says through which day it used aggregates.
 */

export const CLOSE_GRACE_HOURS = 3;
/** Days a list advances per catch-up run: a long history goes month by month (the rebuild command is faster). */
export const CATCH_UP_MAX_DAYS = 31;
const STALE_BATCH = 500;
const HOUR_MS = 3_600_000;

const shift = (date: string, days: number) => formatLocalDate(addDays(parseLocalDate(date), days));
const minDate = (a: string, b: string) => (a < b ? a : b);

/** The last closed local day of a zone at `now`. */
export function closedThrough(now: Date, timeZone: string): string {
  return formatLocalDate(addDays(localDateOf(new Date(now.getTime() - CLOSE_GRACE_HOURS * HOUR_MS), timeZone), -1));
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Aggregates the stale list-days again; answers how many were redone. */
export async function redoStaleDays(q: Queryable): Promise<number> {
  const stale = await takeStaleDays(q, STALE_BATCH);
  for (const days of groupBy(stale, (s) => `${s.accountId}:${s.day}`).values()) {
    const [{ accountId, day }] = days as [(typeof days)[number]];
    await aggregateDays(
      q,
      accountId,
      days.map((d) => d.queueId),
      { from: day, to: day },
    );
  }
  return stale.length;
}

/**
 * One catch-up step: the stale days, then each list's closed days after its mark (at most
 * CATCH_UP_MAX_DAYS). Answers true when more is left for a follow-up.
 */
export async function catchUp(q: Queryable, now: Date): Promise<boolean> {
  const redone = await redoStaleDays(q);
  let more = redone === STALE_BATCH;
  const firstDays = new Map<string, string | null>();
  const steps: { mark: ListMark; from: string; to: string; target: string }[] = [];
  for (const mark of await listMarks(q)) {
    const target = closedThrough(now, mark.timeZone);
    if (mark.through !== null && mark.through >= target) continue;
    if (!firstDays.has(mark.accountId)) firstDays.set(mark.accountId, await accountFirstDay(q, mark.accountId));
    const from = mark.through !== null ? shift(mark.through, 1) : (firstDays.get(mark.accountId) ?? shift(target, 1));
    steps.push({ mark, from, to: minDate(target, shift(from, CATCH_UP_MAX_DAYS - 1)), target });
  }
  for (const group of groupBy(steps, (s) => `${s.mark.accountId}:${s.from}:${s.to}`).values()) {
    const [{ mark, from, to }] = group as [(typeof group)[number]];
    const queueIds = group.map((s) => s.mark.queueId);
    await aggregateDays(q, mark.accountId, queueIds, { from, to });
    // A list with nothing to aggregate yet (from after to) is closed up to its target all the same.
    await markAggregatedThrough(q, mark.accountId, queueIds, from > to ? group[0]!.target : to);
    if (group.some((s) => s.to < s.target)) more = true;
  }
  return more;
}

export interface RebuildOptions {
  accountId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Told after each chunk of days: for the command's progress line. */
  onChunk?: (done: { accountId: string; from: string; to: string }) => void;
}

/** Days per transaction of a rebuild. */
const REBUILD_CHUNK_DAYS = 31;

/**
 * `npm run admin -- reports rebuild`: aggregates the closed days of every list (of an account, in a
 * date range) again from the rows, a month per transaction, and — when the range reaches back to
 * a list's first day or its mark — moves the list's mark to the end of the range.
 */
export async function rebuildAggregates(db: Database, now: Date, options: RebuildOptions = {}): Promise<{ lists: number; days: number }> {
  const marks = await listMarks(db, options.accountId);
  let days = 0;
  for (const lists of groupBy(marks, (m) => m.accountId).values()) {
    const accountId = lists[0]!.accountId;
    const target = lists.map((l) => closedThrough(now, l.timeZone)).reduce(minDate);
    const first = await accountFirstDay(db, accountId);
    const from = options.from ?? first ?? target;
    const to = minDate(options.to ?? target, target);
    const queueIds = lists.map((l) => l.queueId);
    for (let start = from; start <= to; start = shift(start, REBUILD_CHUNK_DAYS)) {
      const chunk = { from: start, to: minDate(to, shift(start, REBUILD_CHUNK_DAYS - 1)) };
      await db.transaction(async (tx) => aggregateDays(tx, accountId, queueIds, chunk));
      options.onChunk?.({ accountId, ...chunk });
    }
    if (from <= to) days += Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    const reachesBack = lists.filter((l) => options.from === undefined || (first !== null && from <= first) || (l.through !== null && from <= shift(l.through, 1)));
    await markAggregatedThrough(
      db,
      accountId,
      reachesBack.map((l) => l.queueId),
      to,
    );
  }
  return { lists: marks.length, days };
}
