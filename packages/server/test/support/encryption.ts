import {
  exportPublicKey,
  generateKeyPair,
  importPublicKey,
  newRecoveryCode,
  seal,
  type SealTarget,
  type SealingKey,
  wrapForPublicKey,
  wrapWithPassphrase,
  type CryptoKey,
  type EncryptionState,
  type LoggedUser,
} from '@wartefrei/shared';
import { asUser } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * Switches end-to-end encryption on as an admin's browser does (the web app runs the same
 * helpers): the admin's own key, then the account's pair with its private key under a recovery
 * code and for the admin. Answers what a staff browser holds afterwards.
 */
export async function switchEncryptionOn(t: TestApp, admin: LoggedUser): Promise<{ accountKey: CryptoKey; keyId: string; recoveryCode: string }> {
  const own = await generateKeyPair();
  const put = await t.inject({
    method: 'PUT',
    url: '/encryption/my-key',
    headers: asUser(admin),
    payload: { public_key: await exportPublicKey(own.publicKey), wrapped_private_key: await wrapWithPassphrase(own.privateKey, 'Passphrase der Praxis') },
  });
  if (put.statusCode !== 200) throw new Error(`my key: ${put.body}`);
  const account = await generateKeyPair();
  const recoveryCode = newRecoveryCode();
  const enabled = await t.inject({
    method: 'POST',
    url: '/encryption/enable',
    headers: asUser(admin),
    payload: {
      public_key: await exportPublicKey(account.publicKey),
      recovery_wrapped_key: await wrapWithPassphrase(account.privateKey, recoveryCode),
      wrapped_account_key: await wrapForPublicKey(account.privateKey, own.publicKey),
    },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.body}`);
  return { accountKey: account.privateKey, keyId: enabled.json<EncryptionState>().key_id!, recoveryCode };
}

/** Patient data sealed as a browser seals a new record: bound to the id it chose, sent along as `record_id`. */
export async function sealedNew(key: SealingKey, table: SealTarget['table'], fields: Record<string, string>): Promise<{ sealed_data: string; record_id: string }> {
  const recordId = crypto.randomUUID();
  return { sealed_data: await seal(fields, await importPublicKey(key.public_key), key.key_id, { table, recordId }), record_id: recordId };
}
