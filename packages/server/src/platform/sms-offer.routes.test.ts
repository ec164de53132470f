import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, BookableTypes, SystemInformation, TicketView } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { asUser } from '../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../test/support/appointments.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../test/support/tickets.js';
import { startSmsGateway } from '../../test/support/sms.js';

/*
 * Issue 40 §4: SMS is never silently not sent. A server without SMS_URL, or a list whose SMS
 * switch is off, offers patients no SMS and refuses one asked for — an alert, `notify_sms`, an
 * SMS reminder, from a patient or from staff — with a stable code and a message in the
 * caller's language, instead of taking what would never leave.
 */

type Practice = Awaited<ReturnType<typeof givenBookablePractice>>;
const limits = { drawLimit: { perIp: 100_000, windowSeconds: 600 }, bookingLimit: { perIp: 100_000, windowSeconds: 600 } };

function helpers(t: () => TestApp) {
  return {
    system: async () => (await t().inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>(),
    ticket: async (key: string) => (await t().inject({ method: 'GET', url: `/members/${key}` })).json<TicketView>(),
    subscribeSms: (key: string, lang = 'de') =>
      t().inject({ method: 'PUT', url: `/members/${key}/alerts`, headers: { 'accept-language': lang }, payload: { sms: { phone: '+43 664 5550001' } } }),
    bookable: async (queueId: string) => (await t().inject({ method: 'GET', url: `/appointment-types/bookable?queue_id=${queueId}` })).json<BookableTypes>(),
    book: (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t().inject({ method: 'POST', url: '/appointments', headers, payload }),
    staffBooking: (p: Practice, start: string, extra: Record<string, unknown>) =>
      t().inject({
        method: 'POST',
        url: '/appointments',
        headers: asUser(p.user),
        payload: { appointment_type_id: p.type.id, start, processor_id: p.processor.id, last_name: 'Muster', phone: '+43 664 5550002', ...extra },
      }),
  };
}

describe('a server without SMS_URL', () => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp(limits);
  });
  afterAll(async () => t.close());

  it('tells the staff app it sends no SMS, and offers no SMS on the ticket page even where the list allows them', async () => {
    expect((await h.system()).sms_enabled).toBe(false);
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const queueId = await givenOpenQueue(t, p.accountId, { mayActivateSmsNotifications: true });
    const drawn = await givenTicket(t, queueId);
    expect((await h.ticket(linkKey(drawn))).alerts.sms_offered).toBe(false);
  });

  it('refuses an SMS alert with SMS_NOT_CONFIGURED, in the patient’s language', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const drawn = await givenTicket(t, await givenOpenQueue(t, p.accountId, { mayActivateSmsNotifications: true }));
    const res = await h.subscribeSms(linkKey(drawn));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>()).toMatchObject({ code: 'SMS_NOT_CONFIGURED', message: 'Dieser Server hat keinen SMS-Versand eingerichtet.' });
    expect((await h.subscribeSms(linkKey(drawn), 'tr')).json<ApiError>().message).toBe('Bu sunucuda SMS gönderimi ayarlanmamış.');
    expect((await h.ticket(linkKey(drawn))).alerts.sms_phone_end).toBeNull();
  });

  it('offers no SMS reminder when booking, and refuses notify_sms and an SMS reminder from patients and staff alike', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now }); // its list allows SMS
    expect((await h.bookable(p.queueId)).types[0]).toMatchObject({ id: p.type.id, sms_reminders: false });
    const texted = await h.book(bookingBody(p.type.id, SPRING.monday8, { phone: '+43 664 5550003', notify_sms: true }), { 'accept-language': 'en' });
    expect(texted.statusCode).toBe(400);
    expect(texted.json<ApiError>()).toMatchObject({ code: 'SMS_NOT_CONFIGURED', message: 'This server has no SMS sending set up.' });
    expect((await h.book(bookingBody(p.type.id, SPRING.monday8, { phone: '+43 664 5550003', sms_reminder_minutes: 60 }))).json<ApiError>().code).toBe('SMS_NOT_CONFIGURED');
    expect((await h.staffBooking(p, SPRING.monday9, { notify_sms: true })).json<ApiError>().code).toBe('SMS_NOT_CONFIGURED');
    // Without SMS both book as before.
    expect((await h.book(bookingBody(p.type.id, SPRING.monday8))).statusCode).toBe(201);
    const staffBooked = await h.staffBooking(p, SPRING.monday9, { notify_sms: false });
    expect(staffBooked.statusCode).toBe(201);
    // Nor can staff switch SMS on later.
    const patched = await t.inject({ method: 'PATCH', url: `/appointments/${staffBooked.json<{ id: string }>().id}`, headers: asUser(p.user), payload: { notify_sms: true } });
    expect(patched.json<ApiError>().code).toBe('SMS_NOT_CONFIGURED');
  });
});

describe('a server with an SMS gateway', () => {
  let t: TestApp;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  const h = helpers(() => t);
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await startTestApp({ ...limits, smsUrl: sms.url });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('tells the staff app it sends SMS', async () => {
    expect((await h.system()).sms_enabled).toBe(true);
  });

  it('refuses SMS where the list’s switch is off (SMS_NOT_ALLOWED) — alerts, patients’ and staff bookings', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { mayActivateSmsNotifications: false } });
    const drawn = await givenTicket(t, await givenOpenQueue(t, p.accountId, { mayActivateSmsNotifications: false }));
    expect((await h.ticket(linkKey(drawn))).alerts.sms_offered).toBe(false);
    const alert = await h.subscribeSms(linkKey(drawn));
    expect(alert.statusCode).toBe(400);
    expect(alert.json<ApiError>()).toMatchObject({ code: 'SMS_NOT_ALLOWED', message: 'Diese Warteliste bietet keine Benachrichtigung per SMS an.' });
    expect((await h.bookable(p.queueId)).types[0]?.sms_reminders).toBe(false);
    expect((await h.book(bookingBody(p.type.id, SPRING.monday8, { phone: '+43 664 5550004', notify_sms: true }))).json<ApiError>().code).toBe('SMS_NOT_ALLOWED');
    expect((await h.staffBooking(p, SPRING.monday9, { sms_reminder_minutes: 30 })).json<ApiError>().code).toBe('SMS_NOT_ALLOWED');
  });

  it('offers and sends SMS where the list allows them', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const drawn = await givenTicket(t, await givenOpenQueue(t, p.accountId, { mayActivateSmsNotifications: true }));
    expect((await h.ticket(linkKey(drawn))).alerts.sms_offered).toBe(true);
    expect((await h.subscribeSms(linkKey(drawn))).statusCode).toBe(200);
    expect((await h.bookable(p.queueId)).types[0]?.sms_reminders).toBe(true);
    const booked = await h.book(bookingBody(p.type.id, SPRING.monday8, { phone: '+43 664 5550005', notify_sms: true }));
    expect(booked.statusCode).toBe(201);
    expect((await sms.waitFor('+436645550005', 1))[0]?.text).toContain('ist gebucht');
    expect((await h.staffBooking(p, SPRING.monday9, { notify_sms: true, phone: '+43 664 5550006' })).statusCode).toBe(201);
    await sms.waitFor('+436645550006', 1);
  });
});
