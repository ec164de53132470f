import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret for login, verification and reset links: 32 random bytes, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What we store instead of a token. Tokens carry 256 random bits, so a fast hash suffices; a
 * leaked table yields nothing usable.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
