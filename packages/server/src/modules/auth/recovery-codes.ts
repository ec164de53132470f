import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@wartefrei/shared';
import { hashToken } from '../../platform/crypto.js';

// No 0/O, 1/l/I: a code is read off paper. 10 characters of 32 = 50 bits, tried at most five
// times per sign-in and under the sign-in limits — far beyond guessing; so a fast hash suffices.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, `xxxxx-xxxxx`, to show once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored and compared: the hash of the code without case, spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}

/** Whether an answer looks like a TOTP code (six digits) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
