import ICAL from 'ical.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Appointment, PatientAppointment } from '@wartefrei/shared';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, logIn } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { useBookingWithSms } from '../../../test/support/message-channels.js';
import type { ReceivedMail } from '../../../test/support/smtp.js';
import { linkKey, linkKeyIn } from '../../../test/support/tickets.js';
import { jobs } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';

const world = useBookingWithSms();
const t = world.t;

let mailbox = 0;
/** A mail address of its own per test: its mails are easy to find. */
const newAddress = () => `patientin-${mailbox++}@example.com`;

/** The calendar file of a mail, parsed back with ical.js. */
function calendarOf(mail: ReceivedMail) {
  const file = mail.attachments.find((a) => a.filename === 'termin.ics');
  if (!file) throw new Error(`no calendar file in "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const events = calendar.getAllSubcomponents('vevent');
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    zone: zone.tzid,
    events: events.map((vevent) => {
      const event = new ICAL.Event(vevent);
      const start = vevent.getFirstProperty('dtstart')!;
      return {
        uid: event.uid,
        sequence: event.sequence,
        tzid: start.getParameter('tzid'),
        local: event.startDate.toString(),
        instant: event.startDate.toJSDate().toISOString(),
        status: vevent.getFirstPropertyValue('status'),
      };
    }),
  };
}

const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
/** The patient's page that a link opens (the link in a mail is one of its own: not the booking answer's). */
const pageOf = async (token: string) => (await t.inject({ method: 'GET', url: `/appointments/${token}` })).json<PatientAppointment>();
const remindersOf = async (id: string) =>
  (
    await t.app.ctx.db
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'appointment.reminder'), sql`${jobs.payload}->>'appointmentId' = ${id}`))
      .orderBy(asc(jobs.id))
  ).map((job) => ({ run_at: job.runAt, status: job.status }));

describe('what the patient is told', () => {
  it('a booking: a mail in their language with the calendar entry at the local time, TZID and VTIMEZONE', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const address = newAddress();
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: address, lang: 'en' }))).json<PatientAppointment>();
    const mail = await t.smtp.waitForMail(address);
    expect(mail.subject).toBe('Appointment confirmed: Arztgespräch');
    expect(mail.text).toContain('Monday, March 30, 2026 at 8:00');
    const link = linkKeyIn(mail.text);
    expect(mail.text).toContain(`http://wartefrei.test/a/${link}`);
    expect(link).not.toBe(linkKey(booked));
    expect((await pageOf(link)).id).toBe(booked.id);
    expect(calendarOf(mail)).toEqual({
      method: 'REQUEST',
      zone: 'Europe/Vienna',
      events: [{ uid: `${booked.id}@wartefrei`, sequence: 0, tzid: 'Europe/Vienna', local: '2026-03-30T08:00:00', instant: '2026-03-30T06:00:00.000Z', status: null }],
    });
  });

  it('a mail in plain text and in HTML: the button and the text link to the page, the kiosk code, nothing unescaped', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const address = newAddress();
    const booked = (
      await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: address, first_name: 'Eva <b>', last_name: 'Huber & Söhne' }))
    ).json<PatientAppointment>();
    const mail = await t.smtp.waitForMail(address);
    const link = `http://wartefrei.test/a/${linkKeyIn(mail.text)}`;
    expect((await pageOf(linkKeyIn(mail.text))).id).toBe(booked.id);
    expect(mail.text).toContain(`Code für den Check-in am Terminal: ${booked.check_in_code}`);
    expect(mail.html).toContain(`<a href="${link}" style="display:inline-block`);
    expect(mail.html).toContain('>Termin ansehen</a>');
    expect(mail.html).toContain(`<a href="${link}" style="color:#0b5c4f">${link}</a>`);
    expect(mail.html).toContain('Hallo Eva &lt;b&gt; Huber &amp; Söhne,');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(booked.check_in_code);
    expect(mail.html).toMatch(/<th scope="row"[^>]*>Wann<\/th><td[^>]*>Montag, 30\. März 2026 um 08:00<\/td>/);
    expect(mail.html).toContain('<html lang="de">');
  });

  it('a move: the same UID with a higher SEQUENCE; a cancel: METHOD:CANCEL', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { allowMoveAppointment: true } });
    const address = newAddress();
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: address }))).json<PatientAppointment>();
    await t.smtp.waitForMail(address);
    const seen = t.smtp.mails.length;
    expect((await post(`/appointments/${linkKey(booked)}/move`, { start: SPRING.tuesday8 })).statusCode).toBe(200);
    const moved = await t.smtp.waitForMail(address, { since: seen });
    expect(moved.subject).toBe('Termin verschoben: Arztgespräch');
    expect(calendarOf(moved).events[0]).toMatchObject({ uid: `${booked.id}@wartefrei`, sequence: 1, local: '2026-03-31T08:00:00' });
    const again = t.smtp.mails.length;
    expect((await post(`/appointments/${linkKey(booked)}/cancel`)).statusCode).toBe(200);
    const cancelled = await t.smtp.waitForMail(address, { since: again });
    expect(cancelled.subject).toBe('Termin abgesagt: Arztgespräch');
    expect(calendarOf(cancelled)).toMatchObject({ method: 'CANCEL', events: [{ uid: `${booked.id}@wartefrei`, sequence: 2, status: 'CANCELLED' }] });
    const file = await t.inject({ method: 'GET', url: `/appointments/${linkKey(booked)}/calendar.ics` });
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toContain('STATUS:CANCELLED');
  });

  it('a reminder by SMS and mail the chosen minutes before, through the gateway, once — also with two runners', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const address = newAddress();
    const body = bookingBody(p.type.id, SPRING.monday8, { mail: address, phone: '+43 664 1111111', notify_sms: true, sms_reminder_minutes: 60 });
    const booked = (await post('/appointments', body)).json<PatientAppointment>();
    expect(await world.sms.waitFor('+436641111111', 1)).toHaveLength(1); // the confirmation
    setNow(t.clock, '2026-03-30T06:59:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect(world.sms.received.filter((s) => s.to === '+436641111111')).toHaveLength(1);
    setNow(t.clock, '2026-03-30T07:00:00+02:00');
    await Promise.all([runDueJobs(t.app.ctx, { runnerId: 'a' }), runDueJobs(t.app.ctx, { runnerId: 'b' })]);
    const texts = world.sms.received.filter((s) => s.to === '+436641111111');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatchObject({
      authorization: 'Bearer geheim',
      text: expect.stringContaining('Erinnerung an Ihren Termin „Arztgespräch“ am Montag, 30. März 2026 um 08:00'),
    });
    const reminder = await t.smtp.waitForMail(address, { since: t.smtp.mails.findIndex((m) => m.to.includes(address)) + 1 });
    expect(reminder.subject).toBe('Erinnerung an Ihren Termin: Arztgespräch');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect(world.sms.received.filter((s) => s.to === '+436641111111')).toHaveLength(2);
    expect(await remindersOf(booked.id)).toEqual([{ run_at: new Date('2026-03-30T07:00:00+02:00'), status: 'DONE' }]);
  });

  it('no reminder after a cancel; a move takes the reminder along; none in the past', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { allowMoveAppointment: true } });
    const phone = (n: number) => ({ phone: `+43664222000${n}`, notify_sms: true, sms_reminder_minutes: 120, mail: newAddress() });
    const cancelled = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, phone(1)))).json<PatientAppointment>();
    const moved = (await post('/appointments', bookingBody(p.type.id, SPRING.monday9, phone(2)))).json<PatientAppointment>();
    await post(`/appointments/${linkKey(cancelled)}/cancel`);
    await post(`/appointments/${linkKey(moved)}/move`, { start: SPRING.tuesday8 });
    expect(await remindersOf(cancelled.id)).toEqual([]);
    expect(await remindersOf(moved.id)).toEqual([{ run_at: new Date('2026-03-31T06:00:00+02:00'), status: 'PENDING' }]);
    setNow(t.clock, '2026-03-30T07:30:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect(world.sms.received.filter((s) => s.to === '+436642220001' && s.text.includes('Erinnerung'))).toEqual([]);
    expect(world.sms.received.filter((s) => s.to === '+436642220002' && s.text.includes('Erinnerung'))).toEqual([]);
    setNow(t.clock, '2026-03-31T06:00:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect(world.sms.received.filter((s) => s.to === '+436642220002' && s.text.includes('Erinnerung'))).toHaveLength(1);
    // Booked by staff 30 minutes ahead with a two-hour reminder: its time has passed, none is kept.
    setNow(t.clock, '2026-03-31T08:30:00+02:00');
    const staff = asUser(await logIn(t, p.admin.username, p.admin.password)); // days later: a new sign-in
    const late = await post(
      '/appointments',
      { appointment_type_id: p.type.id, start: '2026-03-31T09:00:00+02:00', processor_id: p.processor.id, last_name: 'Spät', ...phone(3) },
      staff,
    );
    expect(late.statusCode, late.body).toBe(201);
    expect(await remindersOf(late.json<Appointment>().id)).toEqual([]);
  });

  it('a move by staff: the SMS says the appointment was moved, not booked', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const booked = await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { phone: '+43 664 4440001', notify_sms: true, lang: 'en' }));
    expect(booked.statusCode).toBe(201);
    expect((await world.sms.waitFor('+436644440001', 1))[0]?.text).toContain('is booked');
    const staff = asUser(p.user);
    const moved = await t.inject({ method: 'PATCH', url: `/appointments/${booked.json<PatientAppointment>().id}`, headers: staff, payload: { start: SPRING.tuesday8 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const [, news] = await world.sms.waitFor('+436644440001', 2);
    expect(news?.text).toMatch(/^.+: your appointment "Arztgespräch" has been moved to Tuesday, March 31, 2026 at 8:00/);
    expect(news?.text).not.toContain('booked');
    // Its link opens the moved appointment.
    expect((await pageOf(linkKeyIn(news?.text))).id).toBe(booked.json<PatientAppointment>().id);
  });

  it('staff cancelling a series tells the patient once, with every occurrence cancelled in the file', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const address = newAddress();
    const first = await post(
      '/appointments',
      {
        appointment_type_id: p.type.id,
        start: '2026-03-28T08:00:00+01:00',
        processor_id: p.processor.id,
        last_name: 'Serie',
        mail: address,
        notify_mail: true,
        recurrence: { frequency: 'WEEKLY', count: 3 },
      },
      asUser(p.user),
    );
    const booking = await t.smtp.waitForMail(address);
    expect(calendarOf(booking).events.map((e) => e.local)).toEqual(['2026-03-28T08:00:00', '2026-04-04T08:00:00', '2026-04-11T08:00:00']);
    const seen = t.smtp.mails.length;
    await post(`/appointments/${first.json<Appointment>().id}/cancel`, { scope: 'ALL' }, asUser(p.user));
    const cancelled = await t.smtp.waitForMail(address, { since: seen });
    expect(calendarOf(cancelled)).toMatchObject({ method: 'CANCEL' });
    expect(calendarOf(cancelled).events.map((e) => e.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.mails.slice(seen).filter((m) => m.to.includes(address))).toHaveLength(1);
  });
});
