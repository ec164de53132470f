import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError, Appointment, Availability, PatientAppointment, Vacation } from '@wartefrei/shared';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING, useBookingApp } from '../../../test/support/appointments.js';

const t = useBookingApp();

async function givenPractice() {
  const p = await givenBookablePractice(t, { at: SPRING.now });
  const substitute = await givenProcessor(t, p.accountId, [p.queueId]);
  const headers = asUser(p.user);
  const vacation = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/vacations', headers, payload });
  const free = async (date: string) =>
    (await t.inject({ method: 'GET', url: `/appointment-types/${p.type.id}/availability?from=${date}&to=${date}` }))
      .json<Availability>()
      .slots.map((s) => [s.start.slice(11, 16), s.processor_id]);
  return { ...p, substitute, headers, vacation, free };
}

describe('vacations and substitutions', () => {
  it('takes a whole day’s free times away from the absent processor, in the location’s zone', async () => {
    const p = await givenPractice();
    const res = await p.vacation({ type: 'VACATION', whole_days: true, start: '2026-03-30', end: '2026-03-30', absent_processor_id: p.processor.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Vacation>()).toMatchObject({ type: 'VACATION', whole_days: true, start: '2026-03-30', end: '2026-03-30', substitute_processor_id: null });
    expect(await p.free('2026-03-30')).toEqual([]);
    expect(await p.free('2026-03-31')).toHaveLength(2);
    const booking = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8) });
    expect(booking.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_NOT_BOOKABLE', fields: { start: { code: 'OUTSIDE_HOURS' } } });
    // Deleted, the day is back.
    const id = res.json<Vacation>().id;
    expect((await t.inject({ method: 'DELETE', url: `/vacations/${id}`, headers: p.headers })).statusCode).toBe(204);
    expect(await p.free('2026-03-30')).toHaveLength(2);
  });

  it('shows the absent processor’s times under the substitute, and books them there', async () => {
    const p = await givenPractice();
    const res = await p.vacation({
      type: 'SUBSTITUTION',
      start: SPRING.monday8,
      end: SPRING.monday9,
      absent_processor_id: p.processor.id,
      substitute_processor_id: p.substitute.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await p.free('2026-03-30')).toEqual([
      ['08:00', p.substitute.id],
      ['09:00', p.processor.id],
    ]);
    const booked = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8) });
    expect(booked.json<PatientAppointment>().processor_name).toBe('Bearbeiter');
    const [row] = (await t.inject({ method: 'GET', url: `/appointments?from=2026-03-30&to=2026-03-30`, headers: p.headers })).json<Appointment[]>();
    expect(row!.processor_id).toBe(p.substitute.id);
    expect(await p.free('2026-03-30')).toEqual([['09:00', p.processor.id]]);
  });

  it('with consider_existing_appointments lists the appointments it touches and hands them over where the substitute is free', async () => {
    const p = await givenPractice();
    const book = (start: string, processorId: string) =>
      t.inject({ method: 'POST', url: '/appointments', headers: p.headers, payload: { appointment_type_id: p.type.id, start, processor_id: processorId, last_name: 'Huber' } });
    const first = (await book(SPRING.monday8, p.processor.id)).json<Appointment>();
    const second = (await book(SPRING.monday9, p.processor.id)).json<Appointment>();
    expect((await book('2026-03-30T09:30:00+02:00', p.substitute.id)).statusCode).toBe(201);
    const res = await p.vacation({
      type: 'SUBSTITUTION',
      whole_days: true,
      start: '2026-03-30',
      end: '2026-03-30',
      absent_processor_id: p.processor.id,
      substitute_processor_id: p.substitute.id,
      consider_existing_appointments: true,
    });
    expect(res.json<Vacation>().affected_appointments).toEqual([
      { appointment_id: first.id, start: SPRING.monday8, end: SPRING.monday9, moved_to_substitute: true },
      { appointment_id: second.id, start: SPRING.monday9, end: '2026-03-30T10:00:00+02:00', moved_to_substitute: false },
    ]);
    const rows = (await t.inject({ method: 'GET', url: '/appointments?from=2026-03-30&to=2026-03-30', headers: p.headers })).json<Appointment[]>();
    expect(rows.map((row) => [row.id, row.processor_id])).toEqual([
      [first.id, p.substitute.id],
      [second.id, p.processor.id],
      [expect.any(String), p.substitute.id],
    ]);
  });

  it('checks the period and the people: end after start, a substitute for a substitution, users of the account', async () => {
    const p = await givenPractice();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ type: 'VACATION', start: SPRING.monday9, end: SPRING.monday8 }, { end: 'END_NOT_AFTER_START' }],
      [{ type: 'VACATION', start: SPRING.monday8, end: SPRING.monday8 }, { end: 'END_NOT_AFTER_START' }],
      [{ type: 'VACATION', whole_days: true, start: '2026-03-31', end: '2026-03-30' }, { end: 'END_NOT_AFTER_START' }],
      [{ type: 'VACATION', whole_days: true, start: SPRING.monday8, end: '2026-03-30' }, { start: 'INVALID_DATE' }],
      [{ type: 'SUBSTITUTION', start: SPRING.monday8, end: SPRING.monday9 }, { substitute_processor_id: 'REQUIRED' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await p.vacation({ absent_processor_id: p.processor.id, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.fromEntries(Object.entries(res.json<ApiError>().fields ?? {}).map(([k, v]) => [k, v.code]))).toEqual(fields);
    }
    const stranger = await givenAdmin(t);
    const foreign = await givenProcessor(t, stranger.accountId, []);
    for (const id of [foreign.id, randomUUID(), 'kein-uuid']) {
      const res = await p.vacation({ type: 'VACATION', start: SPRING.monday8, end: SPRING.monday9, absent_processor_id: id });
      expect(res.statusCode, id).toBe(404);
    }
    const own = (await p.vacation({ type: 'VACATION', start: SPRING.monday8, end: SPRING.monday9, absent_processor_id: p.processor.id })).json<Vacation>();
    const changed = await t.inject({ method: 'PATCH', url: `/vacations/${own.id}`, headers: p.headers, payload: { end: SPRING.tuesday8 } });
    expect(changed.json<Vacation>().end).toBe('2026-03-31T06:00:00.000Z');
    const backwards = await t.inject({ method: 'PATCH', url: `/vacations/${own.id}`, headers: p.headers, payload: { start: '2026-04-01T08:00:00+02:00' } });
    expect(backwards.json<ApiError>().fields).toMatchObject({ end: { code: 'END_NOT_AFTER_START' } });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.inject({ method, url: `/vacations/${own.id}`, headers: asUser(stranger.user), ...(method === 'PATCH' ? { payload: { end: SPRING.tuesday8 } } : {}) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('is read by every processor of the account and written by admins only', async () => {
    const p = await givenPractice();
    await p.vacation({ type: 'VACATION', whole_days: true, start: '2026-04-01', end: '2026-04-03', absent_processor_id: p.processor.id });
    const read = await t.inject({ method: 'GET', url: `/vacations?processor_id=${p.processor.id}`, headers: asUser(p.substitute) });
    expect(read.json<Vacation[]>()).toHaveLength(1);
    const write = await t.inject({
      method: 'POST',
      url: '/vacations',
      headers: asUser(p.substitute),
      payload: { type: 'VACATION', whole_days: true, start: '2026-04-01', end: '2026-04-01', absent_processor_id: p.substitute.id },
    });
    expect(write.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/vacations', headers: asUser((await givenAdmin(t)).user) })).json<Vacation[]>()).toEqual([]);
  });
});
