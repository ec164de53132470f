import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `Authorization: Bearer <token>` carries the configured token. Both sides are hashed
 * first so that the comparison takes the same time whatever the length or the first wrong byte.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  // No bearer at all says nothing about the token: answering at once leaks nothing.
  if (!match) return false;
  return timingSafeEqual(digest(match[1] ?? ''), digest(token));
}
