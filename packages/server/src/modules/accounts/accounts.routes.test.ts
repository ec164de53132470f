import { describe, expect, it } from 'vitest';
import type { Account, ApiError } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProcessor, givenVerifiedAdmin, logIn } from '../../../test/support/factories.js';

const t = useTestApp();

describe('GET /accounts/{id}', () => {
  it('shows the own account and answers another account exactly like a missing one', async () => {
    const mine = await givenVerifiedAdmin(t);
    const theirs = await givenVerifiedAdmin(t);
    const me = await logIn(t, mine.username, mine.password);
    const get = (id: string) => t.inject({ method: 'GET', url: `/accounts/${id}`, headers: asUser(me) });

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

describe('PATCH /accounts/{id}', () => {
  it('renames the own practice (admins), trims, checks the length, and answers another account like a missing one', async () => {
    const mine = await givenVerifiedAdmin(t);
    const theirs = await givenVerifiedAdmin(t);
    const me = await logIn(t, mine.username, mine.password);
    const patch = (id: string, payload: unknown) => t.inject({ method: 'PATCH', url: `/accounts/${id}`, headers: asUser(me), payload: payload as object });

    const renamed = await patch(me.account_id, { display_name: '  Praxis Dr. Neu  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: mine.account_id, display_name: 'Praxis Dr. Neu' });
    const read = await t.inject({ method: 'GET', url: `/accounts/${me.account_id}`, headers: asUser(me) });
    expect(read.json()).toMatchObject({ display_name: 'Praxis Dr. Neu' });

    const empty = await patch(me.account_id, { display_name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiError>().fields?.display_name?.code).toBe('REQUIRED');
    expect((await patch(me.account_id, { display_name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await patch(me.account_id, { identifier: 'neu' })).statusCode).toBe(400);

    const foreign = await patch(theirs.account_id, { display_name: 'Übernommen' });
    expect(foreign.statusCode).toBe(404);
    const theirsNow = await logIn(t, theirs.username, theirs.password);
    const unchanged = await t.inject({ method: 'GET', url: `/accounts/${theirs.account_id}`, headers: asUser(theirsNow) });
    expect(unchanged.json()).toMatchObject({ display_name: theirs.account_name });
  });

  it('keeps the practice’s field, chosen in onboarding, and refuses one that is not on the list', async () => {
    const mine = await givenVerifiedAdmin(t);
    const me = await logIn(t, mine.username, mine.password);
    const patch = (payload: unknown) => t.inject({ method: 'PATCH', url: `/accounts/${me.account_id}`, headers: asUser(me), payload: payload as object });
    expect((await t.inject({ method: 'GET', url: `/accounts/${me.account_id}`, headers: asUser(me) })).json<Account>().sector).toBeNull();
    const chosen = await patch({ sector: 'DENTISTRY' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Account>()).toMatchObject({ sector: 'DENTISTRY', display_name: mine.account_name });
    const wrong = await patch({ sector: 'ZAUBEREI' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<ApiError>().fields ?? {})).toEqual(['sector']);
    expect((await patch({ sector: null })).json<Account>().sector).toBeNull();
  });

  it('is for admins only', async () => {
    const mine = await givenVerifiedAdmin(t);
    const admin = await logIn(t, mine.username, mine.password);
    const processor = await givenProcessor(t, admin.account_id);
    const res = await t.inject({ method: 'PATCH', url: `/accounts/${admin.account_id}`, headers: asUser(processor), payload: { display_name: 'Nicht erlaubt' } });
    expect(res.statusCode).toBe(403);
  });
});
