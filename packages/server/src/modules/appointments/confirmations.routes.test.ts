import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Appointment, PatientAppointment, WorkViewEntry } from '@wartefrei/shared';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, givenAdmin, logIn } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { useBookingWithSms } from '../../../test/support/message-channels.js';
import { linkKey } from '../../../test/support/tickets.js';
import { jobs } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';

const world = useBookingWithSms();
const t = world.t;

let mailbox = 0;
const newAddress = () => `bestaetigung-${mailbox++}@example.com`;
const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const pageOf = async (token: string) => (await t.inject({ method: 'GET', url: `/appointments/${token}` })).json<PatientAppointment>();
const staffView = async (p: Practice, id: string) => {
  const headers = await adminNow(p);
  const list = await t.inject({ method: 'GET', url: '/appointments?from=2026-03-28&to=2026-04-05', headers });
  return list.json<Appointment[]>().find((a) => a.id === id);
};
const jobsOf = async (kind: string, id: string) =>
  (
    await t.app.ctx.db
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'appointmentId' = ${id}`))
      .orderBy(asc(jobs.id))
  ).map((job) => ({ run_at: job.runAt, status: job.status }));
/** The two answers' links of a message: "Ich komme" and "Absagen", each to the appointment page. */
function answerLinks(text: string | undefined) {
  const confirm = /http:\/\/wartefrei\.test\/a\/([A-Za-z0-9_-]{22})\?answer=confirm/.exec(text ?? '')?.[1];
  const cancel = /http:\/\/wartefrei\.test\/a\/([A-Za-z0-9_-]{22})\?answer=cancel/.exec(text ?? '')?.[1];
  if (!confirm || !cancel) throw new Error(`no answer links in ${JSON.stringify(text)}`);
  return { confirm, cancel };
}

type Practice = Awaited<ReturnType<typeof givenBookablePractice>>;
/** Staff headers signed in now: days pass in these tests, and a sign-in of days ago has expired. */
const adminNow = async (p: Practice) => asUser(await logIn(t, p.admin.username, p.admin.password));
const processorNow = async (p: Practice) => asUser(await logIn(t, p.processor.username, 'richtig-langes-passwort'));

const withConfirmations = { type: { confirm_hours_before: 48, unconfirmed_mark_hours: 24 } };

describe('asking the patient to confirm', () => {
  it('asks once, 48 hours before, by mail and SMS with both links, which open the appointment — also with two runners', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, ...withConfirmations });
    const address = newAddress();
    const phone = '+43 664 5550001';
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: address, phone, notify_sms: true }))).json<PatientAppointment>();
    expect(booked.confirmation_state).toBeNull();
    await t.smtp.waitForMail(address); // the booking's
    expect(await jobsOf('appointment.confirm-ask', booked.id)).toEqual([{ run_at: new Date('2026-03-28T07:00:00+01:00'), status: 'PENDING' }]);
    expect(await world.sms.waitFor('+436645550001', 1)).toHaveLength(1); // the booking's
    setNow(t.clock, '2026-03-28T06:59:00+01:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await pageOf(linkKey(booked))).confirmation_state).toBeNull();
    setNow(t.clock, '2026-03-28T07:00:00+01:00');
    const seen = t.smtp.mails.length;
    await Promise.all([runDueJobs(t.app.ctx, { runnerId: 'a' }), runDueJobs(t.app.ctx, { runnerId: 'b' })]);
    const mail = await t.smtp.waitForMail(address, { since: seen });
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihren Termin: Arztgespräch');
    expect(mail.text).toContain('Ihr Termin „Arztgespräch“ ist am Montag, 30. März 2026 um 08:00');
    const links = answerLinks(mail.text);
    expect(links.confirm).toBe(links.cancel);
    expect(mail.html).toContain(`?answer=confirm" style="display:inline-block`);
    expect(mail.html).toContain('>Ich komme</a>');
    expect(mail.html).toContain('?answer=cancel');
    const page = await pageOf(links.confirm);
    expect(page).toMatchObject({ id: booked.id, confirmation_state: 'ASKED', can_confirm: true, can_cancel: true });
    const texts = await world.sms.waitFor('+436645550001', 2);
    expect(texts[1]?.text).toContain('Ihr Termin „Arztgespräch“ am Montag, 30. März 2026 um 08:00');
    expect((await pageOf(answerLinks(texts[1]?.text).confirm)).id).toBe(booked.id);
    // Nothing twice: the other runner found the job claimed, a later run finds it done.
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.mails.slice(seen).filter((m) => m.to.includes(address))).toHaveLength(1);
    expect(world.sms.received.filter((s) => s.to === '+436645550001')).toHaveLength(2);
    expect(await jobsOf('appointment.confirm-ask', booked.id)).toEqual([{ run_at: new Date('2026-03-28T07:00:00+01:00'), status: 'DONE' }]);

    // "Ich komme" by the link: confirmed, and the page says so.
    const confirmed = await post(`/appointments/${links.confirm}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<PatientAppointment>()).toMatchObject({ id: booked.id, confirmation_state: 'CONFIRMED', can_confirm: false });
    expect((await post(`/appointments/${links.confirm}/confirm`)).json<PatientAppointment>().confirmation_state).toBe('CONFIRMED');
  });

  it('in English for a patient who booked in English', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, ...withConfirmations });
    const address = newAddress();
    await post('/appointments', bookingBody(p.type.id, SPRING.monday9, { mail: address, lang: 'en' }));
    await t.smtp.waitForMail(address);
    const seen = t.smtp.mails.length;
    setNow(t.clock, '2026-03-28T08:00:00+01:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    const mail = await t.smtp.waitForMail(address, { since: seen });
    expect(mail.subject).toBe('Please confirm your appointment: Arztgespräch');
    expect(mail.text).toContain('I will come: http://wartefrei.test/a/');
    expect(mail.text).toContain('Cancel: http://wartefrei.test/a/');
  });

  it('marks an unanswered appointment from its mark time until a confirmation; staff confirm by id', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, ...withConfirmations });
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    setNow(t.clock, '2026-03-28T07:00:00+01:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect(await staffView(p, booked.id)).toMatchObject({ confirmation_state: 'ASKED', unconfirmed: false });
    setNow(t.clock, '2026-03-29T08:00:00+02:00'); // 24 hours before: the mark's time
    expect(await staffView(p, booked.id)).toMatchObject({ confirmation_state: 'ASKED', unconfirmed: true });
    // On its day the work view marks it too, for a call to the number on file.
    setNow(t.clock, '2026-03-30T07:00:00+02:00');
    const workView = await t.inject({ method: 'GET', url: `/queues/${p.queueId}/members`, headers: await processorNow(p) });
    expect(workView.json<WorkViewEntry[]>().filter((e) => 'kind' in e)).toEqual([expect.objectContaining({ id: booked.id, unconfirmed: true, phone: null })]);
    const byStaff = await post(`/appointments/${booked.id}/confirm`, undefined, await adminNow(p));
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json<Appointment>()).toMatchObject({ id: booked.id, confirmation_state: 'CONFIRMED', unconfirmed: false, first_name: 'Maria' });
    expect(await staffView(p, booked.id)).toMatchObject({ unconfirmed: false });
  });

  it('staff of another account get a 404; a cancelled appointment cannot be confirmed', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, ...withConfirmations });
    const other = await givenAdmin(t);
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    expect((await post(`/appointments/${booked.id}/confirm`, undefined, asUser(other.user))).statusCode).toBe(404);
    await post(`/appointments/${linkKey(booked)}/cancel`);
    const late = await post(`/appointments/${linkKey(booked)}/confirm`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'APPOINTMENT_STATE' });
    expect(await jobsOf('appointment.confirm-ask', booked.id)).toEqual([]);
  });

  it('does not ask an appointment booked inside the window, nor one of a type without confirmations', async () => {
    const p = await givenBookablePractice(t, { at: '2026-03-29T12:00:00+02:00', ...withConfirmations });
    const inside = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    expect(await jobsOf('appointment.confirm-ask', inside.id)).toEqual([]);
    const off = await givenBookablePractice(t, { at: SPRING.now });
    const without = (await post('/appointments', bookingBody(off.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    expect(await jobsOf('appointment.confirm-ask', without.id)).toEqual([]);
  });

  it('a moved appointment is asked again: its answer was for the old time', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, ...withConfirmations, queue: { allowMoveAppointment: true } });
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    setNow(t.clock, '2026-03-28T07:00:00+01:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await post(`/appointments/${linkKey(booked)}/confirm`)).json<PatientAppointment>().confirmation_state).toBe('CONFIRMED');
    // Staff move it to Tuesday: neither asked nor confirmed, and asked anew 48 hours before.
    const moved = await t.inject({ method: 'PATCH', url: `/appointments/${booked.id}`, headers: await adminNow(p), payload: { start: SPRING.tuesday8 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ confirmation_state: null, unconfirmed: false });
    expect(await jobsOf('appointment.confirm-ask', booked.id)).toEqual([
      { run_at: new Date('2026-03-28T07:00:00+01:00'), status: 'DONE' },
      { run_at: new Date('2026-03-29T08:00:00+02:00'), status: 'PENDING' },
    ]);
    // The patient's own move clears it too (one rule in the database for every writer).
    setNow(t.clock, '2026-03-29T08:00:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await pageOf(linkKey(booked))).confirmation_state).toBe('ASKED');
    const back = await post(`/appointments/${linkKey(booked)}/move`, { start: '2026-04-07T08:00:00+02:00' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<PatientAppointment>().confirmation_state).toBeNull();
  });
});

describe('no-shows', () => {
  it('a job at the end marks a booked appointment nobody checked in; staff undo it, and it stays undone', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    expect(await jobsOf('appointment.no-show', booked.id)).toEqual([{ run_at: new Date('2026-03-30T09:00:00+02:00'), status: 'PENDING' }]);
    setNow(t.clock, '2026-03-30T08:59:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await staffView(p, booked.id))?.status).toBe('BOOKED');
    setNow(t.clock, '2026-03-30T09:00:00+02:00');
    await Promise.all([runDueJobs(t.app.ctx, { runnerId: 'a' }), runDueJobs(t.app.ctx, { runnerId: 'b' })]);
    expect((await staffView(p, booked.id))?.status).toBe('NO_SHOW');

    const undone = await t.inject({ method: 'DELETE', url: `/appointments/${booked.id}/no-show`, headers: await adminNow(p) });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<Appointment>()).toMatchObject({ id: booked.id, status: 'BOOKED' });
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await staffView(p, booked.id))?.status).toBe('BOOKED');
    // Undoing again changes nothing; the manual mark still works.
    expect((await t.inject({ method: 'DELETE', url: `/appointments/${booked.id}/no-show`, headers: await adminNow(p) })).json<Appointment>().status).toBe('BOOKED');
    expect((await post(`/appointments/${booked.id}/no-show`, undefined, await adminNow(p))).json<Appointment>().status).toBe('NO_SHOW');
  });

  it('leaves a checked-in or cancelled appointment alone', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { allowMoveAppointment: true } });
    const arrived = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    const cancelled = (await post('/appointments', bookingBody(p.type.id, SPRING.monday9, { mail: newAddress() }))).json<PatientAppointment>();
    await post(`/appointments/${linkKey(cancelled)}/cancel`);
    expect(await jobsOf('appointment.no-show', cancelled.id)).toEqual([]);
    setNow(t.clock, '2026-03-30T07:55:00+02:00');
    const open = await post(`/queues/${p.queueId}/session`, { event: 'START' }, await processorNow(p));
    expect(open.statusCode, open.body).toBe(200);
    const checkedIn = await post(`/appointments/${booked(arrived)}/check-in`, undefined, await adminNow(p));
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    setNow(t.clock, '2026-03-30T10:00:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    expect((await staffView(p, arrived.id))?.status).toBe('CHECKED_IN');
  });

  it('undo is scoped to the caller’s lists: another account’s id is a 404; only a no-show can be undone', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const other = await givenAdmin(t);
    const booked = (await post('/appointments', bookingBody(p.type.id, SPRING.monday8, { mail: newAddress() }))).json<PatientAppointment>();
    setNow(t.clock, '2026-03-30T09:00:00+02:00');
    await runDueJobs(t.app.ctx, { runnerId: 'a' });
    const foreign = await t.inject({ method: 'DELETE', url: `/appointments/${booked.id}/no-show`, headers: asUser(await logIn(t, other.admin.username, other.admin.password)) });
    expect(foreign.statusCode).toBe(404);
    expect((await staffView(p, booked.id))?.status).toBe('NO_SHOW');
    const unknown = await t.inject({ method: 'DELETE', url: `/appointments/${crypto.randomUUID()}/no-show`, headers: await adminNow(p) });
    expect(unknown.statusCode).toBe(404);
  });
});

const booked = (view: PatientAppointment) => view.id;
