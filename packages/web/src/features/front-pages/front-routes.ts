/** The public pages a visitor usually opens first, served by the light front-page app. */
export type FrontPage = 'landing' | 'login';

const FRONT_PAGES: Record<string, FrontPage> = { '/': 'landing', '/login': 'login' };

/**
 * Which front page a first load of `pathname` opens in the light app, if any. A signed-in user
 * gets the staff app as before: their header menu (dashboard, tutorial, sign-out) and the session
 * dialog live there, and they are on their way into it anyway.
 */
export function matchFrontPage(pathname: string, signedIn: boolean): FrontPage | undefined {
  if (signedIn) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(FRONT_PAGES, path) ? FRONT_PAGES[path] : undefined;
}

/**
 * Whether localStorage holds a signed-in user whose token is still valid (lib/session.ts's
 * `hasValidToken` on STORAGE_KEYS.user). Read here by hand: importing the session module into
 * the bootstrap would pull the chunk it shares with both apps into every first page.
 */
export function storedSignInIsValid(now = Date.now()): boolean {
  try {
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { token_valid_until?: unknown } | null;
    return typeof user?.token_valid_until === 'string' && Date.parse(user.token_valid_until) > now;
  } catch {
    return false;
  }
}
