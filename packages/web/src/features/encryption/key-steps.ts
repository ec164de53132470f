import {
  exportPublicKey,
  generateKeyPair,
  importPublicKey,
  newRecoveryCode,
  normalizeRecoveryCode,
  unwrapWithPassphrase,
  unwrapWithPrivateKey,
  wrapForPublicKey,
  wrapWithPassphrase,
  type CryptoKey,
  type EncryptionState,
} from '@wartefrei/shared';
import { heldAccountKey, holdAccountKey } from '../../lib/keyring';

/*
 * The browser's part of the key exchange (docs/security.md#encryption): every key is made,
 * wrapped and opened here with the shared crypto helpers; the server gets public keys and
 * wrapped blobs. A wrong passphrase or code throws CryptoRefused('WRONG_SECRET').
 */

/** A passphrase long enough to stand against guessing even after the 600,000 PBKDF2 rounds. */
export const MIN_PASSPHRASE_LENGTH = 12;

/** A new key pair of the user, its private key under their passphrase: what `PUT /encryption/my-key` takes. */
export async function newOwnKey(passphrase: string) {
  const pair = await generateKeyPair();
  return { public_key: await exportPublicKey(pair.publicKey), wrapped_private_key: await wrapWithPassphrase(pair.privateKey, passphrase) };
}

/**
 * Opens the user's own key with their passphrase and, where they were granted it, the
 * practice's key, which this tab then holds. 'no-access': the passphrase was right, but there
 * is no grant (yet) to open.
 */
export async function unlock(state: EncryptionState, passphrase: string, userId: string): Promise<'held' | 'no-access'> {
  if (!state.my_key) return 'no-access';
  const own = await unwrapWithPassphrase(state.my_key.wrapped_private_key, passphrase);
  const granted = state.my_access?.status === 'APPROVED' ? state.my_access.wrapped_account_key : null;
  if (!granted || !state.key_id) return 'no-access';
  holdAccountKey({ userId, keyId: state.key_id, privateKey: await unwrapWithPrivateKey(granted, own) });
  return 'held';
}

/** Switching on: the practice's key pair, its private key under a new recovery code and for the admin's own key. */
export async function newAccountKey(ownPublicKey: string) {
  const pair = await generateKeyPair();
  const recoveryCode = newRecoveryCode();
  const body = {
    public_key: await exportPublicKey(pair.publicKey),
    recovery_wrapped_key: await wrapWithPassphrase(pair.privateKey, recoveryCode),
    wrapped_account_key: await wrapForPublicKey(pair.privateKey, await importPublicKey(ownPublicKey)),
  };
  return { body, recoveryCode, privateKey: pair.privateKey };
}

/** Approving a request: the key this tab holds, wrapped for the requester's public key. */
export async function wrapHeldKeyFor(publicKey: string): Promise<string> {
  const held = heldAccountKey();
  if (!held) throw new Error('the practice key is not unlocked');
  return wrapForPublicKey(held.privateKey, await importPublicKey(publicKey));
}

/** Recovery: the practice's key opened with the printed code, wrapped for the admin's own key. */
export async function recoverWithCode(recoveryWrappedKey: string, typedCode: string, ownPublicKey: string): Promise<{ wrapped: string; privateKey: CryptoKey }> {
  const privateKey = await unwrapWithPassphrase(recoveryWrappedKey, normalizeRecoveryCode(typedCode));
  return { wrapped: await wrapForPublicKey(privateKey, await importPublicKey(ownPublicKey)), privateKey };
}
