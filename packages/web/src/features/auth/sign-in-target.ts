import type { LoggedUser, Profile } from '@wartefrei/shared';

/*
 * Where a sign-in leads, shared by the staff app's sign-in page and the light front-page one
 * (features/front-pages): both must send a user to the same place.
 */

export const DEFAULT_TARGET = '/backend/dashboard';

/** Control and format characters, whitespace and the backslash: browsers drop tabs and line breaks from an address and read `\\` as `/`. */
const UNSAFE = /[\p{Cc}\p{Cf}\s\\]/u;
const BASE = 'https://wartefrei.invalid';

/** A path that starts with one `/` and nothing a browser would read otherwise. */
const isPlainPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);

/**
 * A `next` target inside this app (every place that follows `next` asks here), or undefined for
 * the default: a same-origin path only. `?next=/%09/evil.com` arrives as `/<tab>/evil.com`, and a
 * browser drops the tab and goes to `//evil.com`, another site: refused, as are `//host`,
 * `/\host`, `https:` and `javascript:`. The path is checked once more decoded (against an
 * encoding twice over); the query and fragment only as they are: `?q=a%20b` of a search is no way
 * out of the origin.
 */
export function safeNextPath(next: string | null): string | undefined {
  if (!next || !isPlainPath(next)) return undefined;
  const path = next.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (!isPlainPath(decoded)) return undefined;
  // The browser's own reading as the last word: still this origin, and not a path like `/.//host`.
  const url = new URL(next, BASE);
  if (url.origin !== BASE || url.pathname.startsWith('//')) return undefined;
  return next;
}

/**
 * Where a sign-in without a `next` target goes: an admin whose practice has no location yet is
 * new here and starts the onboarding; everyone else the dashboard. `listProfiles` answers
 * undefined when it could not ask.
 */
export async function firstTarget(user: LoggedUser, listProfiles: () => Promise<Profile[] | undefined>): Promise<string> {
  if (!user.is_admin) return DEFAULT_TARGET;
  const profiles = await listProfiles();
  return profiles && profiles.length === 0 ? '/backend/onboarding' : DEFAULT_TARGET;
}
