import { z } from 'zod';

/*
 * Checking in at the kiosk without the link: what a counter scanner reads from the appointment
 * page's QR code (its address) or what the patient types (the check-in code).
 */

/** Characters of the check-in code: the start of the appointment's id, enough to tell a location's appointments apart. */
export const CHECK_IN_CODE_LENGTH = 8;

/** The code a patient types at the kiosk: the first eight characters of the appointment's id, in capitals. */
export const checkInCodeOf = (appointmentId: string): string => appointmentId.replace(/-/g, '').slice(0, CHECK_IN_CODE_LENGTH).toUpperCase();

/**
 * `POST /appointments/check-in` (the kiosk): what was scanned or typed — the appointment page's
 * link (its QR code), its id, or its check-in code — at the kiosk's location.
 */
export const KioskCheckInInput = z.strictObject({
  profile_id: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1, 'REQUIRED').max(500),
});
export type KioskCheckInInput = z.infer<typeof KioskCheckInInput>;

/** The appointment's id or id prefix in a scan or a typed code; undefined when it holds none. */
export function appointmentKeyOf(code: string): { id: string } | { prefix: string } | undefined {
  const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(code);
  if (uuid) return { id: uuid[1]!.toLowerCase() };
  const typed = code.replace(/[\s-]/g, '').toLowerCase();
  return new RegExp(`^[0-9a-f]{${CHECK_IN_CODE_LENGTH}}$`).test(typed) ? { prefix: typed } : undefined;
}
