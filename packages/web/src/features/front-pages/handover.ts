import type { MouseEvent } from 'react';
import { isSupportedLang, type LoggedUser } from '@wartefrei/shared';
import { setUser } from '../../lib/session';
import { STORAGE_KEYS, storeLanguage, writeStored } from '../../lib/storage';

/*
 * The front pages hand over to the staff app by full page loads: what the staff app would have
 * kept in memory travels in the places it reads when it starts (localStorage, history.state).
 */

/** The staff app's languages (i18n/index.ts): another language of the user's reads German there. */
const STAFF_APP_LANGS = ['de', 'en', 'tr'];

/** After a sign-in: the user and their language stored as the staff app's sign-in stores them, then its page. */
export function finishSignIn(user: LoggedUser, target: string): void {
  setUser(user);
  writeStored(STORAGE_KEYS.signInMethod, 'password');
  if (isSupportedLang(user.lang)) storeLanguage(STAFF_APP_LANGS.includes(user.lang) ? user.lang : 'de');
  window.location.replace(target);
}

/**
 * A link that gives its page router state (`<Link state>` in the staff app), e.g. the address
 * typed so far: React Router starts with `history.state.usr` as the location's state, so the
 * entry is pushed with it and then loaded. Clicks that open a new tab or window stay links.
 */
export function openWithState(event: MouseEvent, href: string, state: Record<string, unknown>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.history.pushState({ usr: state, key: 'front', idx: 0 }, '', href);
  window.location.reload();
}

/** The router state a staff page gave this one (e.g. "Zum Login" with the address), kept across a reload. */
export function routerState(): { username?: string } | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('usr' in state)) return undefined;
  const usr = state.usr;
  if (typeof usr !== 'object' || usr === null) return undefined;
  const username = (usr as { username?: unknown }).username;
  return typeof username === 'string' ? { username } : undefined;
}
