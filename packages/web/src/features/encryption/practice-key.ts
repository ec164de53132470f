import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { keyTag, publicKeyOf, type CryptoKey, type SealingKey } from '@wartefrei/shared';
import { forgetPin, pinnedTag, pinTag } from '../../lib/key-pin';
import { heldAccountKey, useHeldAccountKey } from '../../lib/keyring';
import { getUser } from '../../lib/session';
import { useEncryption } from './useEncryption';

/*
 * Whether this tab may trust the practice key the server serves to seal for
 * (docs/security.md#encryption). The server is not believed on its word: the key must be the
 * one derived from the private key this tab holds unlocked, and the one this device pinned at
 * its first unlock. A node or proxy that serves its own key is refused, never sealed for.
 */

export type PracticeKeyVerdict =
  /** Encryption is off: nothing to seal for. */
  | { kind: 'off' }
  /** The server says encryption is off, but this device pinned a key: until someone here confirms it, nothing is sent in the clear. */
  | { kind: 'offButPinned'; pinnedTag: string }
  /** The served key is the held one or the pinned one; `tag` goes into printed links. */
  | { kind: 'trusted'; tag: string }
  /** Neither unlocked nor pinned on this device yet: the served key is taken as it is (as before pinning). */
  | { kind: 'unverified' }
  /** The unlocked private key does not belong to the served public key. */
  | { kind: 'heldDiffers'; servedTag: string }
  /** The served key is not the one pinned; `canRepin`: the tab holds the served key's private key, so it is the practice's. */
  | { kind: 'pinDiffers'; servedTag: string; pinnedTag: string; canRepin: boolean };

// Deriving costs a JWK export and an import: once per held key.
const derived = new WeakMap<CryptoKey, Promise<string>>();
function derivedPublicKey(privateKey: CryptoKey): Promise<string> {
  let found = derived.get(privateKey);
  if (!found) derived.set(privateKey, (found = publicKeyOf(privateKey)));
  return found;
}

/** Judges the served key (null: encryption off); pins it at the first unlock that confirms it. */
export async function judgePracticeKey(served: SealingKey | null): Promise<PracticeKeyVerdict> {
  const accountId = getUser()?.account_id;
  if (!served) {
    const pinned = accountId ? pinnedTag(accountId) : undefined;
    return pinned ? { kind: 'offButPinned', pinnedTag: pinned } : { kind: 'off' };
  }
  const servedTag = await keyTag(served.public_key);
  const held = heldAccountKey();
  const heldMatches = held ? held.keyId === served.key_id && (await derivedPublicKey(held.privateKey)) === served.public_key : undefined;
  if (heldMatches === false) return { kind: 'heldDiffers', servedTag };
  const pinned = accountId ? pinnedTag(accountId) : undefined;
  if (pinned !== undefined && pinned !== servedTag) return { kind: 'pinDiffers', servedTag, pinnedTag: pinned, canRepin: heldMatches === true };
  if (pinned === undefined && heldMatches === true && accountId) pinTag(accountId, servedTag);
  return pinned !== undefined || heldMatches === true ? { kind: 'trusted', tag: servedTag } : { kind: 'unverified' };
}

/** After the key was replaced for good (switched off and on again): pins the served key, only while the tab holds its private key. */
export async function trustServedKey(served: SealingKey): Promise<boolean> {
  const verdict = await judgePracticeKey(served);
  const accountId = getUser()?.account_id;
  if (verdict.kind !== 'pinDiffers' || !verdict.canRepin || !accountId) return false;
  pinTag(accountId, verdict.servedTag);
  return true;
}

/** Encryption was switched off for good: this device forgets the practice's key (the switch-off, or a staff member who confirms it). */
export function forgetPracticeKey(): void {
  const accountId = getUser()?.account_id;
  if (accountId) forgetPin(accountId);
}

/** Thrown instead of sealing for a key this device does not trust; its message says why. */
export class PracticeKeyRefused extends Error {
  constructor(readonly verdict: PracticeKeyVerdict) {
    super(i18next.t(verdict.kind === 'offButPinned' ? 'encryption:pin.refusedOff' : 'encryption:pin.refused'));
  }
}

/** The served key to seal for (null: the practice does not encrypt), or PracticeKeyRefused. */
export async function trustedSealingKey(served: SealingKey | null): Promise<SealingKey | null> {
  const verdict = await judgePracticeKey(served);
  if (verdict.kind === 'heldDiffers' || verdict.kind === 'pinDiffers' || verdict.kind === 'offButPinned') throw new PracticeKeyRefused(verdict);
  return served;
}

/** React: the verdict on the served key, judged anew when the key is unlocked or the state changes. */
export function usePracticeKey() {
  const held = useHeldAccountKey();
  const { state } = useEncryption();
  const served = state.data?.enabled && state.data.key_id && state.data.public_key ? { key_id: state.data.key_id, public_key: state.data.public_key } : null;
  const accountId = getUser()?.account_id;
  const verdict = useQuery({
    // The pin is read at each render: a switch-off or a confirmation here changes the verdict.
    queryKey: ['practiceKey', accountId, accountId ? (pinnedTag(accountId) ?? null) : null, held?.keyId ?? null, served?.key_id ?? null, served?.public_key ?? null],
    queryFn: () => judgePracticeKey(served),
    enabled: state.data !== undefined,
    staleTime: Infinity,
  });
  return { served, verdict: verdict.data, refresh: verdict.refetch };
}
