import { z } from 'zod';
import { SESSION_EVENT_SOURCES } from '../enums.js';

/** Every session event of docs/product.md#states-and-transitions, as stored in the event log. */
export const SESSION_EVENTS = [
  'START',
  'TERMINATE',
  'BLOCK',
  'SUSPEND_ONLINE_FIXED',
  'RESUME_ONLINE_FIXED',
  'SUSPEND_ONLINE_TIMED',
  'SUSPEND_KIOSK_FIXED',
  'RESUME_KIOSK_FIXED',
  'SUSPEND_KIOSK_TIMED',
  'CHANGE_MAX_CONCURRENT_PROCESSING',
  'QUEUEING_ALLOWED_CHANGED',
] as const;
export const SessionEventName = z.enum(SESSION_EVENTS);
export type SessionEventName = z.infer<typeof SessionEventName>;

/**
 * The events a user (or the schedule) sends. CHANGE_MAX_CONCURRENT_PROCESSING rides on TERMINATE;
 * QUEUEING_ALLOWED_CHANGED records the 'queueing allowed' switch.
 */
type RecordedOnly = 'CHANGE_MAX_CONCURRENT_PROCESSING' | 'QUEUEING_ALLOWED_CHANGED';
export type SendableSessionEvent = Exclude<SessionEventName, RecordedOnly>;
export const SENDABLE_SESSION_EVENTS = SESSION_EVENTS.filter((e): e is SendableSessionEvent => e !== 'CHANGE_MAX_CONCURRENT_PROCESSING' && e !== 'QUEUEING_ALLOWED_CHANGED');

/** Events that end by themselves at `until`. */
export const TIMED_SESSION_EVENTS = ['SUSPEND_ONLINE_TIMED', 'SUSPEND_KIOSK_TIMED'] as const;

/** Who caused a recorded event: a user, the weekly schedule, or a job (timed end, smart suspend). */
export const SessionEventSource = z.enum(SESSION_EVENT_SOURCES);
export type SessionEventSource = z.infer<typeof SessionEventSource>;

/**
 * `POST /queues/{id}/session`. `until` belongs to the *_TIMED events only (and is required
 * there). docs/product.md#states-and-transitions allows CHANGE_MAX_CONCURRENT_PROCESSING only together with a terminate, so
 * it is not an event of its own here: `{ event: 'TERMINATE', max_concurrent_processing: 3 }`
 * closes the session and sets the queue's value in one step, recording both events. One call
 * cannot half-succeed (a change without the close), and no client has to order two calls.
 */
export const SessionEventInput = z
  .strictObject({
    event: z.enum(SENDABLE_SESSION_EVENTS as [SendableSessionEvent, ...SendableSessionEvent[]]),
    until: z.iso.datetime({ offset: true }).optional(),
    max_concurrent_processing: z.number().int().min(1).max(100).optional(),
  })
  .superRefine((value, issue) => {
    const timed = (TIMED_SESSION_EVENTS as readonly string[]).includes(value.event);
    if (timed && value.until === undefined) issue.addIssue({ code: 'custom', path: ['until'], message: 'REQUIRED' });
    if (!timed && value.until !== undefined) issue.addIssue({ code: 'custom', path: ['until'], message: 'NOT_WITH_EVENT' });
    if (value.max_concurrent_processing !== undefined && value.event !== 'TERMINATE') {
      issue.addIssue({ code: 'custom', path: ['max_concurrent_processing'], message: 'NOT_WITH_EVENT' });
    }
  });
export type SessionEventInput = z.infer<typeof SessionEventInput>;

/** `PATCH /queues/{id}/session`: the separate 'queueing allowed' switch. */
export const SessionSwitchInput = z.strictObject({ queueing_allowed: z.boolean() });
export type SessionSwitchInput = z.infer<typeof SessionSwitchInput>;

/** A queue's session as staff see it. `blocked`: open, but intake stopped by BLOCK. */
export const QueueSession = z.object({
  queue_id: z.uuid(),
  open: z.boolean(),
  queueing_allowed: z.boolean(),
  blocked: z.boolean(),
  online_suspended: z.boolean(),
  kiosk_suspended: z.boolean(),
  online_suspended_until: z.string().nullable(),
  kiosk_suspended_until: z.string().nullable(),
  opened_at: z.string().nullable(),
  version: z.number().int(),
});
export type QueueSession = z.infer<typeof QueueSession>;

/** One recorded session event: who (user, or the schedule/a job) and when. */
export const RecordedSessionEvent = z.object({
  id: z.uuid(),
  event: SessionEventName,
  source: SessionEventSource,
  user_id: z.uuid().nullable(),
  payload: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type RecordedSessionEvent = z.infer<typeof RecordedSessionEvent>;
export const RecordedSessionEventList = z.array(RecordedSessionEvent);
