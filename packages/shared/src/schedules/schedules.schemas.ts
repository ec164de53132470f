import { z } from 'zod';

/**
 * Events a weekly schedule entry may fire. Timed suspends need an end the schedule cannot give
 * (a fixed suspend and a later resume entry do the same), and the concurrency change rides on
 * a user's TERMINATE only.
 */
export const SCHEDULE_EVENTS = ['START', 'TERMINATE', 'BLOCK', 'SUSPEND_ONLINE_FIXED', 'RESUME_ONLINE_FIXED', 'SUSPEND_KIOSK_FIXED', 'RESUME_KIOSK_FIXED'] as const;
export const ScheduleEventName = z.enum(SCHEDULE_EVENTS);
export type ScheduleEventName = z.infer<typeof ScheduleEventName>;

/** 'HH:MM', 00:00–23:59, wall-clock time in the location's time zone. */
export const LocalTimeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** `POST /queues/{id}/schedule`: weekday 1 = Monday … 7 = Sunday. */
export const ScheduleEntryInput = z.strictObject({
  event: ScheduleEventName,
  weekday: z.number().int().min(1).max(7),
  local_time: LocalTimeString,
  activated: z.boolean().default(true),
  valid_on_holiday: z.boolean().default(false),
});
export type ScheduleEntryInput = z.infer<typeof ScheduleEntryInput>;

/** `PATCH /queues/{id}/schedule/{entryId}`: any subset of the fields. */
export const ScheduleEntryPatch = z.strictObject({
  event: ScheduleEventName.optional(),
  weekday: z.number().int().min(1).max(7).optional(),
  local_time: LocalTimeString.optional(),
  activated: z.boolean().optional(),
  valid_on_holiday: z.boolean().optional(),
});
export type ScheduleEntryPatch = z.infer<typeof ScheduleEntryPatch>;

/** One entry of a queue's weekly schedule. */
export const ScheduleEntry = z.object({
  id: z.uuid(),
  queue_id: z.uuid(),
  event: ScheduleEventName,
  weekday: z.number().int(),
  local_time: z.string(),
  activated: z.boolean(),
  valid_on_holiday: z.boolean(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;
export const ScheduleEntryList = z.array(ScheduleEntry);

/**
 * `GET /queues/{id}/schedule/now`: whether the weekly schedule has the list open at this moment
 * (its last START or TERMINATE that fired, on the location's calendar and the server's clock),
 * and then the local time ('HH:MM') of the close to come. Onboarding asks "Jetzt öffnen?" with it.
 */
export const ScheduleNow = z.object({
  within_hours: z.boolean(),
  closes_at_local_time: z.string().nullable(),
});
export type ScheduleNow = z.infer<typeof ScheduleNow>;
