import type { LoggedUser, Profile } from '@wartefrei/shared';

/*
 * Where a sign-in leads, shared by the staff app's sign-in page and the light front-page one
 * (features/front-pages): both must send a user to the same place.
 */

export const DEFAULT_TARGET = '/backend/dashboard';

/** A `next` target inside this app: a relative path, never `//host` or `/\host` (another site). */
export function safeNextPath(next: string | null): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return undefined;
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
