import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser } from '@wartefrei/shared';
import { basic, startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenVerifiedAdmin, logIn } from '../../../test/support/factories.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  // Per-IP limit lowered so the test stays short; the per-username limit keeps its real 100.
  t = await startTestApp();
  t.config.loginLimits = { ...t.config.loginLimits, perIp: 150 };
});
afterAll(async () => t.close());

const login = (username: string, password: string, ip: string) =>
  t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, password) }, remoteAddress: ip });

describe('tokens', () => {
  it('answer 440 SESSION_EXPIRED once past token_valid_until, 401 for anything else wrong', async () => {
    const admin = await givenVerifiedAdmin(t);
    const user = await logIn(t, admin.username, admin.password);
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    const expired = await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });
    expect(expired.statusCode).toBe(440);
    expect(expired.json<ApiError>()).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an' });

    const wrongToken = await t.inject({ method: 'GET', url: '/auth', headers: { authorization: basic(user.id, 'x'.repeat(43)) } });
    expect(wrongToken.statusCode).toBe(401);
    // Another user's id with this token is no match either.
    const other = await givenVerifiedAdmin(t);
    const otherUser = await logIn(t, other.username, other.password);
    const swapped = await t.inject({ method: 'GET', url: '/auth', headers: { authorization: basic(otherUser.id, user.token) } });
    expect(swapped.statusCode).toBe(401);
  });

  it('may be shorter than TOKEN_TTL on request, never longer', async () => {
    const admin = await givenVerifiedAdmin(t);
    const auth = { authorization: basic(admin.username, admin.password) };
    const short = await t.inject({ method: 'POST', url: '/auth/login?ttl=60', headers: auth });
    expect(new Date(short.json<{ token_valid_until: string }>().token_valid_until).getTime() - t.clock.now().getTime()).toBe(60_000);
    const long = await t.inject({ method: 'POST', url: `/auth/login?ttl=${t.config.tokenTtlSeconds * 10}`, headers: auth });
    expect(new Date(long.json<{ token_valid_until: string }>().token_valid_until).getTime() - t.clock.now().getTime()).toBe(t.config.tokenTtlSeconds * 1000);
    const bad = await t.inject({ method: 'POST', url: '/auth/login?ttl=abc', headers: auth });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['no header', undefined],
    ['not Basic', 'Bearer abc'],
    ['no colon', `Basic ${Buffer.from('nur-ein-teil').toString('base64')}`],
    ['garbage', 'Basic %%%'],
  ])('%s → 401 AUTH_HEADER_MISSING', async (_name, authorization) => {
    const headers = authorization ? { authorization } : {};
    const de = await t.inject({ method: 'GET', url: '/auth', headers });
    expect(de.statusCode).toBe(401);
    expect(de.json<ApiError>()).toMatchObject({ code: 'AUTH_HEADER_MISSING', message: expect.stringMatching(/^Authentifizierung fehlgeschlagen/) });
    const en = await t.inject({ method: 'GET', url: '/auth', headers: { ...headers, 'accept-language': 'en' } });
    expect(en.json<ApiError>().message).toBe('Please provide a proper authorization header');
  });
});

describe('failed sign-ins are limited', () => {
  it('per username: 100 failures an hour, then 429 with Retry-After even for the right password', async () => {
    const admin = await givenVerifiedAdmin(t);
    const username = admin.username;
    // Spread over many addresses: the limit follows the username, not the IP.
    for (let i = 0; i < 100; i++) {
      const res = await login(username, `falsch-${i}`, `10.1.${Math.floor(i / 50)}.${i % 50}`);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(username, admin.password, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiError>().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Another user from the same addresses is not affected.
    const other = await givenVerifiedAdmin(t);
    expect((await login(other.username, other.password, '10.1.0.1')).statusCode).toBe(200);

    t.clock.advanceSeconds(retryAfter);
    expect((await login(username, admin.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('per IP: spraying many usernames from one address is stopped', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 150; i++) {
      const res = await login(`gibt-es-nicht-${i}@praxis.example`, 'irgendwas-falsches', ip);
      expect(res.statusCode).toBe(401);
    }
    const admin = await givenVerifiedAdmin(t);
    const limited = await login(admin.username, admin.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiError>().message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuchen Sie es in \d+ Minuten erneut\./);
    expect((await login(admin.username, admin.password, '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('a password hashed with MD5 first (docs/product.md#the-api: old clients)', () => {
  const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

  it('signs in with the MD5 in hex as with the password; the database keeps neither the password nor its MD5', async () => {
    const admin = await givenVerifiedAdmin(t);
    expect((await login(admin.username, md5(admin.password), '192.0.2.90')).statusCode).toBe(200);
    expect((await login(admin.username, md5(admin.password).toUpperCase(), '192.0.2.90')).statusCode).toBe(200);
    expect((await login(admin.username, md5(`${admin.password}x`), '192.0.2.90')).statusCode).toBe(401);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, admin.user_id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordMd5Hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(md5(admin.password));
  });

  it('a new password ends the old one’s MD5 too', async () => {
    const admin = await givenVerifiedAdmin(t);
    const user = await logIn(t, admin.username, admin.password, '192.0.2.91');
    const changed = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { current_password: admin.password, password: 'ein-ganz-neues-Passwort-7', password_repeat: 'ein-ganz-neues-Passwort-7' },
      remoteAddress: '192.0.2.91',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await login(admin.username, md5(admin.password), '192.0.2.91')).statusCode).toBe(401);
    expect((await login(admin.username, md5('ein-ganz-neues-Passwort-7'), '192.0.2.91')).statusCode).toBe(200);
  });
});

describe('stay signed in (docs/product.md#errors: 440)', () => {
  const renew = (userId: string, key: string, ip = '192.0.2.95') =>
    t.inject({ method: 'POST', url: '/auth/renew', headers: { authorization: basic(userId, key) }, remoteAddress: ip });

  it('trades the renewal key for a new token after a 440, once; each use hands out a new key', async () => {
    const admin = await givenVerifiedAdmin(t);
    const res = await t.inject({
      method: 'POST',
      url: '/auth/login?ttl=60&stay=true',
      headers: { authorization: basic(admin.username, admin.password) },
      remoteAddress: '192.0.2.95',
    });
    const first = res.json<LoggedUser>();
    expect(first.renewal_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    t.clock.advanceSeconds(61);
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(first) })).statusCode).toBe(440);

    const renewed = await renew(first.id, first.renewal_token!);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const second = renewed.json<LoggedUser>();
    expect(second.token).not.toBe(first.token);
    expect(second.renewal_token).not.toBe(first.renewal_token);
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(second) })).statusCode).toBe(200);
    // The new key works in turn (the spent one's second use ends the session: own-sessions.routes.test.ts).
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    expect((await renew(second.id, second.renewal_token!)).statusCode).toBe(200);
  });

  it('gives no key without asking, refuses another user’s key, and ends with its sign-out or after 30 days', async () => {
    const admin = await givenVerifiedAdmin(t);
    const plain = await logIn(t, admin.username, admin.password, '192.0.2.96');
    expect(plain.renewal_token).toBeUndefined();
    const stay = (
      await t.inject({ method: 'POST', url: '/auth/login?stay=true', headers: { authorization: basic(admin.username, admin.password) }, remoteAddress: '192.0.2.96' })
    ).json<LoggedUser>();
    const other = await givenVerifiedAdmin(t);
    const otherUser = await logIn(t, other.username, other.password, '192.0.2.96');
    expect((await renew(otherUser.id, stay.renewal_token!)).statusCode).toBe(401);

    const kept = (
      await t.inject({ method: 'POST', url: '/auth/login?stay=true', headers: { authorization: basic(admin.username, admin.password) }, remoteAddress: '192.0.2.96' })
    ).json<LoggedUser>();
    // A sign-out ends its own session, key and all; the other devices' sessions go on.
    expect((await t.inject({ method: 'POST', url: '/auth/logout', headers: asUser(stay) })).statusCode).toBe(204);
    expect((await renew(stay.id, stay.renewal_token!)).statusCode).toBe(401);
    expect((await renew(kept.id, kept.renewal_token!)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(plain) })).statusCode).toBe(200);

    const late = (
      await t.inject({ method: 'POST', url: '/auth/login?stay=true', headers: { authorization: basic(admin.username, admin.password) }, remoteAddress: '192.0.2.96' })
    ).json<LoggedUser>();
    t.clock.advanceSeconds(30 * 86_400 + 1);
    expect((await renew(late.id, late.renewal_token!)).statusCode).toBe(401);
  });
});
