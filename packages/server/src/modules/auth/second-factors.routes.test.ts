import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import type { Account, ApiError, LoggedUser, NewTotp, SecondFactor } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { givenTotp, totpCodeAt } from '../../../test/support/second-factors.js';
import { setNow } from '../../../test/support/test-clock.js';

const t = useTestApp();

const PASSWORD = 'richtig-langes-passwort';
const login = (user: Pick<LoggedUser, 'username'>, query = '') =>
  t.inject({ method: 'POST', url: `/auth/login${query}`, headers: { authorization: basic(user.username, PASSWORD) } });
const answer = (challenge: string, code: string) => t.inject({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge, code } });

async function challengeOf(user: Pick<LoggedUser, 'username'>, query = '') {
  const res = await login(user, query);
  expect(res.statusCode).toBe(401);
  const body = res.json<ApiError>();
  expect(body.code).toBe('SECOND_FACTOR_REQUIRED');
  return body;
}

/** A processor of a fresh practice (known password), signed in, with a confirmed TOTP. */
async function givenProcessorWithTotp() {
  const { accountId } = await givenAdmin(t);
  const user = await givenProcessor(t, accountId);
  const totp = await givenTotp(t, user);
  return { user, accountId, ...totp };
}

describe('TOTP enrolment', () => {
  it('answers a secret, lists the factor only once a code confirmed it, and shows ten recovery codes with the first', async () => {
    const { accountId } = await givenAdmin(t);
    const user = await givenProcessor(t, accountId);
    const started = await t.inject({ method: 'POST', url: '/users/me/second-factors/totp', headers: asUser(user) });
    expect(started.statusCode).toBe(201);
    const totp = started.json<NewTotp>();
    expect(totp.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(totp.otpauth_uri).toContain(encodeURIComponent(user.username));
    const list = () => t.inject({ method: 'GET', url: '/users/me/second-factors', headers: asUser(user) });
    expect((await list()).json()).toEqual([]);

    const wrong = await t.inject({ method: 'POST', url: `/users/me/second-factors/${totp.id}/confirm`, headers: asUser(user), payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().fields?.code?.code).toBe('CODE_WRONG');
    const code = totpCodeAt(totp.secret, t.clock.now());
    const right = await t.inject({
      method: 'POST',
      url: `/users/me/second-factors/${totp.id}/confirm`,
      headers: asUser(user),
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(right.statusCode).toBe(200);
    const codes = right.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await list()).json<SecondFactor[]>()).toEqual([expect.objectContaining({ id: totp.id, kind: 'TOTP', name: 'Authenticator', last_used_at: expect.any(String) })]);

    // A second factor brings no new set; renaming works, and only on one's own.
    const second = await givenTotp(t, user, 'Tablet');
    expect(second.recovery_codes).toBeUndefined();
    const renamed = await t.inject({ method: 'PATCH', url: `/users/me/second-factors/${totp.id}`, headers: asUser(user), payload: { name: 'Diensthandy' } });
    expect(renamed.json<SecondFactor>().name).toBe('Diensthandy');
  });

  it('adds a factor without the password only within ten minutes of signing in: a stolen session later must give it', async () => {
    const { accountId } = await givenAdmin(t);
    const user = await givenProcessor(t, accountId);
    const headers = asUser(user);
    const addTotp = (payload?: object) => t.inject({ method: 'POST', url: '/users/me/second-factors/totp', headers, ...(payload && { payload }) });
    const passkeyOptions = (payload?: object) => t.inject({ method: 'POST', url: '/users/me/second-factors/passkey/options', headers, ...(payload && { payload }) });
    expect((await addTotp()).statusCode).toBe(201);

    t.clock.advanceSeconds(10 * 60 + 1);
    for (const res of [await addTotp(), await passkeyOptions()]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>().fields?.password?.code).toBe('REQUIRED');
    }
    const wrong = await addTotp({ password: 'falsch-falsch-falsch' });
    expect(wrong.json<ApiError>().fields?.password?.code).toBe('PASSWORD_WRONG');
    expect((await addTotp({ password: PASSWORD })).statusCode).toBe(201);
    expect((await passkeyOptions({ password: PASSWORD })).statusCode).toBe(200);

    // A new sign-in is recent again.
    const fresh = (await login(user)).json<LoggedUser>();
    expect((await t.inject({ method: 'POST', url: '/users/me/second-factors/totp', headers: asUser(fresh) })).statusCode).toBe(201);
  });

  it('answers 404 for another user’s factor on every route', async () => {
    const owner = await givenProcessorWithTotp();
    const stranger = await givenProcessor(t, owner.accountId);
    const headers = asUser(stranger);
    const calls = [
      t.inject({ method: 'POST', url: `/users/me/second-factors/${owner.id}/confirm`, headers, payload: { code: '123456' } }),
      t.inject({ method: 'PATCH', url: `/users/me/second-factors/${owner.id}`, headers, payload: { name: 'Meins' } }),
      t.inject({ method: 'DELETE', url: `/users/me/second-factors/${owner.id}`, headers, payload: { password: PASSWORD } }),
      t.inject({ method: 'DELETE', url: '/users/me/second-factors/kein-uuid', headers, payload: { password: PASSWORD } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await challengeOf(owner.user)).kinds).toEqual(['TOTP', 'RECOVERY_CODE']);
  });

  it('needs a login for every route', async () => {
    for (const [method, url] of [
      ['GET', '/users/me/second-factors'],
      ['POST', '/users/me/second-factors/totp'],
      ['POST', '/users/me/second-factors/passkey/options'],
    ] as const) {
      expect((await t.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('sign-in with a second factor', () => {
  it('asks for it after the right password and answers the login’s token with its ttl and stay', async () => {
    const { user, secret } = await givenProcessorWithTotp();
    const wrongPassword = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(user.username, 'falsch-falsch-falsch') } });
    expect(wrongPassword.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
    const { challenge, kinds, passkey_options } = await challengeOf(user, '?ttl=60&stay=true');
    expect(kinds).toEqual(['TOTP', 'RECOVERY_CODE']);
    expect(passkey_options).toBeUndefined();
    t.clock.advanceSeconds(30);
    const res = await answer(challenge!, totpCodeAt(secret, t.clock.now()));
    expect(res.statusCode).toBe(200);
    const signedIn = res.json<LoggedUser>();
    expect(signedIn).toMatchObject({ id: user.id, username: user.username, renewal_token: expect.any(String) });
    expect(new Date(signedIn.token_valid_until).getTime() - t.clock.now().getTime()).toBe(60_000);
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(signedIn) })).statusCode).toBe(200);
    // The challenge answered once.
    expect((await answer(challenge!, totpCodeAt(secret, t.clock.now()))).json<ApiError>().code).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
  });

  it('takes the step before and after the current one, refuses two steps off, and each step once', async () => {
    const { user, secret } = await givenProcessorWithTotp();
    // Ten seconds into a step, well after the enrolment's step.
    const stepStart = Math.floor(t.clock.now().getTime() / 30_000) * 30_000 + 10 * 30_000;
    setNow(t.clock, new Date(stepStart + 10_000));
    const codeOfStep = (offset: number) => totpCodeAt(secret, new Date(stepStart + offset * 30_000));

    let { challenge } = await challengeOf(user);
    for (const offset of [-2, 2]) {
      const off = await answer(challenge!, codeOfStep(offset));
      expect(off.statusCode).toBe(401);
      expect(off.json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
    }
    expect((await answer(challenge!, codeOfStep(-1))).statusCode).toBe(200);
    ({ challenge } = await challengeOf(user));
    // The same code again: a replay.
    expect((await answer(challenge!, codeOfStep(-1))).json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
    expect((await answer(challenge!, codeOfStep(1))).statusCode).toBe(200);
    ({ challenge } = await challengeOf(user));
    // The current step is older than the one taken last: refused too.
    expect((await answer(challenge!, codeOfStep(0))).json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
  });

  it('refuses the code that confirmed the factor (replay) and ends the challenge after five wrong codes', async () => {
    const { user, secret } = await givenProcessorWithTotp();
    const { challenge } = await challengeOf(user);
    const replay = await answer(challenge!, totpCodeAt(secret, t.clock.now()));
    expect(replay.json<ApiError>()).toMatchObject({ code: 'SECOND_FACTOR_INVALID', message: 'Der Code oder Passkey wurde nicht akzeptiert.' });
    for (let i = 0; i < 4; i++) expect((await answer(challenge!, '999999')).json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
    t.clock.advanceSeconds(30);
    const ended = await answer(challenge!, totpCodeAt(secret, t.clock.now()));
    expect(ended.statusCode).toBe(401);
    expect(ended.json<ApiError>().code).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
  });

  it('lets a challenge expire after five minutes and refuses made-up ones', async () => {
    const { user, secret } = await givenProcessorWithTotp();
    const { challenge } = await challengeOf(user);
    t.clock.advanceSeconds(5 * 60 + 1);
    expect((await answer(challenge!, totpCodeAt(secret, t.clock.now()))).json<ApiError>().code).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
    expect((await answer('ausgedacht', '123456')).json<ApiError>().code).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
    const invalid = await t.inject({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge: 'x' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('takes each recovery code once; a new set (password again) replaces the old', async () => {
    const { user, recovery_codes: codes } = await givenProcessorWithTotp();
    let { challenge } = await challengeOf(user);
    const signedIn = await answer(challenge!, codes![0]!.toUpperCase());
    expect(signedIn.statusCode).toBe(200);
    ({ challenge } = await challengeOf(user));
    expect((await answer(challenge!, codes![0]!)).json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');

    const session = signedIn.json<LoggedUser>();
    const renew = (password: string) => t.inject({ method: 'POST', url: '/users/me/second-factors/recovery-codes', headers: asUser(session), payload: { password } });
    const wrong = await renew('falsch-falsch-falsch');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().fields?.password?.code).toBe('PASSWORD_WRONG');
    const fresh = (await renew(PASSWORD)).json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await answer(challenge!, codes![1]!)).json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
    expect((await answer(challenge!, fresh[0]!)).statusCode).toBe(200);
  });
});

describe('removing a factor', () => {
  it('needs the password again; then the sign-in asks no more', async () => {
    const { user, id } = await givenProcessorWithTotp();
    const remove = (payload?: object) => t.inject({ method: 'DELETE', url: `/users/me/second-factors/${id}`, headers: asUser(user), ...(payload ? { payload } : {}) });
    expect((await remove()).statusCode).toBe(400);
    const wrong = await remove({ password: 'falsch-falsch-falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().fields?.password?.code).toBe('PASSWORD_WRONG');
    await challengeOf(user);
    expect((await remove({ password: PASSWORD })).statusCode).toBe(204);
    expect((await login(user)).statusCode).toBe(200);
  });
});

describe('a practice that requires a second factor', () => {
  it('is set by an admin only, and shows in the account', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    const byProcessor = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(processor), payload: { require_second_factor: true } });
    expect(byProcessor.statusCode).toBe(403);
    expect(byProcessor.json<ApiError>().code).toBe('FORBIDDEN');
    const byAdmin = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { require_second_factor: true } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<Account>().require_second_factor).toBe(true);
    const bad = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { require_second_factor: 'ja' } });
    expect(bad.statusCode).toBe(400);
    // Who switched it, and from where, is in the audit log (read straight: the admin is held at the setup now).
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, 'second_factor.requirement')));
    expect(audited).toEqual([expect.objectContaining({ userId: admin.id, detail: { from: false, to: true } })]);
    // The admin signed in by a password alone: only the setup is open to them now.
    const again = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { require_second_factor: false } });
    expect(again.json<ApiError>().code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
  });

  it('lets a member without a factor do nothing but set one up; a second-factor sign-in passes', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { require_second_factor: true } });

    const queues = await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) });
    expect(queues.statusCode).toBe(403);
    expect(queues.json<ApiError>()).toMatchObject({ code: 'SECOND_FACTOR_SETUP_REQUIRED', message: expect.stringMatching(/zweiten Faktor/) });
    expect((await t.inject({ method: 'GET', url: `/accounts/${accountId}`, headers: asUser(admin) })).statusCode).toBe(403);
    // What the setup screen needs stays open.
    const me = await t.inject({ method: 'GET', url: '/auth', headers: asUser(processor) });
    expect(me.json<LoggedUser>().second_factor_setup_required).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/users/me/second-factors', headers: asUser(processor) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: '/users/me', headers: asUser(processor), payload: { lang: 'en' } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/system-information' })).statusCode).toBe(200);
    expect((await login(processor)).json<LoggedUser>().second_factor_setup_required).toBe(true);

    const { secret } = await givenTotp(t, processor);
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) })).statusCode).toBe(200);
    t.clock.advanceSeconds(30);
    const { challenge } = await challengeOf(processor);
    const strong = (await answer(challenge!, totpCodeAt(secret, t.clock.now()))).json<LoggedUser>();
    expect(strong.second_factor_setup_required).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(strong) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/auth/logout', headers: asUser(admin) })).statusCode).toBe(204);
  });
});

describe('passkeys (the ceremonies themselves are proven in Chromium, e2e/specs/second-factors.e2e.ts)', () => {
  it('offers options for the server’s relying party and refuses a made-up answer', async () => {
    const options = await t.inject({ method: 'POST', url: '/auth/passkey/options' });
    expect(options.statusCode).toBe(200);
    const { challenge, options: request } = options.json<{ challenge: string; options: { rpId: string; userVerification: string } }>();
    expect(request).toMatchObject({ rpId: 'wartefrei.test', userVerification: 'required' });
    const forged = await t.inject({ method: 'POST', url: '/auth/passkey', payload: { challenge, assertion: { id: 'erfunden', response: {} } } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json<ApiError>().code).toBe('SECOND_FACTOR_INVALID');
    const unknown = await t.inject({ method: 'POST', url: '/auth/passkey', payload: { challenge: 'erfunden', assertion: { id: 'x' } } });
    expect(unknown.json<ApiError>().code).toBe('SECOND_FACTOR_CHALLENGE_INVALID');

    const { user } = await givenAdmin(t);
    const creation = await t.inject({ method: 'POST', url: '/users/me/second-factors/passkey/options', headers: asUser(user) });
    expect(creation.json<{ options: { rp: { id: string }; authenticatorSelection: { residentKey: string } } }>().options).toMatchObject({
      rp: { id: 'wartefrei.test' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const bogus = await t.inject({
      method: 'POST',
      url: '/users/me/second-factors/passkey',
      headers: asUser(user),
      payload: { name: 'Laptop', response: { id: 'x', response: {} } },
    });
    expect(bogus.statusCode).toBe(400);
  });
});
