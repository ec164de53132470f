import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { basic, startTestApp, type TestApp } from '../../test/test-app.js';
import { givenVerifiedAdmin, logIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('GET /accounts/{id}', () => {
  it('shows the own account and answers another account exactly like a missing one', async () => {
    const mine = await givenVerifiedAdmin(t);
    const theirs = await givenVerifiedAdmin(t);
    const me = await logIn(t, mine.username, mine.password);
    const get = (id: string) => t.inject({ method: 'GET', url: `/accounts/${id}`, headers: { authorization: basic(me.id, me.token) } });

    const own = await get(me.account_id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: mine.account_id, display_name: mine.account_name });

    const foreign = await get(theirs.account_id);
    const missing = await get('00000000-0000-4000-8000-000000000000');
    const notAnId = await get('kein-uuid');
    for (const res of [foreign, missing, notAnId]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Nicht gefunden' });
    }
  });

  it('needs a login', async () => {
    const mine = await givenVerifiedAdmin(t);
    const res = await t.inject({ method: 'GET', url: `/accounts/${mine.account_id}` });
    expect(res.statusCode).toBe(401);
  });
});
