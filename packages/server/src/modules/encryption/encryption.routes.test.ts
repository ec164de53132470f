import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportPublicKey,
  fingerprint,
  generateKeyPair,
  importPublicKey,
  newRecoveryCode,
  seal,
  unseal,
  unwrapWithPassphrase,
  unwrapWithPrivateKey,
  wrapForPublicKey,
  wrapWithPassphrase,
  type ApiError,
  type CryptoKey,
  type CryptoKeyPair,
  type EncryptionState,
  type KeyExchange,
  type LoggedUser,
} from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/** Where a patient's sealed text would be stored (crypto binds it there). */
const PLACE = { table: 'queue_members', recordId: '3f9c1b2e-7a44-4d0e-9c1a-5b6d7e8f9a01' } as const;
import { asUser, givenAdmin, givenProcessor, linkIn, logIn } from '../../../test/support/factories.js';

/*
 * The key exchange end to end, with the browsers' part played by the same crypto helpers the
 * web app runs: the server only ever sees public keys and wrapped blobs, and yet whoever is
 * granted the key opens what a patient sealed, and nobody else.
 */

let t: TestApp;
let admin: { user: LoggedUser; username: string; password: string; accountId: string };
let processor: LoggedUser;
let accountKeys: CryptoKeyPair;
let recoveryCode: string;
let sealedByPatient: string;

const call = async <T>(user: LoggedUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> => {
  const res = await t.inject({ method, url, ...(user ? { headers: asUser(user) } : {}), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
};

/** What a browser does when its user creates a key: a pair, the private key under their passphrase. */
async function createOwnKey(user: LoggedUser, passphrase: string): Promise<CryptoKeyPair> {
  const pair = await generateKeyPair();
  await call(user, 'PUT', '/encryption/my-key', { public_key: await exportPublicKey(pair.publicKey), wrapped_private_key: await wrapWithPassphrase(pair.privateKey, passphrase) });
  return pair;
}

/** What a browser does to read: its own key from the passphrase, then the account key granted to it. */
async function accountKeyOf(user: LoggedUser, passphrase: string): Promise<CryptoKey> {
  const state = await call<EncryptionState>(user, 'GET', '/encryption');
  const own = await unwrapWithPassphrase(state.my_key!.wrapped_private_key, passphrase);
  return unwrapWithPrivateKey(state.my_access!.wrapped_account_key!, own);
}

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = { user: account.user, username: account.admin.username, password: account.admin.password, accountId: account.accountId };
  processor = await givenProcessor(t, account.accountId);
}, 60_000);
afterAll(async () => t.close());

describe('switching encryption on', () => {
  it('needs the admin’s own key first, then stores only the public key and wrapped blobs', async () => {
    accountKeys = await generateKeyPair();
    recoveryCode = newRecoveryCode();
    const body = async (forKey: CryptoKey) => ({
      public_key: await exportPublicKey(accountKeys.publicKey),
      recovery_wrapped_key: await wrapWithPassphrase(accountKeys.privateKey, recoveryCode),
      wrapped_account_key: await wrapForPublicKey(accountKeys.privateKey, forKey),
    });
    const without = await call<ApiError>(admin.user, 'POST', '/encryption/enable', await body(accountKeys.publicKey), 409);
    expect(without.code).toBe('ENCRYPTION_KEY_MISSING');

    const own = await createOwnKey(admin.user, 'Admins lange Passphrase');
    const state = await call<EncryptionState>(admin.user, 'POST', '/encryption/enable', await body(own.publicKey));
    expect(state).toMatchObject({ enabled: true, key_id: expect.any(String), my_access: { status: 'APPROVED' } });
    expect((await call<ApiError>(admin.user, 'POST', '/encryption/enable', await body(own.publicKey), 409)).code).toBe('ENCRYPTION_ALREADY_ON');
    // A processor may not switch it on.
    expect((await t.inject({ method: 'POST', url: '/encryption/enable', headers: asUser(processor), payload: await body(own.publicKey) })).statusCode).toBe(403);

    sealedByPatient = await seal({ last_name: 'Verschlossen' }, accountKeys.publicKey, state.key_id!, PLACE);
    expect(await unseal(sealedByPatient, await accountKeyOf(admin.user, 'Admins lange Passphrase'), state.key_id!, PLACE)).toEqual({ last_name: 'Verschlossen' });
  }, 60_000);
});

describe('the key exchange', () => {
  it('a processor asks with their key; an admin compares the fingerprint and approves; the processor reads', async () => {
    expect((await call<ApiError>(processor, 'POST', '/encryption/requests', undefined, 409)).code).toBe('ENCRYPTION_KEY_MISSING');
    const own = await createOwnKey(processor, 'Bearbeiters Passphrase');
    const asked = await call<EncryptionState>(processor, 'POST', '/encryption/requests');
    expect(asked.my_access).toEqual({ status: 'PENDING', wrapped_account_key: null });
    // Asking twice is the same request.
    await call(processor, 'POST', '/encryption/requests');

    const requests = await call<KeyExchange[]>(admin.user, 'GET', '/encryption/requests');
    const request = requests.find((r) => r.user_id === processor.id)!;
    expect(request).toMatchObject({ status: 'PENDING', fingerprint: await fingerprint(await exportPublicKey(own.publicKey)) });
    expect((await t.inject({ method: 'GET', url: '/encryption/requests', headers: asUser(processor) })).statusCode).toBe(403);

    const adminAccount = await accountKeyOf(admin.user, 'Admins lange Passphrase');
    const wrapped = await wrapForPublicKey(adminAccount, await importPublicKey(request.public_key));
    await call(admin.user, 'POST', `/encryption/requests/${request.id}/approve`, { wrapped_account_key: wrapped });
    expect((await call<ApiError>(admin.user, 'POST', `/encryption/requests/${request.id}/reject`, undefined, 409)).code).toBe('KEY_REQUEST_DECIDED');

    const state = await call<EncryptionState>(processor, 'GET', '/encryption');
    expect(await unseal(sealedByPatient, await accountKeyOf(processor, 'Bearbeiters Passphrase'), state.key_id!, PLACE)).toEqual({ last_name: 'Verschlossen' });
  }, 60_000);

  it('a password reset ends the user’s key and access; the recovery code restores it', async () => {
    const since = t.smtp.mails.length;
    expect((await t.inject({ method: 'POST', url: '/password-reset', payload: { username: admin.username } })).statusCode).toBe(204);
    const mail = await t.smtp.waitForMail(admin.username, { since });
    const token = linkIn(mail.text, 'http://wartefrei.test/passwordReset/').split('/').pop()!;
    const password = 'ein-ganz-neues-passwort';
    expect((await t.inject({ method: 'POST', url: `/password-reset/${token}`, payload: { password, password_repeat: password } })).statusCode).toBe(204);
    admin.user = await logIn(t, admin.username, password);
    expect(await call<EncryptionState>(admin.user, 'GET', '/encryption')).toMatchObject({ enabled: true, my_key: null, my_access: null });

    const own = await createOwnKey(admin.user, 'Neue Passphrase');
    const { recovery_wrapped_key } = await call<{ recovery_wrapped_key: string }>(admin.user, 'GET', '/encryption/recovery');
    const opened = await unwrapWithPassphrase(recovery_wrapped_key, recoveryCode);
    await call(admin.user, 'POST', '/encryption/recover', { wrapped_account_key: await wrapForPublicKey(opened, own.publicKey) });
    const state = await call<EncryptionState>(admin.user, 'GET', '/encryption');
    expect(await unseal(sealedByPatient, await accountKeyOf(admin.user, 'Neue Passphrase'), state.key_id!, PLACE)).toEqual({ last_name: 'Verschlossen' });
  }, 60_000);

  it('removing a user removes their key and their access with them', async () => {
    expect((await call<KeyExchange[]>(admin.user, 'GET', '/encryption/requests')).some((r) => r.user_id === processor.id)).toBe(true);
    expect((await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(admin.user) })).statusCode).toBe(204);
    expect((await call<KeyExchange[]>(admin.user, 'GET', '/encryption/requests')).some((r) => r.user_id === processor.id)).toBe(false);
  });

  it('every step is in the audit log; the server holds no key that opens anything', async () => {
    const log = await call<{ entries: { action: string }[] }>(admin.user, 'GET', '/audit');
    expect(log.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['encryption.enable', 'encryption.key', 'key.request', 'key.approve', 'key.recover']));
    const state = await call<EncryptionState>(admin.user, 'GET', '/encryption');
    expect(state.public_key).not.toContain('PRIVATE');
    expect(state.my_key!.wrapped_private_key).toMatch(/^wf1p\.600000\./);
  });
});
