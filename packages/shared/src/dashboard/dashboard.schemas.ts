import { z } from 'zod';

/** An ISO 8601 instant as the server writes it (`Date#toISOString`). */
const instant = z.string();

/**
 * One waiting list on the staff dashboard (`GET /dashboard`): its state at a glance. Figures are
 * as of the answer; the screen refetches on the queue's live events and every minute.
 */
export const DashboardQueue = z.object({
  queue_id: z.string(),
  name: z.string(),
  profile_id: z.string(),
  /** The location's name. */
  profile_name: z.string(),
  /** The location's IANA time zone: times are shown as the practice's clock reads them. */
  time_zone: z.string(),
  /** The session is open (patients may be processed; intake may still be suspended). */
  open: z.boolean(),
  waiting: z.number().int(),
  processing: z.number().int(),
  /**
   * Mean minutes from drawing to being called of the members called in the current session
   * (rounded to whole minutes); null while the queue is closed or nobody has been called yet.
   */
  average_wait_minutes: z.number().int().nullable(),
  /**
   * When the last waiting member will be done: their estimated start plus one average process
   * time. Null when nobody waits or the queue does not calculate wait times.
   */
  estimated_end: instant.nullable(),
  /** Today's appointments of the list (the location's day), not cancelled; checked in ones count too. */
  appointments_today: z.number().int(),
});
export type DashboardQueue = z.infer<typeof DashboardQueue>;

/** The dashboard: every queue the caller may see, in working order (priority, then name). */
export const Dashboard = z.array(DashboardQueue);
export type Dashboard = z.infer<typeof Dashboard>;
