import { MAX_INACTIVE_HOURS, topicOf, type RealtimeEvent } from '@wartefrei/shared';
import { AppError } from '../../platform/errors.js';
import type { Outbox } from '../../platform/realtime/outbox.js';

/** The job that ends a pause with an announced return (sets the stored flag back to active). */
export const PAUSE_END_JOB = 'processor.pause-end';

/** An assignment as stored: the flag and the announced return of a pause. */
interface StoredActivity {
  active: boolean;
  inactiveUntil: Date | null;
}

/**
 * Whether the processor counts as active now, and until when they are away: a pause whose
 * return has passed is active again at once, whether or not its end job has run yet (a runner
 * that is down or behind must not keep a returned processor away).
 */
export function activityAt(row: StoredActivity, now: Date): { active: boolean; inactiveUntil: Date | null } {
  if (row.active) return { active: true, inactiveUntil: null };
  if (row.inactiveUntil && row.inactiveUntil.getTime() <= now.getTime()) return { active: true, inactiveUntil: null };
  return { active: false, inactiveUntil: row.inactiveUntil };
}

/** Refuses a return that is not ahead of now, or more than MAX_INACTIVE_HOURS ahead. */
export function assertPauseEnd(until: Date, now: Date): void {
  if (until.getTime() <= now.getTime()) throw new AppError('VALIDATION', { fields: { until: 'UNTIL_IN_PAST' } });
  if (until.getTime() > now.getTime() + MAX_INACTIVE_HOURS * 3_600_000) {
    throw new AppError('VALIDATION', { fields: { until: { code: 'MAX_VALUE', args: [`${MAX_INACTIVE_HOURS} h`] } } });
  }
}

/**
 * Who actively processes a queue changed (a switch, a pause, its end): the queue's estimates
 * move, so its subscribers refetch. Public: it names only the queue.
 */
export function announceActivityChange(outbox: Outbox, queueId: string): void {
  const event: RealtimeEvent = { name: 'queue.updated', data: { queue_id: queueId }, public: true };
  outbox.add(topicOf('queue', queueId), event);
}
