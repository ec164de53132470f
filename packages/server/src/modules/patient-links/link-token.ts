import { randomBytes } from 'node:crypto';

/*
 * The secret of a patient's link (docs/security.md#patient-links): 128 random bits, URL-safe
 * base64 (22 characters, never UUID-shaped), short enough for an SMS and a small QR code.
 */

const TOKEN_BYTES = 16;

/** A fresh link token. */
export const newLinkToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** The ticket page's link: what the patient keeps. */
export const ticketUrl = (publicUrl: string, token: string): string => `${publicUrl}/ticket/${token}`;

/** The appointment page's link. */
export const appointmentUrl = (publicUrl: string, token: string): string => `${publicUrl}/a/${token}`;
