import {
  exportPublicKey,
  fingerprint,
  generateKeyPair,
  newRecoveryCode,
  normalizeRecoveryCode,
  openGrant,
  publicKeyOf,
  unwrapWithPassphrase,
  wrapGrant,
  wrapWithPassphrase,
  type CryptoKey,
  type EncryptionState,
  type KeyExchange,
} from '@wartefrei/shared';
import { heldAccountKey, holdAccountKey } from '../../lib/keyring';
import { heldOwnKey, holdOwnKey, type OwnKey } from '../../lib/own-key';

/*
 * The browser's part of the key exchange (docs/security.md#encryption): every key is made,
 * wrapped and opened here with the shared crypto helpers; the server gets public keys and
 * wrapped blobs. What the server serves is not trusted for what matters: the user's own public
 * key and fingerprint are derived from the private key they unlocked, and every grant (`wf2k`)
 * is bound to the practice key's id, the user and the exact key it is wrapped for.
 * A wrong passphrase or code throws CryptoRefused('WRONG_SECRET').
 */

/** A passphrase long enough to stand against guessing even after the 600,000 PBKDF2 rounds. */
export const MIN_PASSPHRASE_LENGTH = 12;

async function ownKeyOf(privateKey: CryptoKey, userId: string): Promise<OwnKey> {
  const publicKey = await publicKeyOf(privateKey);
  return { userId, privateKey, publicKey, fingerprint: await fingerprint(publicKey) };
}

/**
 * A new key pair of the user, its private key under their passphrase: `body` is what
 * `PUT /encryption/my-key` takes; the key is held in this tab from now on (`holdNewOwnKey`).
 */
export async function newOwnKey(passphrase: string, userId: string) {
  const pair = await generateKeyPair();
  const body = { public_key: await exportPublicKey(pair.publicKey), wrapped_private_key: await wrapWithPassphrase(pair.privateKey, passphrase) };
  return { body, own: await ownKeyOf(pair.privateKey, userId) };
}

/** Opens the user's own key with their passphrase and holds it in this tab. */
export async function openOwnKey(state: EncryptionState, passphrase: string, userId: string): Promise<OwnKey> {
  if (!state.my_key) throw new Error('no own key');
  const own = await ownKeyOf(await unwrapWithPassphrase(state.my_key.wrapped_private_key, passphrase), userId);
  holdOwnKey(own);
  return own;
}

/** The own key held in this tab, or opened with the passphrase typed for it. */
export async function ownKeyFor(state: EncryptionState, passphrase: string, userId: string): Promise<OwnKey> {
  return heldOwnKey() ?? openOwnKey(state, passphrase, userId);
}

/**
 * Opens the user's own key with their passphrase and, where they were granted it, the
 * practice's key, which this tab then holds. 'no-access': the passphrase was right, but there
 * is no grant (yet) to open. A grant bound to another user, key id or key is refused ('TAMPERED').
 */
export async function unlock(state: EncryptionState, passphrase: string, userId: string): Promise<'held' | 'no-access'> {
  if (!state.my_key) return 'no-access';
  const own = await openOwnKey(state, passphrase, userId);
  const granted = state.my_access?.status === 'APPROVED' ? state.my_access.wrapped_account_key : null;
  if (!granted || !state.key_id) return 'no-access';
  holdAccountKey({ userId, keyId: state.key_id, privateKey: await openGrant(granted, own.privateKey, { keyId: state.key_id, userId }) });
  return 'held';
}

/**
 * Switching on: the practice's key pair with an id chosen here, its private key under a new
 * recovery code and granted to the admin's own key as derived from their unlocked private key.
 */
export async function newAccountKey(own: OwnKey) {
  const pair = await generateKeyPair();
  const recoveryCode = newRecoveryCode();
  const keyId = globalThis.crypto.randomUUID();
  const body = {
    key_id: keyId,
    public_key: await exportPublicKey(pair.publicKey),
    recovery_wrapped_key: await wrapWithPassphrase(pair.privateKey, recoveryCode),
    wrapped_account_key: await wrapGrant(pair.privateKey, { keyId, userId: own.userId, recipientPublicKey: own.publicKey }),
  };
  return { body, recoveryCode, privateKey: pair.privateKey };
}

/** Approving a request: the key this tab holds, wrapped for exactly the public key listed (whose fingerprint the admin compared). */
export async function wrapHeldKeyFor(request: Pick<KeyExchange, 'user_id' | 'public_key'>): Promise<string> {
  const held = heldAccountKey();
  if (!held) throw new Error('the practice key is not unlocked');
  return wrapGrant(held.privateKey, { keyId: held.keyId, userId: request.user_id, recipientPublicKey: request.public_key });
}

/** Recovery: the practice's key opened with the printed code, granted to the admin's own key as derived from their unlocked private key. */
export async function recoverWithCode(recoveryWrappedKey: string, typedCode: string, own: OwnKey, keyId: string): Promise<{ wrapped: string; privateKey: CryptoKey }> {
  const privateKey = await unwrapWithPassphrase(recoveryWrappedKey, normalizeRecoveryCode(typedCode));
  return { wrapped: await wrapGrant(privateKey, { keyId, userId: own.userId, recipientPublicKey: own.publicKey }), privateKey };
}
