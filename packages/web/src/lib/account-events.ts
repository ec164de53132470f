import type { RealtimeServerMessage } from '@wartefrei/shared';

// Apart from live.ts, which the patient pages load: only staff screens need this rule.

/**
 * Whether an event of a staff screen's `account:{id}` subscription changes what the screen shows.
 * The account topic's events name their list (`appointments.changed`, `alerts.changed`). A list
 * the signed-in user may not see sends its events to them as a bare `version` frame (the
 * server's `sees` rule, queues.realtime.ts): the version moves on, but nothing they show changed.
 * Refetching on those made every booking anywhere in a group reload every processor's work view
 * and calendar (bench/monday.mjs: 11 work-view loads per screen and event instead of one).
 * `queueId`: only that list's events count (a work view); none: any list the user sees (a calendar).
 */
export function accountEventConcerns(message: RealtimeServerMessage, queueId?: string): boolean {
  if (message.type === 'version' || !('queue_id' in message)) return false;
  return queueId === undefined || message.queue_id === queueId;
}
