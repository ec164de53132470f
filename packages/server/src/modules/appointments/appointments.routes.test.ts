import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError, Appointment, BookedAppointment, PatientAppointment } from '@wartefrei/shared';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING, useBookingApp, type PracticeOptions } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';

const t = useBookingApp();

const { monday8: MONDAY_8, monday9: MONDAY_9, tuesday8: TUESDAY_8 } = SPRING;

const givenPractice = (options: PracticeOptions = {}) => givenBookablePractice(t, { at: SPRING.now, ...options });
async function booked(typeId: string, start: string, overrides: Record<string, unknown> = {}): Promise<PatientAppointment> {
  const res = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(typeId, start, overrides) });
  expect(res.statusCode).toBe(201);
  return res.json<PatientAppointment>();
}
const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
const staffList = async (headers: Record<string, string>, query = 'from=2026-03-30&to=2026-03-31') => (await get(`/appointments?${query}`, headers)).json<Appointment[]>();

describe('the patient’s own appointment (the token of their link is the key)', () => {
  it('is a 404 for an unknown or malformed key', async () => {
    for (const id of [randomUUID(), 'kein-uuid', 'A'.repeat(22)]) {
      const res = await get(`/appointments/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND', message: 'Termin nicht gefunden' });
    }
  });

  it('can be cancelled by the patient: the time is free again, a second cancel changes nothing, staff see USER', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    const cancelled = await post(`/appointments/${linkKey(mine)}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<PatientAppointment>()).toMatchObject({ view: 'cancelled', can_cancel: false, can_move: false });
    expect((await post(`/appointments/${linkKey(mine)}/cancel`)).json<PatientAppointment>().view).toBe('cancelled');
    const [row] = await staffList(asUser(p.user));
    expect(row).toMatchObject({ cancel_state: 'USER', view: 'cancelled', version: 1 });
    // The freed time can be booked by the next patient.
    expect((await booked(p.type.id, MONDAY_8)).view).toBe('booked');
  });

  it('cannot be cancelled once it has begun', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    setNow(t.clock, '2026-03-30T08:05:00+02:00');
    const res = await post(`/appointments/${linkKey(mine)}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().code).toBe('APPOINTMENT_STATE');
    expect((await get(`/appointments/${linkKey(mine)}`)).json<PatientAppointment>()).toMatchObject({ view: 'booked', can_cancel: false });
  });

  it('moves to another free time only where the list allows it, and never into a taken one', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    const refused = await post(`/appointments/${linkKey(mine)}/move`, { start: MONDAY_9 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().code).toBe('MOVE_NOT_ALLOWED');

    const q = await givenPractice({ queue: { allowMoveAppointment: true } });
    const first = await booked(q.type.id, MONDAY_8);
    const other = await booked(q.type.id, MONDAY_9);
    expect(first.can_move).toBe(true);
    const into = await post(`/appointments/${linkKey(first)}/move`, { start: MONDAY_9 });
    expect(into.statusCode).toBe(409);
    expect(into.json<ApiError>().code).toBe('APPOINTMENT_SLOT_TAKEN');
    const moved = await post(`/appointments/${linkKey(first)}/move`, { start: TUESDAY_8 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<PatientAppointment>()).toMatchObject({ start: TUESDAY_8, end: '2026-03-31T09:00:00+02:00', view: 'booked' });
    // Moving to where it already is changes nothing; outside the rules is refused with the reason.
    expect((await post(`/appointments/${linkKey(first)}/move`, { start: TUESDAY_8 })).statusCode).toBe(200);
    const outside = await post(`/appointments/${linkKey(first)}/move`, { start: '2026-03-31T12:00:00+02:00' });
    expect(outside.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_NOT_BOOKABLE', fields: { start: { code: 'OUTSIDE_HOURS' } } });
    const versions = (await staffList(asUser(q.user))).map((a) => [a.id, a.version]);
    expect(versions).toEqual([
      [other.id, 0],
      [first.id, 1],
    ]);
  });

  it('reports how late the list runs for it', async () => {
    // Monday 07:50: the list is open, and its one processor starts a visit that runs 20
    // minutes (the list's average). Staff book 08:00: the first lane frees at 08:10.
    const p = await givenBookablePractice(t, { at: '2026-03-30T07:50:00+02:00', queue: { averageProcessMinutes: 20, allowMoveAppointment: true } });
    const staff = asUser(p.processor);
    const res = await post('/appointments', { appointment_type_id: p.type.id, start: MONDAY_8, last_name: 'Huber' }, staff);
    const mine = res.json<BookedAppointment>();
    expect((await get(`/appointments/${linkKey(mine)}`)).json<PatientAppointment>()).toMatchObject({ late_minutes: 0, suggest_move: false });
    expect((await post(`/queues/${p.queueId}/session`, { event: 'START' }, staff)).statusCode).toBe(200);
    expect((await post(`/queues/${p.queueId}/members`, { origin: 'MANUAL' }, staff)).statusCode).toBe(201);
    expect((await post(`/queues/${p.queueId}/call-next`, {}, staff)).statusCode).toBe(200);
    // More than 5 minutes late where the list allows moving: the page offers another time.
    expect((await get(`/appointments/${linkKey(mine)}`)).json<PatientAppointment>()).toMatchObject({ late_minutes: 10, suggest_move: true, can_move: true });
  });
});

describe('appointments for staff', () => {
  it('lists the appointments of the caller’s lists by local date, and filters by processor and status', async () => {
    const p = await givenPractice({ processors: 2 });
    await booked(p.type.id, MONDAY_8, { processor_id: p.processors[0]!.id });
    const second = await booked(p.type.id, MONDAY_8, { processor_id: p.processors[1]!.id });
    await booked(p.type.id, TUESDAY_8);
    await post(`/appointments/${linkKey(second)}/cancel`);
    expect(await staffList(asUser(p.user), 'from=2026-03-30&to=2026-03-30')).toHaveLength(2);
    expect(await staffList(asUser(p.user), `from=2026-03-30&to=2026-03-31&processor_id=${p.processors[1]!.id}`)).toHaveLength(1);
    expect((await staffList(asUser(p.user), 'from=2026-03-30&to=2026-03-31&status=CANCELLED')).map((a) => a.id)).toEqual([second.id]);
    expect(await staffList(asUser(p.user), 'from=2026-03-30&to=2026-03-31&status=BOOKED')).toHaveLength(2);
    const stranger = await givenAdmin(t);
    expect(await staffList(asUser(stranger.user))).toEqual([]);
    expect((await get(`/appointments?from=2026-03-30&to=2026-03-31&processor_id=${p.processor.id}`, asUser(stranger.user))).statusCode).toBe(404);
    const unassigned = await givenProcessor(t, p.accountId, []);
    expect(await staffList(asUser(unassigned))).toEqual([]);
  });

  it('changes data with a compare-and-set: a stale version is refused, the same change twice changes nothing', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    const patch = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${mine.id}`, headers: asUser(p.processor), payload });
    const first = await patch({ version: 0, phone: '+43 1 234567', description: 'Kontrolle' });
    expect(first.statusCode).toBe(200);
    expect(first.json<Appointment>()).toMatchObject({ phone: '+431234567', description: 'Kontrolle', version: 1 });
    const stale = await patch({ version: 0, description: 'Anders' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().code).toBe('APPOINTMENT_CHANGED');
    expect((await patch({ version: 1, phone: '+43 1 234567', description: 'Kontrolle' })).json<Appointment>().version).toBe(1);
    const bad = await patch({ mail: 'kaputt', last_name: '' });
    expect(bad.json<ApiError>().fields).toMatchObject({ mail: { code: 'INVALID_EMAIL' }, last_name: { code: 'REQUIRED' } });
  });

  it('moves an appointment to any time of a processor of the list, not into a taken one', async () => {
    const p = await givenPractice({ processors: 2 });
    const mine = await booked(p.type.id, MONDAY_8, { processor_id: p.processors[0]!.id });
    const theirs = await booked(p.type.id, MONDAY_9, { processor_id: p.processors[1]!.id });
    const patch = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${mine.id}`, headers: asUser(p.user), payload });
    const taken = await patch({ start: MONDAY_9, processor_id: p.processors[1]!.id });
    expect(taken.json<ApiError>().code).toBe('APPOINTMENT_SLOT_TAKEN');
    const moved = await patch({ start: '2026-03-30T13:15:00+02:00', processor_id: p.processors[1]!.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ start: '2026-03-30T13:15:00+02:00', end: '2026-03-30T14:15:00+02:00', processor_id: p.processors[1]!.id });
    expect(theirs.view).toBe('booked');
  });

  it('cancels (staff), restores unless the time was taken meanwhile, and deletes for good', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    const headers = asUser(p.processor);
    const cancelled = await post(`/appointments/${mine.id}/cancel`, {}, headers);
    expect(cancelled.json<Appointment>()).toMatchObject({ cancel_state: 'STAFF', view: 'cancelled' });
    expect((await post(`/appointments/${mine.id}/cancel`, {}, headers)).json<Appointment>().version).toBe(1);
    const restored = await post(`/appointments/${mine.id}/restore`, {}, headers);
    expect(restored.json<Appointment>()).toMatchObject({ cancel_state: null, view: 'booked', version: 2 });
    await post(`/appointments/${mine.id}/cancel`, {}, headers);
    const other = await booked(p.type.id, MONDAY_8);
    const refused = await post(`/appointments/${mine.id}/restore`, {}, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().code).toBe('APPOINTMENT_SLOT_TAKEN');
    expect((await t.inject({ method: 'DELETE', url: `/appointments/${other.id}`, headers })).statusCode).toBe(204);
    expect((await get(`/appointments/${linkKey(other)}`)).statusCode).toBe(404);
    expect((await post(`/appointments/${mine.id}/restore`, {}, headers)).statusCode).toBe(200);
  });

  it('answers another account’s appointment exactly like a missing one', async () => {
    const p = await givenPractice();
    const mine = await booked(p.type.id, MONDAY_8);
    const stranger = asUser((await givenAdmin(t)).user);
    const answersTo = async (id: string) => {
      const answers = [
        await t.inject({ method: 'PATCH', url: `/appointments/${id}`, headers: stranger, payload: { description: 'x' } }),
        await post(`/appointments/${id}/restore`, {}, stranger),
        await post(`/appointments/${id}/cancel`, {}, stranger),
        await t.inject({ method: 'DELETE', url: `/appointments/${id}`, headers: stranger }),
      ];
      return answers.map((a) => [a.statusCode, a.json<ApiError>().code]);
    };
    for (const id of [mine.id, randomUUID()]) expect(await answersTo(id)).toEqual(Array(4).fill([404, 'NOT_FOUND']));
    // Not an id at all: the cancel reads it as a patient's link, which it is not either.
    expect(await answersTo('kein-uuid')).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [404, 'APPOINTMENT_NOT_FOUND'],
      [404, 'NOT_FOUND'],
    ]);
    expect((await get(`/appointments/${linkKey(mine)}`)).json<PatientAppointment>().view).toBe('booked');
  });
});
