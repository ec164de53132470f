import { LANGUAGE_COOKIE } from '@wartefrei/shared';
/** The localStorage keys of docs/product.md#constants-and-limits; nothing else is stored in the browser. */
export const STORAGE_KEYS = {
  user: 'user',
  ticketMap: 'ticketMap',
  ticketDisplayName: 'ticketDisplayName',
  appointmentMap: 'appointmentMap',
  lang: 'lang',
  processorViewSelectedFilters: 'processorViewSelectedFilters',
  /** 'microsoft' after a sign-in with Microsoft: an expired session renews silently there. */
  signInMethod: 'signInMethod',
  /** Each practice's key as this device first saw it unlocked: account id → key tag (features/encryption/practice-key.ts). */
  practiceKeyPins: 'practiceKeyPins',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a JSON value; a missing, unreadable or blocked storage gives undefined. */
export function readStored<T>(key: StorageKey): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value (undefined removes it); a full or blocked storage is ignored. */
export function writeStored(key: StorageKey, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or quota: the app still works for this page load.
  }
}

/**
 * Remembers the language chosen on this device: in localStorage `lang` for the app, and as the
 * cookie `wartefrei-lang` (LANGUAGE_COOKIE) for the server, which renders patient pages' first
 * view in it. A year, the whole site, never sent by another site's request.
 */
export function storeLanguage(lang: string): void {
  writeStored(STORAGE_KEYS.lang, lang);
  writeLanguageCookie(lang);
}

/** The cookie alone (a language chosen before the cookie existed is carried over at start). */
export function writeLanguageCookie(lang: string): void {
  if (typeof document === 'undefined') return;
  const cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  document.cookie = `${cookie}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
