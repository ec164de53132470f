import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AppointmentType, BookableTypes } from '@wartefrei/shared';
import { eq } from 'drizzle-orm';
import { appointmentTypes } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { startSmsGateway } from '../../../test/support/sms.js';

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  // A server that sends SMS: the picker offers SMS reminders where a list allows them.
  sms = await startSmsGateway();
  t = await startTestApp({ smsUrl: sms.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

type Admin = Awaited<ReturnType<typeof givenAdmin>>;
const as = (user: Admin['user'], method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });

async function createType(a: Admin, payload: Record<string, unknown>): Promise<AppointmentType> {
  const res = await as(a.user, 'POST', '/appointment-types', payload);
  if (res.statusCode !== 201) throw new Error(`creating an appointment type failed: ${res.body}`);
  return res.json<AppointmentType>();
}

describe('POST and GET /appointment-types', () => {
  it('creates a type in its list’s location, named Arztgespräch unless told, and reads it back', async () => {
    const a = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const queueId = await givenQueue(t, a.accountId, { profileId });
    const res = await as(a.user, 'POST', '/appointment-types', { queue_id: queueId, duration_minutes: 15 });
    expect(res.statusCode).toBe(201);
    const created = res.json<AppointmentType>();
    expect(created).toEqual({
      id: expect.any(String),
      profile_id: profileId,
      queue_id: queueId,
      name: 'Arztgespräch',
      duration_minutes: 15,
      default_processor_id: null,
      bookable_online: true,
      bookable_kiosk: false,
      offer_count: 3,
      offer_minutes: 30,
      confirm_hours_before: null,
      unconfirmed_mark_hours: 24,
      created_at: expect.any(String),
    });
    expect((await as(a.user, 'GET', `/appointment-types/${created.id}`)).json()).toEqual(created);
  });

  it('lists the account’s types by name, filtered by location or list', async () => {
    const a = await givenAdmin(t);
    const wien = await givenProfile(t, a.accountId);
    const graz = await givenProfile(t, a.accountId);
    const inWien = await givenQueue(t, a.accountId, { profileId: wien });
    const inGraz = await givenQueue(t, a.accountId, { profileId: graz });
    const impfung = await createType(a, { queue_id: inWien, name: 'Impfung', duration_minutes: 10 });
    const befund = await createType(a, { queue_id: inWien, name: 'befund', duration_minutes: 20 });
    const vorsorge = await createType(a, { queue_id: inGraz, name: 'Vorsorge', duration_minutes: 30 });
    const names = async (url: string) => (await as(a.user, 'GET', url)).json<AppointmentType[]>().map((type) => type.id);
    expect(await names('/appointment-types')).toEqual([befund.id, impfung.id, vorsorge.id]);
    expect(await names(`/appointment-types?profile_id=${graz}`)).toEqual([vorsorge.id]);
    expect(await names(`/appointment-types?queue_id=${inWien}`)).toEqual([befund.id, impfung.id]);
    for (const filter of ['queue_id=kein-uuid', `queue_id=${randomUUID()}`, `profile_id=${randomUUID()}`]) {
      expect((await as(a.user, 'GET', `/appointment-types?${filter}`)).statusCode, filter).toBe(404);
    }
  });

  it('refuses a duration out of range, an unknown field and a missing list, naming the fields', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const res = await as(a.user, 'POST', '/appointment-types', { queue_id: queueId, duration_minutes: 2, colour: 'rot' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields).toMatchObject({ duration_minutes: { code: 'MIN_VALUE' }, colour: { code: 'UNKNOWN_FIELD' } });
    expect(body.fields?.duration_minutes?.message).toContain('Dauer (Minuten)');
    const noList = await as(a.user, 'POST', '/appointment-types', { duration_minutes: 10 });
    expect(noList.json<ApiError>().fields).toMatchObject({ queue_id: { code: 'REQUIRED' } });
  });

  it('takes a default processor only from the list’s own processors', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const serving = await givenProcessor(t, a.accountId, [queueId]);
    const elsewhere = await givenProcessor(t, a.accountId, []);
    const foreign = await givenAdmin(t);
    const ok = await createType(a, { queue_id: queueId, duration_minutes: 10, default_processor_id: serving.id });
    expect(ok.default_processor_id).toBe(serving.id);
    const notServing = await as(a.user, 'POST', '/appointment-types', { queue_id: queueId, duration_minutes: 10, default_processor_id: elsewhere.id });
    expect(notServing.statusCode).toBe(400);
    expect(notServing.json<ApiError>().fields).toMatchObject({ default_processor_id: { code: 'INVALID_VALUE' } });
    const otherAccount = await as(a.user, 'PATCH', `/appointment-types/${ok.id}`, { default_processor_id: foreign.user.id });
    expect(otherAccount.statusCode).toBe(404);
    const cleared = await as(a.user, 'PATCH', `/appointment-types/${ok.id}`, { default_processor_id: null, name: 'Blutabnahme', bookable_kiosk: true });
    expect(cleared.json<AppointmentType>()).toMatchObject({ default_processor_id: null, name: 'Blutabnahme', bookable_kiosk: true, duration_minutes: 10 });
  });
});

describe('the settings of earlier offers and confirmations', () => {
  it('takes offers and confirmations on create, changes them by PATCH, turns confirmations off with null', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const created = await createType(a, { queue_id: queueId, duration_minutes: 20, offer_count: 0, offer_minutes: 45, confirm_hours_before: 48, unconfirmed_mark_hours: 12 });
    expect(created).toMatchObject({ offer_count: 0, offer_minutes: 45, confirm_hours_before: 48, unconfirmed_mark_hours: 12 });
    const changed = await as(a.user, 'PATCH', `/appointment-types/${created.id}`, { offer_count: 5, confirm_hours_before: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AppointmentType>()).toMatchObject({ offer_count: 5, offer_minutes: 45, confirm_hours_before: null, unconfirmed_mark_hours: 12 });
    expect((await as(a.user, 'GET', `/appointment-types/${created.id}`)).json()).toEqual(changed.json());
  });

  it('refuses values out of range, naming each field', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const res = await as(a.user, 'POST', '/appointment-types', {
      queue_id: queueId,
      duration_minutes: 20,
      offer_count: 11,
      offer_minutes: 4,
      confirm_hours_before: 0,
      unconfirmed_mark_hours: 337,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toMatchObject({
      offer_count: { code: 'MAX_VALUE' },
      offer_minutes: { code: 'MIN_VALUE' },
      confirm_hours_before: { code: 'MIN_VALUE' },
      unconfirmed_mark_hours: { code: 'MAX_VALUE' },
    });
    const type = await createType(a, { queue_id: queueId, duration_minutes: 20 });
    const patch = await as(a.user, 'PATCH', `/appointment-types/${type.id}`, { offer_count: -1, confirm_hours_before: 337, offer_minutes: 1441 });
    expect(patch.statusCode).toBe(400);
    expect(patch.json<ApiError>().fields).toMatchObject({ offer_count: { code: 'MIN_VALUE' }, confirm_hours_before: { code: 'MAX_VALUE' }, offer_minutes: { code: 'MAX_VALUE' } });
    expect((await as(a.user, 'GET', `/appointment-types/${type.id}`)).json<AppointmentType>()).toMatchObject({ offer_count: 3, confirm_hours_before: null, offer_minutes: 30 });
  });
});

describe('who sees and changes appointment types', () => {
  it('processors read the types of their lists only and change none', async () => {
    const a = await givenAdmin(t);
    const mine = await givenQueue(t, a.accountId);
    const notMine = await givenQueue(t, a.accountId);
    const processor = await givenProcessor(t, a.accountId, [mine]);
    const visible = await createType(a, { queue_id: mine, duration_minutes: 10 });
    const hidden = await createType(a, { queue_id: notMine, duration_minutes: 10 });
    expect((await as(processor, 'GET', '/appointment-types')).json<AppointmentType[]>().map((type) => type.id)).toEqual([visible.id]);
    expect((await as(processor, 'GET', `/appointment-types/${visible.id}`)).statusCode).toBe(200);
    expect((await as(processor, 'GET', `/appointment-types/${hidden.id}`)).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', '/appointment-types', { queue_id: mine, duration_minutes: 10 }],
      ['PATCH', `/appointment-types/${visible.id}`, { name: 'Anders' }],
      ['DELETE', `/appointment-types/${visible.id}`, undefined],
    ] as const) {
      expect((await as(processor, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('another account’s type, list or a made-up id is a 404, exactly like a missing one', async () => {
    const a = await givenAdmin(t);
    const b = await givenAdmin(t);
    const theirQueue = await givenQueue(t, b.accountId);
    const theirs = await createType(b, { queue_id: theirQueue, duration_minutes: 10 });
    for (const [method, url, payload] of [
      ['GET', `/appointment-types/${theirs.id}`, undefined],
      ['PATCH', `/appointment-types/${theirs.id}`, { name: 'Übernommen' }],
      ['DELETE', `/appointment-types/${theirs.id}`, undefined],
      ['GET', `/appointment-types/${randomUUID()}`, undefined],
      ['GET', '/appointment-types/kein-uuid', undefined],
      ['POST', '/appointment-types', { queue_id: theirQueue, duration_minutes: 10 }],
      ['POST', '/appointment-types', { queue_id: 'kein-uuid', duration_minutes: 10 }],
    ] as const) {
      const res = await as(a.user, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json<ApiError>().code).toBe('NOT_FOUND');
    }
    expect((await as(a.user, 'GET', '/appointment-types')).json()).toEqual([]);
    expect((await as(b.user, 'GET', `/appointment-types/${theirs.id}`)).json<AppointmentType>().name).toBe('Arztgespräch');
  });
});

describe('DELETE /appointment-types/{id}', () => {
  it('archives the type: gone from every answer, the row kept', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const type = await createType(a, { queue_id: queueId, duration_minutes: 10 });
    expect((await as(a.user, 'DELETE', `/appointment-types/${type.id}`)).statusCode).toBe(204);
    expect((await as(a.user, 'GET', `/appointment-types/${type.id}`)).statusCode).toBe(404);
    expect((await as(a.user, 'DELETE', `/appointment-types/${type.id}`)).statusCode).toBe(404);
    expect((await as(a.user, 'GET', '/appointment-types')).json()).toEqual([]);
    const [kept] = await t.app.ctx.db.select().from(appointmentTypes).where(eq(appointmentTypes.id, type.id));
    expect(kept?.archivedAt).toBeInstanceOf(Date);
  });

  it('a type of an archived list leaves with its list', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenQueue(t, a.accountId);
    const type = await createType(a, { queue_id: queueId, duration_minutes: 10 });
    expect((await as(a.user, 'DELETE', `/queues/${queueId}`)).statusCode).toBe(204);
    expect((await as(a.user, 'GET', `/appointment-types/${type.id}`)).statusCode).toBe(404);
    expect((await as(a.user, 'GET', '/appointment-types')).json()).toEqual([]);
  });
});

describe('GET /appointment-types/bookable (the patient’s picker, no login)', () => {
  const bookable = async (query: string) => {
    const res = await t.inject({ method: 'GET', url: `/appointment-types/bookable?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<BookableTypes>().types;
  };

  it('lists what a list or a location offers on the channel, with whether the patient picks the processor', async () => {
    const a = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const queueId = await givenQueue(t, a.accountId, { profileId, name: 'Hausarzt', mayActivateSmsNotifications: true });
    const otherQueueId = await givenQueue(t, a.accountId, { profileId, name: 'Labor' });
    const processor = await givenProcessor(t, a.accountId, [queueId]);
    const talk = await createType(a, { queue_id: queueId, name: 'Gespräch', duration_minutes: 15, default_processor_id: processor.id, bookable_kiosk: true });
    const blood = await createType(a, { queue_id: otherQueueId, name: 'Blutabnahme', duration_minutes: 10, bookable_online: false, bookable_kiosk: true });
    const hidden = await createType(a, { queue_id: queueId, name: 'Nur Praxis', duration_minutes: 10, bookable_online: false });
    expect(hidden.bookable_kiosk).toBe(false);
    expect(await bookable(`queue_id=${queueId}`)).toEqual([
      { id: talk.id, name: 'Gespräch', duration_minutes: 15, queue_id: queueId, queue_name: 'Hausarzt', choose_processor: false, offers_earlier: true, sms_reminders: true },
    ]);
    expect((await bookable(`profile_id=${profileId}`)).map((type) => type.id)).toEqual([talk.id]);
    expect(await bookable(`profile_id=${profileId}&channel=KIOSK`)).toEqual([
      { id: blood.id, name: 'Blutabnahme', duration_minutes: 10, queue_id: otherQueueId, queue_name: 'Labor', choose_processor: true, offers_earlier: true, sms_reminders: false },
      { id: talk.id, name: 'Gespräch', duration_minutes: 15, queue_id: queueId, queue_name: 'Hausarzt', choose_processor: false, offers_earlier: true, sms_reminders: true },
    ]);
    // A deleted type is offered no more.
    expect((await as(a.user, 'DELETE', `/appointment-types/${talk.id}`)).statusCode).toBe(204);
    expect(await bookable(`queue_id=${queueId}`)).toEqual([]);
  });

  it('offers nothing for an unknown or malformed id, and asks for a list or a location', async () => {
    expect(await bookable(`queue_id=${randomUUID()}`)).toEqual([]);
    expect(await bookable('profile_id=kein-uuid')).toEqual([]);
    const res = await t.inject({ method: 'GET', url: '/appointment-types/bookable' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toMatchObject({ queue_id: { code: 'REQUIRED' } });
  });
});
