import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Appointment, Availability, PatientAppointment } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING, type PracticeOptions } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { startSmsGateway } from '../../../test/support/sms.js';
import { accounts } from '../../db/schema/index.js';

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  // A server that sends SMS, so that an SMS reminder is judged by its fields (sms-offer.routes.test.ts: without).
  sms = await startSmsGateway();
  t = await startTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 }, smsUrl: sms.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const { monday8: MONDAY_8, monday9: MONDAY_9 } = SPRING;

const givenPractice = (options: PracticeOptions = {}) => givenBookablePractice(t, { at: SPRING.now, ...options });
const book = (body: Record<string, unknown>, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.inject({ method: 'POST', url: '/appointments', payload: body, headers, remoteAddress: ip });

describe('POST /appointments by a patient', () => {
  it('books a free time the rules offer: the answer is the patient’s page, the time is gone from availability', async () => {
    const p = await givenPractice();
    const res = await book(bookingBody(p.type.id, MONDAY_8));
    expect(res.statusCode).toBe(201);
    const booked = res.json<PatientAppointment>();
    expect(booked).toMatchObject({
      status: 'BOOKED',
      view: 'booked',
      source: 'SELF_BOOKED',
      start: MONDAY_8,
      end: MONDAY_9,
      time_zone: 'Europe/Vienna',
      type_name: 'Arztgespräch',
      processor_name: 'Bearbeiter',
      can_cancel: true,
      can_move: false,
      late_minutes: 0,
    });
    expect(booked).not.toHaveProperty('last_name');
    const free = await t.inject({ method: 'GET', url: `/appointment-types/${p.type.id}/availability?from=2026-03-30&to=2026-03-30` });
    expect(free.json<Availability>().slots.map((s) => s.start)).toEqual([MONDAY_9]);
    expect((await t.inject({ method: 'GET', url: `/appointments/${linkKey(booked)}` })).json<PatientAppointment>()).toEqual(booked);
  });

  it('refuses a taken time with APPOINTMENT_SLOT_TAKEN, and gives it to another processor when none was asked for', async () => {
    const p = await givenPractice({ processors: 2 });
    expect((await book(bookingBody(p.type.id, MONDAY_8))).statusCode).toBe(201);
    expect((await book(bookingBody(p.type.id, MONDAY_8))).statusCode).toBe(201);
    const third = await book(bookingBody(p.type.id, MONDAY_8));
    expect(third.statusCode).toBe(409);
    expect(third.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_SLOT_TAKEN', message: 'Dieser Termin ist inzwischen vergeben. Bitte wählen Sie eine andere Zeit.' });
    const named = await book(bookingBody(p.type.id, MONDAY_9, { processor_id: p.processors[1]!.id }));
    expect(named.statusCode).toBe(201);
    const list = await t.inject({ method: 'GET', url: '/appointments?from=2026-03-30&to=2026-03-30', headers: asUser(p.user) });
    const taken = list.json<Appointment[]>().map((a) => `${a.start} ${a.processor_id}`);
    expect(taken.sort()).toEqual([`${MONDAY_8} ${p.processors[0]!.id}`, `${MONDAY_8} ${p.processors[1]!.id}`, `${MONDAY_9} ${p.processors[1]!.id}`].sort());
  });

  it('refuses what the rules do not offer, with the reason: past, too soon, too far ahead, outside the hours', async () => {
    const p = await givenPractice({ slot: { min_hours_in_advance: 24, max_hours_in_advance: 24 * 14 } });
    const reasons: [string, string, string][] = [
      ['2026-03-24T08:00:00+01:00', 'IN_PAST', 'Dieser Zeitpunkt liegt in der Vergangenheit'],
      ['2026-04-20T08:00:00+02:00', 'TOO_FAR_AHEAD', 'So weit im Voraus kann dieser Termin noch nicht gebucht werden'],
      ['2026-03-30T08:30:00+02:00', 'OUTSIDE_HOURS', 'Zu dieser Zeit werden keine Termine dieser Art angeboten'],
      ['2026-04-01T08:00:00+02:00', 'OUTSIDE_HOURS', 'Zu dieser Zeit werden keine Termine dieser Art angeboten'],
    ];
    for (const [start, code, message] of reasons) {
      const res = await book(bookingBody(p.type.id, start));
      expect(res.statusCode, start).toBe(422);
      expect(res.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_NOT_BOOKABLE', message: 'Termin konnte nicht gebucht werden', fields: { start: { code, message } } });
    }
    setNow(t.clock, '2026-03-29T12:00:00+02:00');
    const soon = await book(bookingBody(p.type.id, MONDAY_8));
    expect(soon.json<ApiError>().fields).toMatchObject({ start: { code: 'TOO_SHORT_NOTICE' } });
  });

  it('asks the data the slot requires, in the shared formats', async () => {
    const p = await givenPractice({ slot: { required_fields: { phone: 'REQUIRED', mail: 'OPTIONAL', birth_date: 'REQUIRED', insurance_number: 'NONE' } } });
    const res = await book({
      appointment_type_id: p.type.id,
      start: MONDAY_8,
      first_name: ' ',
      mail: 'kein-mail',
      birth_date: '2030-01-01',
      phone: '0664',
      insurance_number: 'ignored',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toMatchObject({
      first_name: { code: 'REQUIRED' },
      last_name: { code: 'REQUIRED' },
      mail: { code: 'INVALID_EMAIL' },
      birth_date: { code: 'BIRTH_DATE_FUTURE' },
      phone: { code: 'INVALID_PHONE' },
    });
    expect(res.json<ApiError>().fields).not.toHaveProperty('insurance_number');
    const ok = await book({
      appointment_type_id: p.type.id,
      start: MONDAY_8,
      first_name: 'Ali',
      last_name: 'Yılmaz',
      birth_date: '1980-02-29',
      phone: '+43 664 1234567',
      insurance_number: '1237010180',
    });
    expect(ok.statusCode).toBe(201);
    const [stored] = (await t.inject({ method: 'GET', url: '/appointments?from=2026-03-30&to=2026-03-30', headers: asUser(p.user) })).json<Appointment[]>();
    expect(stored).toMatchObject({ phone: '+436641234567', insurance_number: null, mail: null, notify_mail: false });
    // A reminder by SMS needs a phone number.
    const q = await givenPractice();
    const sms = await book(bookingBody(q.type.id, MONDAY_8, { sms_reminder_minutes: 60 }));
    expect(sms.json<ApiError>().fields).toMatchObject({ phone: { code: 'REQUIRED' } });
    const odd = await book(bookingBody(q.type.id, MONDAY_8, { phone: '+43664123', sms_reminder_minutes: 45 }));
    expect(odd.json<ApiError>().fields).toMatchObject({ sms_reminder_minutes: { code: 'INVALID_VALUE' } });
  });

  it('books only types bookable on the channel, of a practice whose subscription is valid', async () => {
    const p = await givenPractice({ type: { bookable_online: false, bookable_kiosk: true } });
    expect((await book(bookingBody(p.type.id, MONDAY_8))).json<ApiError>().code).toBe('NOT_BOOKABLE_ONLINE');
    const kiosk = await book(bookingBody(p.type.id, MONDAY_8, { channel: 'KIOSK' }));
    expect(kiosk.statusCode).toBe(201);
    const q = await givenPractice();
    expect((await book(bookingBody(q.type.id, MONDAY_8, { channel: 'KIOSK' }))).json<ApiError>().code).toBe('NOT_BOOKABLE_AT_KIOSK');
    await t.app.ctx.db.update(accounts).set({ subscriptionState: 'deactivated' }).where(eq(accounts.id, q.accountId));
    const unpaid = await book(bookingBody(q.type.id, MONDAY_8));
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json<ApiError>().code).toBe('SUBSCRIPTION_INVALID');
    for (const id of [randomUUID(), 'kein-uuid']) expect((await book(bookingBody(id, MONDAY_8))).json<ApiError>().code).toBe('APPOINTMENT_TYPE_NOT_FOUND');
  });

  it('is rate limited per address', async () => {
    const limited = await startTestApp({ bookingLimit: { perIp: 2, windowSeconds: 600 } });
    try {
      const p = await givenBookablePractice(limited, { at: SPRING.now });
      const attempt = (ip: string) => limited.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, MONDAY_8), remoteAddress: ip });
      expect((await attempt('10.0.0.7')).statusCode).toBe(201);
      expect((await attempt('10.0.0.7')).statusCode).toBe(409);
      const third = await attempt('10.0.0.7');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((await attempt('10.0.0.8')).statusCode).toBe(409);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /appointments by staff', () => {
  it('books any time of a processor of the list that is not past, outside the rules too, with only a name', async () => {
    const p = await givenPractice({ slot: { min_hours_in_advance: 72 } });
    const res = await book({ appointment_type_id: p.type.id, start: '2026-03-27T16:30:00+01:00', processor_id: p.processor.id, last_name: 'Huber' }, asUser(p.processor));
    expect(res.statusCode).toBe(201);
    expect(res.json<Appointment>()).toMatchObject({ source: 'FRONTEND', channel: null, last_name: 'Huber', start: '2026-03-27T16:30:00+01:00', end: '2026-03-27T17:30:00+01:00' });
    const overlapping = await book({ appointment_type_id: p.type.id, start: '2026-03-27T17:00:00+01:00', processor_id: p.processor.id, last_name: 'Berger' }, asUser(p.user));
    expect(overlapping.json<ApiError>().code).toBe('APPOINTMENT_SLOT_TAKEN');
    const backToBack = await book({ appointment_type_id: p.type.id, start: '2026-03-27T17:30:00+01:00', processor_id: p.processor.id, last_name: 'Berger' }, asUser(p.user));
    expect(backToBack.statusCode).toBe(201);
    const past = await book({ appointment_type_id: p.type.id, start: '2026-03-27T11:00:00+01:00', processor_id: p.processor.id, last_name: 'Berger' }, asUser(p.user));
    expect(past.json<ApiError>().fields).toMatchObject({ start: { code: 'IN_PAST' } });
    // Inside the rules but within the 72 hours a patient may not book: staff may.
    expect((await book({ appointment_type_id: p.type.id, start: MONDAY_8, last_name: 'Berger' }, asUser(p.user))).statusCode).toBe(201);
    expect((await book({ appointment_type_id: p.type.id, start: MONDAY_9 }, asUser(p.user))).json<ApiError>().fields).toMatchObject({ last_name: { code: 'REQUIRED' } });
  });

  it('books only types and processors of the lists the caller sees', async () => {
    const p = await givenPractice();
    const stranger = await givenAdmin(t);
    const foreignType = await book({ appointment_type_id: p.type.id, start: MONDAY_8, last_name: 'X' }, asUser(stranger.user));
    expect(foreignType.statusCode).toBe(404);
    const q = await givenPractice();
    const foreignProcessor = await book({ appointment_type_id: p.type.id, start: MONDAY_8, processor_id: q.processor.id, last_name: 'X' }, asUser(p.user));
    expect(foreignProcessor.statusCode).toBe(404);
    const unassigned = await givenProcessor(t, p.accountId, []);
    const notServing = await book({ appointment_type_id: p.type.id, start: MONDAY_8, processor_id: unassigned.id, last_name: 'X' }, asUser(p.user));
    expect(notServing.json<ApiError>()).toMatchObject({ code: 'VALIDATION', fields: { processor_id: { code: 'INVALID_VALUE' } } });
    // A processor who does not serve the list does not see its types either.
    expect((await book({ appointment_type_id: p.type.id, start: MONDAY_8, last_name: 'X' }, asUser(unassigned))).statusCode).toBe(404);
  });
});
