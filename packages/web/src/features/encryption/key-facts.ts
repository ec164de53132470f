import { useQuery } from '@tanstack/react-query';
import { fingerprint } from '@wartefrei/shared';

/*
 * What the key exchange shows of a key, computed here: a fingerprint from the exact key text this
 * browser is about to wrap for (never one the server computed), and how recently a key was replaced.
 */

/** The fingerprint of a public key text, computed in this browser (cached per key). */
export function useFingerprint(publicKey: string | undefined) {
  return useQuery({
    queryKey: ['fingerprint', publicKey],
    queryFn: () => fingerprint(publicKey!),
    enabled: publicKey !== undefined,
    staleTime: Infinity,
  });
}

/** A replacement shown as recent for a day: a stolen session replaces the key shortly before it asks. */
export const RECENT_REPLACEMENT_MS = 24 * 3600_000;

/** "vor 5 Minuten" / "5 minutes ago" when `at` lies within the last day, else undefined. */
export function recentlyAgo(at: string | null | undefined, lang: string, now = Date.now()): string | undefined {
  if (!at) return undefined;
  const ms = now - new Date(at).getTime();
  if (!(ms >= -60_000 && ms < RECENT_REPLACEMENT_MS)) return undefined;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return minutes < 60 ? format.format(-minutes, 'minute') : format.format(-Math.floor(minutes / 60), 'hour');
}
