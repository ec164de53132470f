import { describe, expect, it } from 'vitest';
import type {
  ApiError,
  Appointment,
  AppointmentEntry,
  BookedAppointment,
  DashboardQueue,
  KioskCheckInResult,
  Member,
  MemberActionResult,
  PatientAppointment,
  TicketView,
  WorkViewEntry,
} from '@wartefrei/shared';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, useBookingApp } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { runDueJobs } from '../../platform/jobs/index.js';

const t = useBookingApp();

/** Monday 30 March 2026 in Vienna: the practice opens at 09:00; appointments are booked at 10:00. */
const at = (time: string) => `2026-03-30T${time}:00+02:00`;

async function givenOpenPractice() {
  const p = await givenBookablePractice(t, {
    at: at('08:50'),
    queue: { averageProcessMinutes: 10 },
    slot: { start_time: '10:00', end_time: '12:00' },
    type: { duration_minutes: 30 },
  });
  const staff = asUser(p.processor);
  const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = staff) =>
    t.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  expect((await post(`/queues/${p.queueId}/session`, { event: 'START' })).statusCode).toBe(200);
  const book = async (time: string) =>
    (await post('/appointments', { appointment_type_id: p.type.id, start: at(time), processor_id: p.processor.id, last_name: `Termin ${time}` })).json<BookedAppointment>();
  const walkIn = async () => (await post(`/queues/${p.queueId}/members`, { origin: 'ONLINE' }, {})).json<TicketView>();
  const workView = async () => (await t.inject({ method: 'GET', url: `/queues/${p.queueId}/members`, headers: staff })).json<WorkViewEntry[]>();
  return { ...p, staff, post, book, walkIn, workView };
}

const members = (entries: WorkViewEntry[]) => entries.filter((e): e is Member => !('kind' in e));
const appointmentEntries = (entries: WorkViewEntry[]) => entries.filter((e): e is AppointmentEntry => 'kind' in e);

describe('the appointment on its day', () => {
  it('shows on the work view until checked in, then joins the list as a member placed by its start', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:00'));
    const appointment = await p.book('10:00');
    const before = await p.workView();
    expect(appointmentEntries(before)).toEqual([
      expect.objectContaining({ kind: 'appointment', id: appointment.id, start: at('10:00'), status: 'BOOKED', last_name: 'Termin 10:00', can_mark_no_show: false }),
    ]);
    await p.book('11:00').then((other) => p.post(`/appointments/${other.id}/cancel`, {}));
    const dashboard = (await t.inject({ method: 'GET', url: '/dashboard', headers: p.staff })).json<DashboardQueue[]>();
    expect(dashboard.find((q) => q.queue_id === p.queueId)?.appointments_today).toBe(1);
    const early = await p.walkIn();
    setNow(t.clock, at('09:40'));
    const page = async () => (await t.inject({ method: 'GET', url: `/appointments/${linkKey(appointment)}` })).json<PatientAppointment>();
    expect(await page()).toMatchObject({ appointment_type_id: p.type.id, queue_id: p.queueId, can_check_in: true, member_id: null });
    const checkedIn = await p.post(`/appointments/${linkKey(appointment)}/check-in`, undefined, {});
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json<PatientAppointment>()).toMatchObject({ view: 'checked_in', status: 'CHECKED_IN', can_check_in: false, member_id: expect.any(String) });
    // The page follows the patient into the list: its link opens the ticket they now hold, its member.
    const ticket = await t.inject({ method: 'GET', url: `/members/${linkKey(appointment)}` });
    expect(ticket.json<TicketView>()).toMatchObject({ id: checkedIn.json<PatientAppointment>().member_id, view: 'waiting', queue_id: p.queueId });
    expect((await p.post(`/appointments/${linkKey(appointment)}/check-in`, undefined, {})).statusCode).toBe(200);
    const late = await p.walkIn();
    const after = await p.workView();
    expect(appointmentEntries(after)).toEqual([]);
    // By start time: the 09:00 walk-in and the 09:40 one are ahead of the 10:00 appointment.
    expect(members(after).map((m) => [m.id, m.origin, m.appointment_id])).toEqual([
      [early.id, 'ONLINE', null],
      [late.id, 'ONLINE', null],
      [expect.any(String), 'APPOINTMENT', appointment.id],
    ]);
    // At 10:00 its time has come: it is called before the walk-ins.
    setNow(t.clock, at('10:00'));
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    const called = await p.post(`/queues/${p.queueId}/call-next`, {});
    const member = called.json<MemberActionResult>().member;
    expect(member).toMatchObject({ origin: 'APPOINTMENT', appointment_id: appointment.id });
    // Its visit is the member's: finished there, the appointment reads finished too.
    expect((await p.post(`/members/${member.id}/finish`, {})).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/appointments/${linkKey(appointment)}` })).json<PatientAppointment>().view).toBe('finished');
    const listed = (await t.inject({ method: 'GET', url: '/appointments?from=2026-03-30&to=2026-03-30', headers: p.staff })).json<Appointment[]>();
    expect(listed.find((a) => a.id === appointment.id)).toMatchObject({ status: 'CHECKED_IN', view: 'finished' });
  });

  it('checked in after its start, it goes ahead of the walk-ins at once', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:00'));
    const appointment = await p.book('10:00');
    await p.walkIn();
    setNow(t.clock, at('10:05'));
    const checkedIn = await p.post(`/appointments/${appointment.id}/check-in`);
    expect(checkedIn.json<Appointment>()).toMatchObject({ status: 'CHECKED_IN', view: 'checked_in' });
    expect(members(await p.workView())[0]).toMatchObject({ origin: 'APPOINTMENT', position: 1 });
  });

  it('checks in only on its day, into an open list, and never when cancelled', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:00'));
    const tomorrow = await p.post('/appointments', { appointment_type_id: p.type.id, start: '2026-03-31T10:00:00+02:00', processor_id: p.processor.id, last_name: 'Morgen' });
    const tomorrowKey = linkKey(tomorrow.json<BookedAppointment>());
    expect((await t.inject({ method: 'GET', url: `/appointments/${tomorrowKey}` })).json<PatientAppointment>().can_check_in).toBe(false);
    const notToday = await p.post(`/appointments/${tomorrowKey}/check-in`, undefined, {});
    expect(notToday.statusCode).toBe(409);
    expect(notToday.json<ApiError>()).toMatchObject({ code: 'CHECK_IN_NOT_TODAY', message: 'Einchecken ist nur am Tag des Termins möglich' });
    const cancelled = await p.book('10:00');
    await p.post(`/appointments/${cancelled.id}/cancel`, {});
    expect((await p.post(`/appointments/${linkKey(cancelled)}/check-in`, undefined, {})).json<ApiError>().code).toBe('APPOINTMENT_STATE');
    const closedOut = await p.book('11:00');
    expect((await p.post(`/queues/${p.queueId}/session`, { event: 'TERMINATE' })).statusCode).toBe(200);
    const closed = await p.post(`/appointments/${linkKey(closedOut)}/check-in`, undefined, {});
    expect(closed.json<ApiError>().code).toBe('QUEUE_CLOSED');
    expect((await t.inject({ method: 'GET', url: `/appointments/${linkKey(closedOut)}` })).json<PatientAppointment>().view).toBe('booked');
  });

  it('is a no-show a quarter of an hour after its start, not before', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:00'));
    const appointment = await p.book('10:00');
    setNow(t.clock, at('10:14'));
    const early = await p.post(`/appointments/${appointment.id}/no-show`);
    expect(early.json<ApiError>().code).toBe('NO_SHOW_TOO_EARLY');
    setNow(t.clock, at('10:15'));
    expect(appointmentEntries(await p.workView())[0]).toMatchObject({ can_mark_no_show: true });
    const marked = await p.post(`/appointments/${appointment.id}/no-show`);
    expect(marked.json<Appointment>()).toMatchObject({ status: 'NO_SHOW', view: 'finished' });
    expect((await p.post(`/appointments/${linkKey(appointment)}/check-in`, undefined, {})).json<ApiError>().code).toBe('APPOINTMENT_STATE');
    expect((await p.post(`/appointments/${appointment.id}/no-show`, undefined, asUser((await givenBookablePractice(t)).user))).statusCode).toBe(404);
  });

  it('holds its processor’s lane in the walk-in estimate while booked; cancelled it does not', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:55'));
    const appointment = await p.book('10:00');
    // One lane; a walk-in drawn now would end at 10:05, into the appointment: it waits until 10:30.
    const drawn = await p.walkIn();
    expect(drawn.estimated_start).toBe(new Date(at('10:30')).toISOString());
    await p.post(`/appointments/${appointment.id}/cancel`, {});
    const view = (await t.inject({ method: 'GET', url: `/members/${linkKey(drawn)}` })).json<TicketView>();
    expect(view.estimated_start).toBe(new Date(at('09:55')).toISOString());
  });
});

describe('POST /appointments/check-in (the kiosk)', () => {
  const kiosk = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/appointments/check-in', payload });
  const page = async (appointment: BookedAppointment) => (await t.inject({ method: 'GET', url: `/appointments/${linkKey(appointment)}` })).json<PatientAppointment>();

  it('checks in by the page link the QR code holds, or by the typed code, at the kiosk’s location only', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:30'));
    const first = await p.book('10:00');
    const second = await p.book('11:00');
    const code = (await page(second)).check_in_code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const scanned = await kiosk({ profile_id: p.profileId, code: `https://praxis.example/a/${linkKey(first)}` });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const typed = await kiosk({ profile_id: p.profileId, code: ` ${code.slice(0, 4)} ${code.slice(5).toLowerCase()} ` });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await page(first)).toMatchObject({ id: first.id, view: 'checked_in', member_id: expect.any(String) });
    expect(await page(second)).toMatchObject({ id: second.id, view: 'checked_in' });
    // The kiosk learns the number of the ticket each became and its list, nothing that names or opens a record.
    const ticketOf = async (appointment: BookedAppointment) => (await t.inject({ method: 'GET', url: `/members/${linkKey(appointment)}` })).json<TicketView>();
    const [firstTicket, secondTicket] = [await ticketOf(first), await ticketOf(second)];
    expect(scanned.json<KioskCheckInResult>()).toEqual({ number: firstTicket.number, queue_name: firstTicket.queue.name, start: at('10:00'), type_name: 'Arztgespräch' });
    expect(typed.json<KioskCheckInResult>()).toEqual({ number: secondTicket.number, queue_name: secondTicket.queue.name, start: at('11:00'), type_name: 'Arztgespräch' });

    // Another location's kiosk, a code that is no code or nobody's, a cancelled appointment and
    // one checked in already find nothing.
    const other = await givenOpenPractice();
    setNow(t.clock, at('09:30'));
    const cancelled = await other.book('10:00');
    await other.post(`/appointments/${cancelled.id}/cancel`, {});
    const cancelledCode = (await page(cancelled)).check_in_code;
    for (const payload of [
      { profile_id: other.profileId, code },
      { profile_id: p.profileId, code: 'ABC' },
      { profile_id: p.profileId, code: code === 'ZZZZ-ZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ' },
      { profile_id: other.profileId, code: `https://praxis.example/a/${linkKey(cancelled)}` },
      { profile_id: other.profileId, code: cancelledCode },
      { profile_id: p.profileId, code },
      { profile_id: p.profileId, code: `https://praxis.example/a/${linkKey(first)}` },
      { profile_id: 'kein-standort', code },
    ]) {
      const res = await kiosk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND', message: 'Termin nicht gefunden' });
    }
    expect((await kiosk({ profile_id: p.profileId, code: '' })).json<ApiError>().fields).toMatchObject({ code: { code: 'REQUIRED' } });
  });

  it('finds no appointment of another day, by its code or its link, like any other miss', async () => {
    const p = await givenOpenPractice();
    setNow(t.clock, at('09:30'));
    const tomorrow = (
      await p.post('/appointments', { appointment_type_id: p.type.id, start: '2026-03-31T10:00:00+02:00', processor_id: p.processor.id, last_name: 'Morgen' })
    ).json<BookedAppointment>();
    for (const code of [(await page(tomorrow)).check_in_code, `https://praxis.example/a/${linkKey(tomorrow)}`]) {
      const res = await kiosk({ profile_id: p.profileId, code });
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ApiError>().code).toBe('APPOINTMENT_NOT_FOUND');
    }
    expect(await page(tomorrow)).toMatchObject({ status: 'BOOKED', view: 'booked' });
  });
});
