import { z } from 'zod';

/*
 * What happens to the upcoming appointments of a list, a location or a processor that an admin
 * removes (docs/product.md#removing-keeps-history). Without a choice the removal answers 409 with
 * `UpcomingAppointmentsError`; the admin then cancels them (the patients are told) or hands them
 * to another list of the location, or another processor.
 */

/** How many upcoming appointments stand in the way and the first of their starts. */
export const UPCOMING_FIRST_SHOWN = 5;

/** `DELETE /queues/{id}`: `?appointments=cancel` or `?appointments=move&to={queue id}`. */
export const DeleteQueueQuery = z.object({
  appointments: z.enum(['cancel', 'move']).optional(),
  to: z.string().optional(),
});
export type DeleteQueueQuery = z.infer<typeof DeleteQueueQuery>;

/** `DELETE /profiles/{id}`: only `?appointments=cancel` — every list of the location goes. */
export const DeleteProfileQuery = z.object({ appointments: z.enum(['cancel']).optional() });
export type DeleteProfileQuery = z.infer<typeof DeleteProfileQuery>;

/** `DELETE /processors/{id}`: `?appointments=cancel` or `?appointments=reassign&to={processor id}`. */
export const DeleteProcessorQuery = z.object({
  appointments: z.enum(['cancel', 'reassign']).optional(),
  to: z.string().optional(),
});
export type DeleteProcessorQuery = z.infer<typeof DeleteProcessorQuery>;

/** The 409 body of QUEUE_HAS_APPOINTMENTS and PROCESSOR_HAS_APPOINTMENTS. */
export const UpcomingAppointmentsError = z.object({
  statusCode: z.literal(409),
  code: z.enum(['QUEUE_HAS_APPOINTMENTS', 'PROCESSOR_HAS_APPOINTMENTS']),
  message: z.string(),
  /** Every upcoming appointment (booked, not cancelled, not over). */
  count: z.number().int().positive(),
  /** The first starts (ISO 8601 UTC), at most UPCOMING_FIRST_SHOWN, earliest first. */
  first: z.array(z.string()),
});
export type UpcomingAppointmentsError = z.infer<typeof UpcomingAppointmentsError>;
