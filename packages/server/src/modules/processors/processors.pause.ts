import { isActiveNow, MAX_INACTIVE_HOURS, topicOf, type RealtimeEvent, type StoredActivity } from '@wartefrei/shared';
import { AppError } from '../../platform/errors.js';
import type { Outbox } from '../../platform/realtime/outbox.js';

/** The job that ends a pause with an announced return (sets the stored flag back to active). */
export const PAUSE_END_JOB = 'processor.pause-end';

/** Whether the processor counts as active now (isActiveNow), and until when they are away. */
export function activityAt(row: StoredActivity, now: Date): { active: boolean; inactiveUntil: Date | null } {
  return isActiveNow(row, now) ? { active: true, inactiveUntil: null } : { active: false, inactiveUntil: row.inactiveUntil };
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
