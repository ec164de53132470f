import { describe, expect, it } from 'vitest';
import type { ApiError, InfoTag } from '@wartefrei/shared';
import { infoTags } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenInvitedProcessor } from '../../../test/support/processors.js';

const t = useTestApp();

type Headers = ReturnType<typeof asUser>;

async function createTag(headers: Headers, payload: Record<string, unknown>): Promise<InfoTag> {
  const res = await t.inject({ method: 'POST', url: '/info-tags', headers, payload });
  if (res.statusCode !== 201) throw new Error(`creating an info tag failed: ${res.body}`);
  return res.json<InfoTag>();
}

describe('POST and GET /info-tags', () => {
  it('creates a tag with defaults and with every field, and lists the account’s tags by name', async () => {
    const { user: admin } = await givenAdmin(t);
    const plain = await t.inject({ method: 'POST', url: '/info-tags', headers: asUser(admin), payload: { name: '  Rezept ' } });
    expect(plain.statusCode).toBe(201);
    expect(plain.json<InfoTag>()).toEqual({
      id: expect.any(String),
      name: 'Rezept',
      label: null,
      color: null,
      delay: 'NONE',
      delay_minutes: 0,
      time_priority: false,
      visible_on_ticket: true,
      ticket_text: null,
      hide_times_on_ticket: false,
    });
    const full = await createTag(asUser(admin), {
      name: 'Notfäll',
      label: 'Akuter Notfall',
      color: '#ff0000',
      delay: 'EARLIER',
      delay_minutes: 30,
      time_priority: true,
      visible_on_ticket: false,
      ticket_text: 'Bitte melden Sie sich am Empfang.',
      hide_times_on_ticket: true,
    });
    expect(full).toMatchObject({ name: 'Notfäll', color: '#FF0000', delay: 'EARLIER', delay_minutes: 30, time_priority: true });

    const list = await t.inject({ method: 'GET', url: '/info-tags', headers: asUser(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json<InfoTag[]>()).toEqual([full, plain.json<InfoTag>()]);
    const one = await t.inject({ method: 'GET', url: `/info-tags/${full.id}`, headers: asUser(admin) });
    expect(one.json<InfoTag>()).toEqual(full);
  });

  it.each([
    [{ name: 'Zehn-Zeich' }, undefined],
    [{ name: 'ÄÖÜäöüßÄÖÜ' }, undefined],
    [{ name: 'Elf-Zeichen' }, ['name', 'MAX_LENGTH', 'Name darf maximal 10 Zeichen lang sein']],
    [{ name: '   ' }, ['name', 'REQUIRED', 'Name darf nicht leer sein']],
    [{}, ['name', 'REQUIRED', 'Name darf nicht leer sein']],
    [{ name: 'Tag', delay_minutes: 10 }, ['delay_minutes', 'NO_DELAY_MUST_BE_ZERO', 'Ein Info-Tag ohne Verzögerung darf keine Verzögerung ungleich 0 haben']],
    [{ name: 'Tag', delay: 'NONE', delay_minutes: 1 }, ['delay_minutes', 'NO_DELAY_MUST_BE_ZERO', 'Ein Info-Tag ohne Verzögerung darf keine Verzögerung ungleich 0 haben']],
    [{ name: 'Tag', delay: 'LATER' }, ['delay_minutes', 'DELAY_MINUTES_REQUIRED', 'Bei früherer oder späterer Einplanung muss die Verzögerung mindestens 1 Minute betragen']],
    [
      { name: 'Tag', delay: 'EARLIER', delay_minutes: 0 },
      ['delay_minutes', 'DELAY_MINUTES_REQUIRED', 'Bei früherer oder späterer Einplanung muss die Verzögerung mindestens 1 Minute betragen'],
    ],
    [{ name: 'Tag', delay: 'LATER', delay_minutes: -5 }, ['delay_minutes', 'INVALID_VALUE', 'Verzögerung in Minuten ist ungültig']],
    [{ name: 'Tag', delay: 'LATER', delay_minutes: 2.5 }, ['delay_minutes', 'INVALID_TYPE', 'Verzögerung in Minuten hat ein ungültiges Format']],
    [{ name: 'Tag', delay: 'SOFORT' }, ['delay', 'INVALID_VALUE', 'Verzögerung ist ungültig']],
    [{ name: 'Tag', color: 'blau' }, ['color', 'INVALID_VALUE', 'Farbe ist ungültig']],
    [{ name: 'Tag', time_priority: 'ja' }, ['time_priority', 'INVALID_TYPE', 'Zeitpriorität hat ein ungültiges Format']],
    [{ name: 'Tag', ticket_text: 'x'.repeat(501) }, ['ticket_text', 'MAX_LENGTH', 'Text auf dem Ticket darf maximal 500 Zeichen lang sein']],
    [{ name: 'Tag', account_id: '00000000-0000-0000-0000-000000000000' }, ['account_id', 'UNKNOWN_FIELD', 'account_id ist kein bekanntes Feld']],
  ] as const)('%o → %o', async (payload, problem) => {
    const { user: admin } = await givenAdmin(t);
    const res = await t.inject({ method: 'POST', url: '/info-tags', headers: asUser(admin), payload });
    if (!problem) {
      expect(res.statusCode).toBe(201);
      expect(res.json<InfoTag>().name).toBe((payload as { name: string }).name);
      return;
    }
    const [field, code, message] = problem;
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>()).toMatchObject({ code: 'VALIDATION', fields: { [field]: { code, message } } });
    expect((await t.inject({ method: 'GET', url: '/info-tags', headers: asUser(admin) })).json()).toEqual([]);
  });

  it('answers the delay rule in English too', async () => {
    const { user: admin } = await givenAdmin(t);
    const res = await t.inject({
      method: 'POST',
      url: '/info-tags',
      headers: asUser(admin, { 'accept-language': 'en' }),
      payload: { name: 'Tag', delay: 'NONE', delay_minutes: 5 },
    });
    expect(res.json<ApiError>().fields?.delay_minutes?.message).toBe('An info tag without delay may not have a delay other than 0');
  });

  it('is backed by the check constraint info_tags_no_delay_is_zero', async () => {
    const { admin } = await givenAdmin(t);
    await expect(t.app.ctx.db.insert(infoTags).values({ accountId: admin.account_id, name: 'Roh', delay: 'NONE', delayMinutes: 5 })).rejects.toMatchObject({
      cause: { constraint: 'info_tags_no_delay_is_zero' },
    });
  });
});

describe('PATCH and DELETE /info-tags/{id}', () => {
  it('checks the delay rule on the merged tag', async () => {
    const { user: admin } = await givenAdmin(t);
    const later = await createTag(asUser(admin), { name: 'Später', delay: 'LATER', delay_minutes: 15 });
    const patch = (id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/info-tags/${id}`, headers: asUser(admin), payload });

    const noneOnly = await patch(later.id, { delay: 'NONE' });
    expect(noneOnly.statusCode).toBe(400);
    expect(noneOnly.json<ApiError>().fields).toEqual({
      delay_minutes: { code: 'NO_DELAY_MUST_BE_ZERO', message: 'Ein Info-Tag ohne Verzögerung darf keine Verzögerung ungleich 0 haben' },
    });
    const zeroOnly = await patch(later.id, { delay_minutes: 0 });
    expect(zeroOnly.json<ApiError>().fields?.delay_minutes?.code).toBe('DELAY_MINUTES_REQUIRED');
    expect((await t.inject({ method: 'GET', url: `/info-tags/${later.id}`, headers: asUser(admin) })).json<InfoTag>()).toEqual(later);

    const minutesOnly = await patch(later.id, { delay_minutes: 20, label: 'Kommt später' });
    expect(minutesOnly.statusCode).toBe(200);
    expect(minutesOnly.json<InfoTag>()).toEqual({ ...later, delay_minutes: 20, label: 'Kommt später' });

    const both = await patch(later.id, { delay: 'NONE', delay_minutes: 0 });
    expect(both.json<InfoTag>()).toMatchObject({ delay: 'NONE', delay_minutes: 0, label: 'Kommt später' });
    const earlier = await patch(later.id, { delay: 'EARLIER' });
    expect(earlier.json<ApiError>().fields?.delay_minutes?.code).toBe('DELAY_MINUTES_REQUIRED');

    const cleared = await patch(later.id, { label: null, ticket_text: '', name: 'Neu' });
    expect(cleared.json<InfoTag>()).toMatchObject({ name: 'Neu', label: null, ticket_text: null });
    const badName = await patch(later.id, { name: 'viel-zu-lang' });
    expect(badName.json<ApiError>().fields?.name?.code).toBe('MAX_LENGTH');
  });

  it('deletes a tag', async () => {
    const { user: admin } = await givenAdmin(t);
    const tag = await createTag(asUser(admin), { name: 'Weg' });
    const res = await t.inject({ method: 'DELETE', url: `/info-tags/${tag.id}`, headers: asUser(admin) });
    expect(res.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/info-tags/${tag.id}`, headers: asUser(admin) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/info-tags/${tag.id}`, headers: asUser(admin) })).statusCode).toBe(404);
  });
});

describe('permissions and tenant isolation', () => {
  it('lets processors read the tags and nothing else', async () => {
    const { user: admin } = await givenAdmin(t);
    const { user: processor } = await givenInvitedProcessor(t, admin);
    const tag = await createTag(asUser(admin), { name: 'Lesen' });

    expect((await t.inject({ method: 'GET', url: '/info-tags', headers: asUser(processor) })).json()).toEqual([tag]);
    expect((await t.inject({ method: 'GET', url: `/info-tags/${tag.id}`, headers: asUser(processor) })).json()).toEqual(tag);
    const calls = [
      { method: 'POST', url: '/info-tags', payload: { name: 'Heimlich' } },
      { method: 'PATCH', url: `/info-tags/${tag.id}`, payload: { name: 'Anders' } },
      { method: 'DELETE', url: `/info-tags/${tag.id}` },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: asUser(processor) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 403, code: 'FORBIDDEN' });
    }
    expect((await t.inject({ method: 'GET', url: '/info-tags', headers: asUser(admin) })).json()).toEqual([tag]);
  });

  it('answers 404 for another account’s tags and for ids that are no UUIDs', async () => {
    const { user: admin } = await givenAdmin(t);
    const { user: processor } = await givenInvitedProcessor(t, admin);
    const own = await createTag(asUser(admin), { name: 'Eigen' });
    const other = await givenAdmin(t);
    const foreign = await createTag(asUser(other.user), { name: 'Fremd' });

    expect((await t.inject({ method: 'GET', url: '/info-tags', headers: asUser(admin) })).json()).toEqual([own]);
    const calls = [
      { method: 'GET', url: `/info-tags/${foreign.id}` },
      { method: 'PATCH', url: `/info-tags/${foreign.id}`, payload: { name: 'Übernommen' } },
      { method: 'DELETE', url: `/info-tags/${foreign.id}` },
      { method: 'GET', url: '/info-tags/kein-uuid' },
      { method: 'PATCH', url: '/info-tags/kein-uuid', payload: { name: 'X' } },
      { method: 'DELETE', url: '/info-tags/kein-uuid' },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: asUser(admin) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 404, code: 'NOT_FOUND' });
    }
    const fromProcessor = await t.inject({ method: 'GET', url: `/info-tags/${foreign.id}`, headers: asUser(processor) });
    expect(fromProcessor.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/info-tags/${foreign.id}`, headers: asUser(other.user) })).json()).toEqual(foreign);
  });

  it('answers 401 without login', async () => {
    expect((await t.inject({ method: 'GET', url: '/info-tags' })).statusCode).toBe(401);
  });
});
