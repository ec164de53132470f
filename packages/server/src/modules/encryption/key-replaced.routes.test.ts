import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey, generateKeyPair, newRecoveryCode, wrapGrant, wrapWithPassphrase, type EncryptionState, type KeyExchange, type LoggedUser } from '@wartefrei/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

/*
 * A replaced key is a stolen session's first step (issue 41): the user gets a mail, and the
 * admins' list of requests says when the requester's key was set and replaced, so a request
 * from a key made minutes ago stands out.
 */

let t: TestApp;
let admin: LoggedUser;
let accountId: string;

const call = async <T>(user: LoggedUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> => {
  const res = await t.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
};

async function putKey(user: LoggedUser, passphrase: string) {
  const pair = await generateKeyPair();
  const body = { public_key: await exportPublicKey(pair.publicKey), wrapped_private_key: await wrapWithPassphrase(pair.privateKey, passphrase) };
  return { pair, body, state: await call<EncryptionState>(user, 'PUT', '/encryption/my-key', body) };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ user: admin, accountId } = await givenAdmin(t));
  // On, with the admin's grant in the bound format and the key id the browser chose.
  const own = await putKey(admin, 'Admins lange Passphrase');
  const account = await generateKeyPair();
  const keyId = crypto.randomUUID();
  const state = await call<EncryptionState>(admin, 'POST', '/encryption/enable', {
    key_id: keyId,
    public_key: await exportPublicKey(account.publicKey),
    recovery_wrapped_key: await wrapWithPassphrase(account.privateKey, newRecoveryCode()),
    wrapped_account_key: await wrapGrant(account.privateKey, { keyId, userId: admin.id, recipientPublicKey: own.body.public_key }),
  });
  expect(state).toMatchObject({ enabled: true, key_id: keyId, my_access: { status: 'APPROVED', wrapped_account_key: expect.stringMatching(/^wf2k\./) } });
}, 60_000);
afterAll(async () => t.close());

describe('PUT /encryption/my-key over an earlier key', () => {
  it('a first key is no replacement: no mail, replaced_at null', async () => {
    const processor = await givenProcessor(t, accountId);
    const since = t.smtp.mails.length;
    const { state } = await putKey(processor, 'Erste Passphrase lang genug');
    expect(state.my_key).toMatchObject({ set_at: t.clock.now().toISOString(), replaced_at: null });
    // The same key again (a retried request) is no replacement either.
    await call(processor, 'PUT', '/encryption/my-key', { public_key: state.my_key!.public_key, wrapped_private_key: state.my_key!.wrapped_private_key });
    await call(processor, 'POST', '/encryption/requests');
    const [listed] = (await call<KeyExchange[]>(admin, 'GET', '/encryption/requests')).filter((e) => e.user_id === processor.id);
    expect(listed).toMatchObject({ status: 'PENDING', key_set_at: t.clock.now().toISOString(), key_replaced_at: null });
    // The mail goes out before the answer (the SMTP server has accepted it by then): none was sent.
    expect(t.smtp.mails.slice(since).filter((m) => m.to.includes(processor.username))).toEqual([]);
  });

  it('a replaced key mails the user in their language, without a secret, and the request says when', async () => {
    const processor = await givenProcessor(t, accountId);
    await t.app.ctx.db.update(users).set({ lang: 'en' }).where(eq(users.id, processor.id));
    const first = await putKey(processor, 'Die echte Passphrase von P');
    t.clock.advanceSeconds(60);

    // The stolen session: a key of its own, then a request with it.
    const since = t.smtp.mails.length;
    const attacker = await putKey(processor, 'Passphrase des Angreifers');
    const replacedAt = t.clock.now().toISOString();
    expect(attacker.state.my_key).toMatchObject({ set_at: replacedAt, replaced_at: replacedAt, public_key: attacker.body.public_key });
    t.clock.advanceSeconds(5 * 60);
    await call(processor, 'POST', '/encryption/requests');

    const mail = await t.smtp.waitForMail(processor.username, { since });
    expect(mail.subject).toBe('Your key for encrypted patient data was replaced');
    expect(mail.text).toContain('Hello Bearbeiter,');
    expect(mail.text).toContain('reset your password at once');
    for (const secret of [first.body.public_key, attacker.body.public_key, attacker.body.wrapped_private_key]) expect(mail.text).not.toContain(secret.slice(0, 40));
    expect(mail.text).not.toMatch(/https?:\/\//);

    const [listed] = (await call<KeyExchange[]>(admin, 'GET', '/encryption/requests')).filter((e) => e.user_id === processor.id);
    expect(listed).toMatchObject({ status: 'PENDING', public_key: attacker.body.public_key, key_set_at: replacedAt, key_replaced_at: replacedAt });
  });

  it('mails in German by default', async () => {
    const processor = await givenProcessor(t, accountId);
    await putKey(processor, 'Die echte Passphrase von Q');
    const since = t.smtp.mails.length;
    await putKey(processor, 'Eine andere Passphrase von Q');
    const mail = await t.smtp.waitForMail(processor.username, { since });
    expect(mail.subject).toBe('Ihr Schlüssel für verschlüsselte Patientendaten wurde ersetzt');
    expect(mail.text).toContain('Setzen Sie sofort Ihr Passwort zurück');
  });

  it('refuses a grant in an unknown format', async () => {
    const res = await t.inject({ method: 'POST', url: '/encryption/recover', headers: asUser(admin), payload: { wrapped_account_key: 'wf3k.a.b.c' } });
    expect(res.statusCode).toBe(400);
  });
});
