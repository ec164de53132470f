import type { Queryable } from '../../db/connect.js';
import { findDrawContext } from './draw.repo.js';
import { estimateFromCounts } from './line.js';
import { loadLineState } from './line.repo.js';

/**
 * How many minutes after `at` the list's first lane frees up, by the walk-in estimate now: an
 * appointment whose time has come is called before walk-ins, so it waits only for the one being
 * served to finish. 0 when the list is on time, closed, or does not calculate wait times.
 */
export async function laneDelayMinutes(db: Queryable, queueId: string, at: Date, now: Date): Promise<number> {
  const context = await findDrawContext(db, queueId);
  if (!context?.session?.open || !context.queue.waitTimeCalculationEnabled) return 0;
  const state = await loadLineState(db, queueId, now);
  const free = estimateFromCounts(context.queue, { ...state, reserved: [] }, now, 0).newTicket?.estimatedStart;
  if (!free) return 0;
  return Math.max(0, Math.round((free.getTime() - Math.max(at.getTime(), now.getTime())) / 60_000));
}
