import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedUser, Member, PatientAppointment } from '@wartefrei/shared';
import { jobs } from '../db/schema/index.js';
import { runDueJobs } from './jobs/index.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { setNow } from '../../test/support/test-clock.js';
import { asUser, freshAddress, givenAdmin } from '../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../test/support/tickets.js';
import { bookingBody, givenBookablePractice } from '../../test/support/appointments.js';
import { startSmsGateway } from '../../test/support/sms.js';

/*
 * What SMS cost the practice and a stranger's phone, whoever types the number in: per number
 * and per ticket (or appointment), each per day. A refused SMS is not sent; an alert says so
 * to staff, a booking's news goes by mail alone, a reminder job ends rather than retrying.
 */

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  sms = await startSmsGateway();
  t = await startTestApp({
    drawLimit: { perIp: 100_000, windowSeconds: 600 },
    bookingLimit: { perIp: 100_000, windowSeconds: 600 },
    smsUrl: sms.url,
    smsLimits: { perPhone: 3, perTicket: 2, windowSeconds: 86_400 },
  });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const textsTo = (phone: string) => sms.received.filter((s) => s.to === phone);

/** The staff view's alert deliveries of these tickets, once `count` were tried and none is on its way any more. */
async function settledDeliveries(admin: LoggedUser, queueId: string, memberIds: string[], count: number) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const members = (await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin) })).json<Member[]>();
    const deliveries = members.filter((m) => memberIds.includes(m.id)).flatMap((m) => m.alerts.deliveries);
    if ((deliveries.length >= count && deliveries.every((d) => d.state !== 'SENDING')) || Date.now() > deadline) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SMS per phone number', () => {
  it('sends a number its SMS of the day, whoever subscribes it; the next alert to it is not sent, and staff see why', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, accountId, { name: 'Allgemeinmedizin', mayActivateSmsNotifications: true, alertMembersAhead: 10 });
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push(await givenTicket(t, queueId));
    // Four tickets (four "patients", four addresses) subscribe one stranger's number; each is due at once.
    const subscribe = (ticketKey: string, phone: string) =>
      t.inject({ method: 'PUT', url: `/members/${ticketKey}/alerts`, payload: { sms: { phone } }, remoteAddress: freshAddress() });
    for (const ticket of tickets.slice(0, 4)) expect((await subscribe(linkKey(ticket), '+43 664 9990001')).statusCode).toBe(200);
    const deliveries = await settledDeliveries(
      admin,
      queueId,
      tickets.slice(0, 4).map((ticket) => ticket.id),
      4,
    );
    expect(deliveries.map((d) => d.state).sort()).toEqual(['FAILED', 'SENT', 'SENT', 'SENT']);
    expect(deliveries.find((d) => d.state === 'FAILED')?.error).toBe('SMS limit of this number or ticket reached');
    expect(textsTo('+436649990001')).toHaveLength(3);
    // Another number is counted apart.
    expect((await subscribe(linkKey(tickets[4]!), '+43 664 9990002')).statusCode).toBe(200);
    expect(await sms.waitFor('+436649990002', 1)).toHaveLength(1);

    // The next day the number has its SMS again.
    t.clock.advanceSeconds(86_400);
    const tomorrow = await givenTicket(t, queueId);
    expect((await subscribe(linkKey(tomorrow), '+43 664 9990001')).statusCode).toBe(200);
    expect(await sms.waitFor('+436649990001', 4)).toHaveLength(4);
  });
});

describe('SMS per appointment', () => {
  it('sends an appointment its SMS of the day; a reminder beyond goes by mail alone and is not retried; the number’s next appointment is texted', async () => {
    // Monday 30 March 2026, early: bookings for the same morning, the reminder that day.
    const p = await givenBookablePractice(t, { at: '2026-03-30T05:00:00+02:00', queue: { allowMoveAppointment: true } });
    const mail = 'termin-limit@example.com';
    const phone = '+436643330001';
    const post = (url: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
    const booked = await post('/appointments', bookingBody(p.type.id, '2026-03-30T08:00:00+02:00', { mail, phone: '+43 664 3330001', notify_sms: true, sms_reminder_minutes: 60 }));
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<PatientAppointment>();
    const key = linkKey(booked.json<PatientAppointment>());
    await Promise.all([sms.waitFor(phone, 1), t.smtp.waitForMail(mail)]);
    const beforeMove = t.smtp.mails.length;
    expect((await post(`/appointments/${key}/move`, { start: '2026-03-30T09:00:00+02:00' })).statusCode).toBe(200);
    await Promise.all([sms.waitFor(phone, 2), t.smtp.waitForMail(mail, { since: beforeMove })]);

    const since = t.smtp.mails.length;
    setNow(t.clock, '2026-03-30T08:00:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await t.smtp.waitForMail(mail, { since })).subject).toBe('Erinnerung an Ihren Termin: Arztgespräch');
    expect(textsTo(phone)).toHaveLength(2);
    const [reminder] = await t.app.ctx.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'appointment.reminder'), sql`${jobs.payload}->>'appointmentId' = ${id}`));
    expect(reminder?.status).toBe('DONE');

    // The number itself has one SMS left today: another appointment's confirmation gets it.
    const second = await post('/appointments', bookingBody(p.type.id, '2026-03-31T08:00:00+02:00', { mail, phone: '+43 664 3330001', notify_sms: true }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await sms.waitFor(phone, 3)).toHaveLength(3);
  });
});
