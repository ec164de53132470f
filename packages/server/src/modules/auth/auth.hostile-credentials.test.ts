import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenVerifiedAdmin, logIn } from '../../../test/support/factories.js';

/*
 * Regressions found by the endpoint fuzz (packages/server/test/fuzz): sign-out ended a token named beside another
 * user's id, and a NUL in the name of a sign-in or sign-out was a 500.
 */

const t = useTestApp();

describe('POST /auth/logout and /credentials/logout', () => {
  it.each(['/auth/logout', '/credentials/logout'])('%s with another user’s id beside a token ends nothing (401)', async (path) => {
    const a = await givenVerifiedAdmin(t);
    const b = await givenVerifiedAdmin(t);
    const userA = await logIn(t, a.username, a.password);
    const userB = await logIn(t, b.username, b.password);

    const res = await t.inject({ method: 'POST', url: path, headers: { authorization: basic(userA.id, userB.token) } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json<ApiError>().code).toBe('UNAUTHORIZED');
    // B is still signed in; the right pair still signs out (by id, and by username).
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(userB) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: path, headers: { authorization: basic(b.username.toUpperCase(), userB.token) } })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(userB) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: path, headers: asUser(userA) })).statusCode).toBe(204);
  });
});

describe('a NUL in the name of the Basic credentials', () => {
  it.each([
    ['POST', '/auth/login', 401, 'INVALID_CREDENTIALS'],
    ['POST', '/auth/logout', 401, 'UNAUTHORIZED'],
    ['POST', '/credentials/logout', 401, 'UNAUTHORIZED'],
  ] as const)('%s %s answers %i %s, not a 500', async (method, url, status, code) => {
    const res = await t.inject({ method, url, headers: { authorization: basic('a\u0000b@praxis.example', 'irgendein-geheimnis') } });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<ApiError>().code).toBe(code);
  });
});
