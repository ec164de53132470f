import { useSyncExternalStore } from 'react';
import type { LoggedUser } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

// The signed-in user lives in localStorage `user` (docs/product.md#constants-and-limits), so a reload or a second tab
// keeps the session; the `storage` event carries sign-in and sign-out across tabs. The renewal key
// is not among it: it is in an HttpOnly cookie no script reads (docs/security.md#sessions).

/** The user as stored now (another tab may have renewed meantime); a renewal key an older version kept is dropped. */
export function readStoredUser(): LoggedUser | null {
  const stored = readStored<LoggedUser>(STORAGE_KEYS.user);
  if (!stored) return null;
  const { renewal_token: _dropped, ...user } = stored;
  return user;
}

let current: LoggedUser | null = readStoredUser();
if (current && readStored<LoggedUser>(STORAGE_KEYS.user)?.renewal_token !== undefined) writeStored(STORAGE_KEYS.user, current);
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.user) return;
    current = readStoredUser();
    emit();
  });
}

/** The signed-in user, or null. */
export function getUser(): LoggedUser | null {
  return current;
}

/** Stores the user after sign-in (or an update of their name or language). */
export function setUser(user: LoggedUser): void {
  // An answer about the same sign-in (a profile change, the tutorial) does not repeat that its
  // renewal key is in the cookie; the session still has it.
  const sameSignIn = current?.renewal_cookie && current.id === user.id && current.token === user.token;
  current = sameSignIn && user.renewal_cookie === undefined ? { ...user, renewal_cookie: true } : user;
  writeStored(STORAGE_KEYS.user, current);
  emit();
}

/** Forgets the user (sign-out, expired or rejected token). */
export function clearUser(): void {
  current = null;
  writeStored(STORAGE_KEYS.user, undefined);
  emit();
}

/** Whether the stored token is still within its validity. */
export function hasValidToken(user: LoggedUser | null, now = Date.now()): user is LoggedUser {
  return !!user && Date.parse(user.token_valid_until) > now;
}

/** Calls `listener` on every sign-in, sign-out and update of the user; answers the unsubscribe. */
export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the signed-in user, re-rendering on sign-in and sign-out. */
export function useUser(): LoggedUser | null {
  return useSyncExternalStore(subscribeUser, getUser, getUser);
}
