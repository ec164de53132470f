import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser } from '@wartefrei/shared';
import { basic, startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, freshAddress, givenVerifiedAdmin, linkIn, logIn, signupBody } from '../../../test/support/factories.js';

let t: TestApp;
beforeAll(async () => {
  // A server with payment configured: new practices start in the 14-day trial.
  t = await startTestApp({ paymentConfigured: true });
});
afterAll(async () => t.close());

/** A sign-up from an address of its own: only the limit's own test meets the limit per address. */
async function signUp(body: object, headers: Record<string, string> = {}) {
  return t.inject({ method: 'POST', url: '/signup', payload: body, headers, remoteAddress: freshAddress() });
}

function verifyTokenFrom(text: string): string {
  return new URL(linkIn(text, 'http://wartefrei.test/verify?token=')).searchParams.get('token') ?? '';
}

describe('sign-up → mail → verify → login → /auth → logout', () => {
  it('walks the whole path a new practice takes', async () => {
    const body = signupBody({ account_identifier: 'Praxis Müller-Öz' });
    const signup = await signUp(body);
    expect(signup.statusCode).toBe(201);
    const created = signup.json<{ account_id: string; user_id: string; username: string }>();
    expect(created.username).toBe(body.username);

    const mail = await t.smtp.waitForMail(body.username);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Dr. Test,');
    const token = verifyTokenFrom(mail.text);
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Not yet verified: the right password is refused with a message that says why.
    const early = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(body.username, body.password) } });
    expect(early.statusCode).toBe(403);
    expect(early.json<ApiError>()).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED', message: expect.stringContaining('noch nicht bestätigt') });

    const verify = await t.inject({ method: 'POST', url: '/verify', payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ verified: true, username: body.username });

    const user = await logIn(t, body.username, body.password);
    expect(user).toMatchObject({ id: created.user_id, account_id: created.account_id, is_admin: true, display_name: 'Dr. Test', username: body.username, lang: 'de' });
    expect(Buffer.from(user.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(new Date(user.token_valid_until).getTime() - t.clock.now().getTime()).toBe(43_200_000);

    for (const name of [user.id, user.username]) {
      const auth = await t.inject({ method: 'GET', url: '/auth', headers: { authorization: basic(name, user.token) } });
      expect(auth.statusCode).toBe(200);
      expect(auth.json<LoggedUser>()).toEqual(user);
    }

    const account = await t.inject({ method: 'GET', url: `/accounts/${user.account_id}`, headers: asUser(user) });
    expect(account.json()).toMatchObject({ identifier: 'Praxis_Mueller-Oez', display_name: body.account_name, subscription_state: 'trial' });
    const trialEnd = new Date(account.json<{ trial_end: string }>().trial_end).getTime();
    expect(trialEnd - t.clock.now().getTime()).toBe(14 * 24 * 3600 * 1000);

    const logout = await t.inject({ method: 'POST', url: '/auth/logout', headers: asUser(user) });
    expect(logout.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });
    expect(after.statusCode).toBe(401);
    expect(after.json<ApiError>().code).toBe('UNAUTHORIZED');
  });

  it('ends a token through /credentials/logout as well', async () => {
    const admin = await givenVerifiedAdmin(t);
    const user = await logIn(t, admin.username, admin.password);
    const res = await t.inject({ method: 'POST', url: '/credentials/logout', headers: { authorization: basic(user.username, user.token) } });
    expect(res.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });
    expect(after.statusCode).toBe(401);
  });

  it('mails in English when the sign-up asked for English', async () => {
    const body = signupBody();
    await signUp(body, { 'accept-language': 'en-GB,en;q=0.9' });
    const mail = await t.smtp.waitForMail(body.username);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    const user = await (async () => {
      await t.inject({ method: 'POST', url: '/verify', payload: { token: verifyTokenFrom(mail.text) } });
      return logIn(t, body.username, body.password);
    })();
    expect(user.lang).toBe('en');
  });
});

describe('verification tokens', () => {
  it('are single use, and unknown or missing tokens are told apart', async () => {
    const body = signupBody();
    await signUp(body);
    const token = verifyTokenFrom((await t.smtp.waitForMail(body.username)).text);
    expect((await t.inject({ method: 'POST', url: '/verify', payload: { token } })).statusCode).toBe(200);

    const again = await t.inject({ method: 'POST', url: '/verify', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().code).toBe('TOKEN_USED');

    const unknown = await t.inject({ method: 'POST', url: '/verify', payload: { token: 'no-such-token' } });
    expect(unknown.json<ApiError>().code).toBe('TOKEN_INVALID');

    const missing = await t.inject({ method: 'POST', url: '/verify', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ApiError>().fields?.token).toEqual({ code: 'TOKEN_MISSING', message: 'Es wurde kein Token angegeben' });
  });

  it('expire after 48 hours', async () => {
    const body = signupBody();
    await signUp(body);
    const token = verifyTokenFrom((await t.smtp.waitForMail(body.username)).text);
    t.clock.advanceSeconds(48 * 3600 + 1);
    const res = await t.inject({ method: 'POST', url: '/verify', payload: { token } });
    expect(res.json<ApiError>().code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /verify/resend', () => {
  const resend = (payload: unknown) => t.inject({ method: 'POST', url: '/verify/resend', payload: payload as Record<string, unknown> });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('mails a new link that confirms, where the first one expired; says nothing about who is registered', async () => {
    const body = signupBody();
    await signUp(body);
    const first = verifyTokenFrom((await t.smtp.waitForMail(body.username)).text);
    t.clock.advanceSeconds(48 * 3600 + 1);
    expect((await t.inject({ method: 'POST', url: '/verify', payload: { token: first } })).json<ApiError>().code).toBe('TOKEN_EXPIRED');

    const since = t.smtp.mails.length;
    expect((await resend({ username: ` ${body.username.toUpperCase()} ` })).statusCode).toBe(204);
    const token = verifyTokenFrom((await t.smtp.waitForMail(body.username, { since })).text);
    expect(token).not.toBe(first);
    expect((await t.inject({ method: 'POST', url: '/verify', payload: { token } })).statusCode).toBe(200);

    // Confirmed, unknown: the same 204, and no mail.
    const after = t.smtp.mails.length;
    expect((await resend({ username: body.username })).statusCode).toBe(204);
    expect((await resend({ username: 'niemand@example.org' })).statusCode).toBe(204);
    await settle();
    expect(t.smtp.mails.length).toBe(after);
  });

  it('says when no mail address was given, and sends at most five an hour', async () => {
    const empty = await resend({ username: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiError>().fields?.username?.code).toBe('REQUIRED');
    const body = signupBody();
    await signUp(body);
    await t.smtp.waitForMail(body.username);
    const since = t.smtp.mails.length;
    for (let i = 0; i < 6; i++) {
      expect((await resend({ username: body.username })).statusCode).toBe(204);
      await settle();
    }
    // The sign-up's own mail counts: four more, then the hour is full.
    expect(t.smtp.mails.slice(since).filter((m) => m.to.includes(body.username))).toHaveLength(4);
  });
});

describe('sign-ups per address', () => {
  it('takes the hour’s sign-ups from one address, then refuses with when to come back; another address signs up', async () => {
    const { perIp, windowSeconds } = t.config.signupLimit;
    expect([perIp, windowSeconds]).toEqual([10, 3600]);
    const from = (ip: string, body = signupBody()) => t.inject({ method: 'POST', url: '/signup', payload: body, remoteAddress: ip });
    for (let i = 0; i < perIp; i++) expect((await from('198.51.100.40')).statusCode).toBe(201);
    const refused = await from('198.51.100.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // Refused before anything was made: no account, no mail to whoever was typed in.
    const body = signupBody();
    expect((await from('198.51.100.40', body)).statusCode).toBe(429);
    expect((await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(body.username, body.password) } })).statusCode).toBe(401);
    expect((await from('198.51.100.41')).statusCode).toBe(201);
    t.clock.advanceSeconds(windowSeconds);
    expect((await from('198.51.100.40')).statusCode).toBe(201);
  });
});

describe('sign-up validation', () => {
  it('refuses an identifier in use, also when it only sanitises to the same, and a mail in use', async () => {
    const first = signupBody({ account_identifier: 'Praxis Übel' });
    expect((await signUp(first)).statusCode).toBe(201);

    const sameIdentifier = await signUp(signupBody({ account_identifier: 'praxis_uebel' }));
    expect(sameIdentifier.statusCode).toBe(409);
    expect(sameIdentifier.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      message: 'Ein gleiches Objekt existiert bereits',
      fields: { account_identifier: { code: 'IDENTIFIER_IN_USE', message: 'Diese Kennung wird bereits verwendet' } },
    });

    const sameMail = await signUp(signupBody({ username: first.username.toUpperCase() }));
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json<ApiError>().fields).toEqual({
      username: { code: 'MAIL_IN_USE', message: 'Diese E-Mail-Adresse wird bereits verwendet.' },
    });

    const both = await signUp(signupBody({ account_identifier: 'Praxis Übel', username: first.username }));
    expect(Object.keys(both.json<ApiError>().fields ?? {}).sort()).toEqual(['account_identifier', 'username']);
  });

  it('lets exactly one of two simultaneous sign-ups with the same identifier through', async () => {
    const identifier = `gleichzeitig-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 4 }, () => signUp(signupBody({ account_identifier: identifier }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json<ApiError>().fields?.account_identifier?.code).toBe('IDENTIFIER_IN_USE');
    }
  });

  it.each([
    ['terms consent missing', { accept_terms: false }, { accept_terms: 'CONSENT_REQUIRED' }],
    ['data-usage consent missing', { accept_data_usage: undefined }, { accept_data_usage: 'CONSENT_REQUIRED' }],
    ['both consents missing', { accept_terms: undefined, accept_data_usage: false }, { accept_terms: 'CONSENT_REQUIRED', accept_data_usage: 'CONSENT_REQUIRED' }],
    ['passwords differ', { password_repeat: 'ein-anderes-passwort' }, { password_repeat: 'PASSWORD_MISMATCH' }],
    ['password too short', { password: 'kurz12345', password_repeat: 'kurz12345' }, { password: 'MIN_LENGTH' }],
    ['not a mail address', { username: 'keine-mail' }, { username: 'INVALID_EMAIL' }],
    ['empty display name', { display_name: '   ' }, { display_name: 'REQUIRED' }],
    ['identifier without letters', { account_identifier: '!!!' }, { account_identifier: 'IDENTIFIER_INVALID' }],
    ['identifier of a route', { account_identifier: 'Backend' }, { account_identifier: 'IDENTIFIER_RESERVED' }],
  ])('%s → 400 naming the field', async (_name, overrides, expected) => {
    const res = await signUp(signupBody(overrides));
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe('VALIDATION');
    expect(Object.fromEntries(Object.entries(body.fields ?? {}).map(([k, v]) => [k, v.code]))).toEqual(expected);
  });

  it('writes the field messages of docs/product.md#validation-rules with the field names', async () => {
    const res = await signUp(signupBody({ password: 'kurz', password_repeat: 'kurz', display_name: '' }));
    expect(res.json<ApiError>().fields).toMatchObject({
      password: { message: 'Passwort muss mindestens 10 Zeichen lang sein' },
      display_name: { message: 'Anzeigename darf nicht leer sein' },
    });
  });
});
