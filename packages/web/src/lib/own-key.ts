import { useSyncExternalStore } from 'react';
import type { CryptoKey } from '@wartefrei/shared';
import { getUser, subscribeUser } from './session';

/*
 * The user's own key as this tab holds it after they created or unlocked it (docs/security.md#encryption):
 * in memory only, like the practice key (lib/keyring.ts). Its public key and fingerprint are
 * derived from the private key here, never taken from the server: they are what the user reads
 * out to an admin, and what grants made in this tab are wrapped for.
 */

export interface OwnKey {
  userId: string;
  privateKey: CryptoKey;
  /** Derived from the private key (crypto `publicKeyOf`). */
  publicKey: string;
  fingerprint: string;
}

let held: OwnKey | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function holdOwnKey(key: OwnKey): void {
  held = key;
  emit();
}

export function forgetOwnKey(): void {
  if (!held) return;
  held = undefined;
  emit();
}

/** The own key this tab holds for the signed-in user, if created or unlocked here. */
export function heldOwnKey(): OwnKey | undefined {
  return held && held.userId === getUser()?.id ? held : undefined;
}

/** React hook: the held own key, re-rendering when it is held or forgotten. */
export function useHeldOwnKey(): OwnKey | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    heldOwnKey,
    heldOwnKey,
  );
}

if (typeof window !== 'undefined') {
  // Another user signing in on this tab must not find the last one's key.
  subscribeUser(() => {
    if (held && held.userId !== getUser()?.id) forgetOwnKey();
  });
}
