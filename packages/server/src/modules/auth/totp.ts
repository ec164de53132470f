import { Secret, TOTP } from 'otpauth';

/*
 * One-time codes (RFC 6238) through `otpauth`, a maintained library without dependencies beyond
 * a hash implementation, rather than our own HMAC arithmetic: SHA-1, six digits, 30-second steps —
 * what every authenticator app understands. A code of the step before or after the current one is
 * accepted (clocks of phones drift); two steps off is refused.
 */
const PERIOD = 30;
const DIGITS = 6;
export const TOTP_WINDOW = 1;

function totpOf(secretBase32: string, label = 'wartefrei', issuer = 'wartefrei'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret (160 bits, the RFC's recommendation for SHA-1), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` link the QR code carries: the app names the entry by issuer and the user's mail. */
export function otpauthUri(secretBase32: string, username: string, issuer: string): string {
  return totpOf(secretBase32, username, issuer).toString();
}

/** The time step a code belongs to when it matches the secret at `now` within the window, else undefined. */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | undefined {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}
