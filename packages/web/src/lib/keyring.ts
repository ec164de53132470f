import { useSyncExternalStore } from 'react';
import { CryptoRefused, placesText, unseal, type CryptoKey, type SealedFields, type SealTarget } from '@wartefrei/shared';
import { getUser, subscribeUser } from './session';

/*
 * The practice's key as this tab holds it once its user unlocked it with their passphrase
 * (docs/security.md#encryption): in memory only, never stored, gone with the tab and at
 * sign-out. Everything a staff screen shows of sealed patient data is opened here.
 */

export interface HeldKey {
  userId: string;
  keyId: string;
  privateKey: CryptoKey;
}

let held: HeldKey | undefined;
const listeners = new Set<() => void>();
// Opening costs an RSA decryption: a list refetched on every live event opens each text once.
let opened = new Map<string, Promise<SealedFields | undefined>>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function holdAccountKey(key: HeldKey): void {
  held = key;
  opened = new Map();
  emit();
}

export function forgetAccountKey(): void {
  if (!held) return;
  held = undefined;
  opened = new Map();
  emit();
}

/** The key this tab holds for the signed-in user, if unlocked. */
export function heldAccountKey(): HeldKey | undefined {
  return held && held.userId === getUser()?.id ? held : undefined;
}

/** React hook: the held key, re-rendering when it is unlocked or forgotten. */
export function useHeldAccountKey(): HeldKey | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    heldAccountKey,
    heldAccountKey,
  );
}

/**
 * Opens sealed patient data with the held key; undefined while locked or when it is not ours to
 * open. `places`: the record it was found in (crypto sealTargets), so a text moved there from
 * another record is refused as tampered rather than shown as this record's.
 */
export function openSealed(text: string, places: readonly SealTarget[]): Promise<SealedFields | undefined> {
  const key = heldAccountKey();
  if (!key) return Promise.resolve(undefined);
  const cacheKey = `${placesText(places)}|${text}`;
  let result = opened.get(cacheKey);
  if (!result) {
    result = unseal(text, key.privateKey, key.keyId, places).catch((error: unknown) => {
      if (error instanceof CryptoRefused) return undefined;
      throw error;
    });
    opened.set(cacheKey, result);
  }
  return result;
}

if (typeof window !== 'undefined') {
  // Another user signing in on this tab must not find the last one's key.
  subscribeUser(() => {
    if (held && held.userId !== getUser()?.id) forgetAccountKey();
  });
}
