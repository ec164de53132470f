import { describe, expect, it } from 'vitest';
import type { ApiError, Profile } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

const t = useTestApp();

type Admin = Awaited<ReturnType<typeof givenAdmin>>;
const post = (a: Admin, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/profiles', headers: asUser(a.user), payload });
const patch = (a: Admin, id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/profiles/${id}`, headers: asUser(a.user), payload });

describe('POST /profiles and GET /profiles', () => {
  it('creates a location with defaults, sanitises the identifier and lists it', async () => {
    const a = await givenAdmin(t);
    const res = await post(a, { name: '  Praxis Wien Süd ', identifier: 'Wien Süd' });
    expect(res.statusCode).toBe(201);
    const created = res.json<Profile>();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Praxis Wien Süd',
      identifier: 'Wien_Sued',
      time_zone: 'Europe/Vienna',
      country: null,
      region: null,
      address: { street1: null, postcode: null, city: null, province: null, country: null },
      kiosk_printing: 'OFF',
      quiet_hours: { start: '20:00', end: '08:00' },
    });
    const list = await t.inject({ method: 'GET', url: '/profiles', headers: asUser(a.user) });
    expect(list.statusCode).toBe(200);
    expect(list.json<Profile[]>()).toEqual([created]);
    const one = await t.inject({ method: 'GET', url: `/profiles/${created.id}`, headers: asUser(a.user) });
    expect(one.json<Profile>()).toEqual(created);
  });

  it('stores time zone, holiday country and region, and the address', async () => {
    const a = await givenAdmin(t);
    const res = await post(a, {
      name: 'München',
      identifier: 'muenchen',
      time_zone: 'Europe/Berlin',
      country: 'DE',
      region: 'by',
      address: { street1: 'Marienplatz 1', postcode: '80331', city: 'München', province: 'Bayern', country: 'DE' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Profile>()).toMatchObject({
      time_zone: 'Europe/Berlin',
      country: 'DE',
      region: 'BY',
      address: { street1: 'Marienplatz 1', postcode: '80331', city: 'München', province: 'Bayern', country: 'DE' },
    });
  });

  it.each([
    [{ identifier: '!!!' }, 'identifier', { code: 'IDENTIFIER_INVALID', message: 'Kennung muss mindestens einen Buchstaben oder eine Ziffer enthalten' }],
    [{ identifier: 'NULL' }, 'identifier', { code: 'IDENTIFIER_RESERVED', message: 'Diese Kennung ist reserviert und kann nicht verwendet werden' }],
    [{ identifier: 'monitor' }, 'identifier', { code: 'IDENTIFIER_RESERVED', message: 'Diese Kennung ist reserviert und kann nicht verwendet werden' }],
    [{ name: ' ' }, 'name', { code: 'REQUIRED', message: 'Name darf nicht leer sein' }],
    [{ name: 'x'.repeat(101) }, 'name', { code: 'MAX_LENGTH', message: 'Name darf maximal 100 Zeichen lang sein' }],
    [{ time_zone: 'Europe/Atlantis' }, 'time_zone', { code: 'INVALID_TIME_ZONE', message: 'Zeitzone ist keine gültige Zeitzone' }],
    [{ country: 'FR' }, 'country', { code: 'INVALID_VALUE', message: 'Land ist ungültig' }],
    [{ country: 'AT', region: 'BY' }, 'region', { code: 'INVALID_REGION', message: 'Bundesland/Kanton ist kein Bundesland bzw. Kanton des gewählten Landes' }],
    [{ region: '9' }, 'region', { code: 'INVALID_REGION', message: 'Bundesland/Kanton ist kein Bundesland bzw. Kanton des gewählten Landes' }],
    [{ address: { city: 'x'.repeat(101) } }, 'address.city', { code: 'MAX_LENGTH', message: 'Ort darf maximal 100 Zeichen lang sein' }],
    [{ address: { planet: 'Erde' } }, 'planet', { code: 'UNKNOWN_FIELD', message: 'planet ist kein bekanntes Feld' }],
  ])('refuses %o at the field with its message', async (override, field, problem) => {
    const a = await givenAdmin(t);
    const res = await post(a, { name: 'Standort', identifier: 'standort', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toEqual(problem);
    const list = await t.inject({ method: 'GET', url: '/profiles', headers: asUser(a.user) });
    expect(list.json<Profile[]>()).toEqual([]);
  });

  it('accepts every canton and state date-holidays knows, e.g. Vienna 9 and Zurich ZH', async () => {
    const a = await givenAdmin(t);
    expect((await post(a, { name: 'Wien', identifier: 'wien', country: 'AT', region: '9' })).statusCode).toBe(201);
    expect((await post(a, { name: 'Zürich', identifier: 'zuerich', country: 'CH', region: 'ZH', time_zone: 'Europe/Zurich' })).statusCode).toBe(201);
  });

  it('keeps identifiers unique per account, case-insensitively; other accounts may use the same', async () => {
    const a = await givenAdmin(t);
    await postProfile(t, a.user, { identifier: 'Zentrum' });
    const again = await post(a, { name: 'Noch eins', identifier: 'zentrum' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      fields: { identifier: { code: 'IDENTIFIER_IN_USE', message: 'Diese Kennung wird bereits verwendet' } },
    });
    const en = await t.inject({ method: 'POST', url: '/profiles', headers: asUser(a.user, { 'accept-language': 'en' }), payload: { name: 'X', identifier: 'ZENTRUM' } });
    expect(en.json<ApiError>().fields?.identifier?.message).toBe('This identifier is already in use');

    const b = await givenAdmin(t);
    expect((await post(b, { name: 'Zentrum', identifier: 'zentrum' })).statusCode).toBe(201);
  });
});

describe('PATCH /profiles/{id}', () => {
  it('changes only what is sent and merges address lines', async () => {
    const a = await givenAdmin(t);
    const p = await postProfile(t, a.user, { address: { street1: 'Hauptstraße 1', city: 'Graz' }, country: 'AT', region: '6' });
    const res = await patch(a, p.id, { name: 'Graz Mitte', address: { postcode: '8010', city: '' } });
    expect(res.statusCode).toBe(200);
    const expected = { ...p, name: 'Graz Mitte', address: { ...p.address, postcode: '8010', city: null } };
    expect(res.json<Profile>()).toEqual(expected);
    expect((await t.inject({ method: 'GET', url: `/profiles/${p.id}`, headers: asUser(a.user) })).json<Profile>()).toEqual(expected);
  });

  it('checks the stored region against a new country, and accepts country and region together', async () => {
    const a = await givenAdmin(t);
    const p = await postProfile(t, a.user, { country: 'AT', region: '9' });
    const wrong = await patch(a, p.id, { country: 'DE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().fields?.region?.code).toBe('INVALID_REGION');
    const right = await patch(a, p.id, { country: 'DE', region: 'BY', time_zone: 'Europe/Berlin' });
    expect(right.json<Profile>()).toMatchObject({ country: 'DE', region: 'BY', time_zone: 'Europe/Berlin' });
    const cleared = await patch(a, p.id, { country: null, region: null });
    expect(cleared.json<Profile>()).toMatchObject({ country: null, region: null });
  });

  it('refuses an identifier another location of the account has', async () => {
    const a = await givenAdmin(t);
    await postProfile(t, a.user, { identifier: 'nord' });
    const p = await postProfile(t, a.user, { identifier: 'sued' });
    const res = await patch(a, p.id, { identifier: 'NORD' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().fields?.identifier?.code).toBe('IDENTIFIER_IN_USE');
    const same = await patch(a, p.id, { identifier: 'Sued' });
    expect(same.json<Profile>().identifier).toBe('Sued');
  });
});

describe('kiosk printing', () => {
  it('starts OFF, is changed by an admin, and the kiosk reads it from the public view', async () => {
    const a = await givenAdmin(t);
    const created = (await post(a, { name: 'Linz', identifier: 'linz' })).json<Profile>();
    expect(created.kiosk_printing).toBe('OFF');
    const publicView = async () => (await t.inject({ method: 'GET', url: `/profiles/${created.id}/public` })).json<{ kiosk_printing: string }>().kiosk_printing;
    expect(await publicView()).toBe('OFF');
    for (const mode of ['BROWSER', 'SUNMI', 'OFF'] as const) {
      const res = await patch(a, created.id, { kiosk_printing: mode });
      expect(res.statusCode).toBe(200);
      expect(res.json<Profile>().kiosk_printing).toBe(mode);
      expect(await publicView()).toBe(mode);
    }
    const withMode = await post(a, { name: 'Wels', identifier: 'wels', kiosk_printing: 'SUNMI' });
    expect(withMode.json<Profile>().kiosk_printing).toBe('SUNMI');
  });

  it('refuses a mode it does not know', async () => {
    const a = await givenAdmin(t);
    const created = (await post(a, { name: 'Steyr', identifier: 'steyr' })).json<Profile>();
    const res = await patch(a, created.id, { kiosk_printing: 'PAPER' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toHaveProperty('kiosk_printing');
    expect((await t.inject({ method: 'GET', url: `/profiles/${created.id}`, headers: asUser(a.user) })).json<Profile>().kiosk_printing).toBe('OFF');
  });
});

describe('DELETE /profiles/{id}', () => {
  it('deletes the location together with its queues', async () => {
    const a = await givenAdmin(t);
    const p = await postProfile(t, a.user);
    const q = await postQueue(t, a.user, p.id);
    const res = await t.inject({ method: 'DELETE', url: `/profiles/${p.id}`, headers: asUser(a.user) });
    expect(res.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/profiles/${p.id}`, headers: asUser(a.user) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/queues/${q.id}`, headers: asUser(a.user) })).statusCode).toBe(404);
    const again = await t.inject({ method: 'DELETE', url: `/profiles/${p.id}`, headers: asUser(a.user) });
    expect(again.statusCode).toBe(404);
  });
});

describe('permissions and tenant isolation', () => {
  it('lets processors read locations but not change them', async () => {
    const a = await givenAdmin(t);
    const p = await postProfile(t, a.user);
    const processor = await givenProcessor(t, a.accountId);
    const h = asUser(processor);
    expect((await t.inject({ method: 'GET', url: '/profiles', headers: h })).json<Profile[]>()).toEqual([p]);
    expect((await t.inject({ method: 'GET', url: `/profiles/${p.id}`, headers: h })).statusCode).toBe(200);
    for (const req of [
      { method: 'POST' as const, url: '/profiles', payload: { name: 'X', identifier: 'x' } },
      { method: 'PATCH' as const, url: `/profiles/${p.id}`, payload: { name: 'X' } },
      { method: 'DELETE' as const, url: `/profiles/${p.id}` },
    ]) {
      const res = await t.inject({ ...req, headers: h });
      expect(res.statusCode).toBe(403);
      expect(res.json<ApiError>().code).toBe('FORBIDDEN');
    }
    expect((await t.inject({ method: 'GET', url: `/profiles/${p.id}`, headers: h })).json<Profile>()).toEqual(p);
  });

  it("answers 404 for another account's location on every endpoint, and for malformed ids", async () => {
    const a = await givenAdmin(t);
    const b = await givenAdmin(t);
    const foreign = await postProfile(t, b.user);
    await postProfile(t, a.user);
    const h = asUser(a.user);
    for (const id of [foreign.id, 'kein-uuid', '00000000-0000-4000-8000-000000000000']) {
      for (const req of [
        { method: 'GET' as const, url: `/profiles/${id}` },
        { method: 'PATCH' as const, url: `/profiles/${id}`, payload: { name: 'Übernommen' } },
        { method: 'DELETE' as const, url: `/profiles/${id}` },
      ]) {
        const res = await t.inject({ ...req, headers: h });
        expect(res.statusCode, `${req.method} ${id}`).toBe(404);
        expect(res.json<ApiError>().code).toBe('NOT_FOUND');
      }
    }
    const list = await t.inject({ method: 'GET', url: '/profiles', headers: h });
    expect(list.json<Profile[]>().map((p) => p.id)).not.toContain(foreign.id);
    expect((await t.inject({ method: 'GET', url: `/profiles/${foreign.id}`, headers: asUser(b.user) })).json<Profile>()).toEqual(foreign);
  });

  it('answers 401 without credentials', async () => {
    expect((await t.inject({ method: 'GET', url: '/profiles' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/profiles', payload: { name: 'X', identifier: 'x' } })).statusCode).toBe(401);
  });
});
