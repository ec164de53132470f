import { z } from 'zod';

/*
 * Checking in at the kiosk without the link (docs/security.md#patient-links): what a counter
 * scanner reads from the appointment page's QR code (its link) or what the patient types (the
 * check-in code). The code is the appointment's own random one, not a part of any id.
 */

/** Characters of the check-in code: 8 of Crockford's base32, 40 random bits. */
export const CHECK_IN_CODE_LENGTH = 8;

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so nothing reads as another
 * character; a typed I or L is read as 1 and O as 0 (`normalizeCheckInCode`).
 */
export const CHECK_IN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A typed code as stored: capitals, spaces and dashes dropped, look-alikes read as Crockford reads them. */
export function normalizeCheckInCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** `ABCD-EFGH`: the code as shown, in two groups of four. */
export const formatCheckInCode = (code: string): string => (code.length === CHECK_IN_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

/**
 * `POST /appointments/check-in` (the kiosk): what was scanned or typed — the appointment page's
 * link (its QR code) or its check-in code — at the kiosk's location.
 */
export const KioskCheckInInput = z.strictObject({
  profile_id: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1, 'REQUIRED').max(500),
});
export type KioskCheckInInput = z.infer<typeof KioskCheckInInput>;

/**
 * The kiosk's answer: what the patient needs to see there, and nothing that opens their ticket
 * or names a record — a kiosk is a shared device.
 */
export const KioskCheckInResult = z.object({
  /** The ticket number the patient now waits with. */
  number: z.number().int(),
  queue_name: z.string(),
  /** The appointment's start in the location's wall clock ('YYYY-MM-DDTHH:MM:SS±HH:MM'). */
  start: z.string(),
  type_name: z.string(),
});
export type KioskCheckInResult = z.infer<typeof KioskCheckInResult>;

/**
 * The key in a scan or a typed code: the link's token (a scanned `/a/{token}`, `/appointment/…`
 * or `/ticket/…` address), or a code of the right length and alphabet; undefined otherwise.
 */
export function checkInKeyOf(scanned: string): { token: string } | { code: string } | undefined {
  const link = /\/(?:a|appointment|t|ticket)\/([A-Za-z0-9_-]{22,64})(?:[/?#]|$)/.exec(scanned.trim());
  if (link) return { token: link[1]! };
  const code = normalizeCheckInCode(scanned);
  const valid = code.length === CHECK_IN_CODE_LENGTH && [...code].every((c) => CHECK_IN_CODE_ALPHABET.includes(c));
  return valid ? { code } : undefined;
}
