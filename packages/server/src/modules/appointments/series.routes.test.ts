import { describe, expect, it } from 'vitest';
import type { ApiError, Appointment, BookedAppointment } from '@wartefrei/shared';
import { asUser } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING, useBookingApp } from '../../../test/support/appointments.js';

const t = useBookingApp();

/** Saturday 28 March 2026, 08:00 winter time: a weekly series from here crosses the spring change. */
const SATURDAY_8 = '2026-03-28T08:00:00+01:00';

async function givenSeriesPractice() {
  const p = await givenBookablePractice(t, { at: SPRING.now });
  const headers = asUser(p.user);
  const book = (body: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/appointments', headers, payload: { appointment_type_id: p.type.id, processor_id: p.processor.id, last_name: 'Serie', ...body } });
  const list = async (from = '2026-03-01', to = '2026-05-01') => (await t.inject({ method: 'GET', url: `/appointments?from=${from}&to=${to}`, headers })).json<Appointment[]>();
  const patch = (id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${id}`, headers, payload });
  return { ...p, headers, book, list, patch };
}

describe('series', () => {
  it('books one appointment per occurrence, each at 08:00 local across the spring change', async () => {
    const p = await givenSeriesPractice();
    const res = await p.book({ start: SATURDAY_8, recurrence: { frequency: 'WEEKLY', count: 3 } });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<BookedAppointment>();
    expect(booked.series).toEqual({
      id: booked.series_id,
      booked: ['2026-03-28T08:00:00+01:00', '2026-04-04T08:00:00+02:00', '2026-04-11T08:00:00+02:00'],
      skipped: [],
    });
    const rows = await p.list();
    expect(rows.map((row) => [row.start, row.series_id, row.recurrence])).toEqual(
      booked.series!.booked.map((start) => [start, booked.series_id, { frequency: 'WEEKLY', count: 3 }]),
    );
  });

  it('checks every occurrence: a taken one refuses the series with its date, or is skipped when asked', async () => {
    const p = await givenSeriesPractice();
    const blocker = await p.book({ start: '2026-04-11T08:30:00+02:00' });
    expect(blocker.statusCode).toBe(201);
    const refused = await p.book({ start: SATURDAY_8, recurrence: { frequency: 'WEEKLY', count: 4 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({
      code: 'SERIES_CONFLICT',
      message: 'Zu diesen Terminen der Serie ist die Zeit schon vergeben: 2026-04-11',
      conflicts: ['2026-04-11T08:00:00+02:00'],
    });
    expect(await p.list()).toHaveLength(1);
    const skipping = await p.book({ start: SATURDAY_8, recurrence: { frequency: 'WEEKLY', count: 4 }, skip_conflicts: true });
    expect(skipping.statusCode).toBe(201);
    expect(skipping.json<BookedAppointment>().series).toMatchObject({ skipped: ['2026-04-11T08:00:00+02:00'] });
    expect(skipping.json<BookedAppointment>().series!.booked).toHaveLength(3);
    expect(await p.list()).toHaveLength(4);
  });

  it('refuses more than 366 occurrences or beyond ten years before looking at any conflict', async () => {
    const p = await givenSeriesPractice();
    await p.book({ start: '2026-03-29T08:00:00+02:00' });
    for (const recurrence of [
      { frequency: 'DAILY', count: 367 },
      { frequency: 'YEARLY', until: '2036-03-28' },
      { frequency: 'DAILY', until: '2027-04-01' },
    ]) {
      const res = await p.book({ start: SATURDAY_8, recurrence });
      expect(res.statusCode, JSON.stringify(recurrence)).toBe(422);
      expect(res.json<ApiError>()).toMatchObject({
        code: 'RECURRENCE_TOO_LONG',
        message: 'Eine Serie darf höchstens 366 Termine haben und höchstens 10 Jahre in die Zukunft reichen',
      });
    }
    const both = await p.book({ start: SATURDAY_8, recurrence: { frequency: 'DAILY', count: 2, until: '2026-04-01' } });
    expect(both.json<ApiError>().fields).toMatchObject({ 'recurrence.count': { code: 'UNTIL_OR_COUNT' } });
    const patient = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8, { recurrence: { frequency: 'DAILY', count: 2 } }) });
    expect(patient.json<ApiError>().fields).toMatchObject({ recurrence: { code: 'INVALID_VALUE' } });
  });

  it('cancels, restores and deletes one occurrence or all', async () => {
    const p = await givenSeriesPractice();
    const first = (await p.book({ start: SATURDAY_8, recurrence: { frequency: 'DAILY', count: 3 } })).json<BookedAppointment>();
    const post = (action: string, scope: string) => t.inject({ method: 'POST', url: `/appointments/${first.id}/${action}`, headers: p.headers, payload: { scope } });
    expect((await post('cancel', 'ONE')).statusCode).toBe(200);
    expect((await p.list()).map((a) => a.view)).toEqual(['cancelled', 'booked', 'booked']);
    expect((await post('cancel', 'ALL')).statusCode).toBe(200);
    expect((await p.list()).map((a) => a.view)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await post('restore', 'ALL')).statusCode).toBe(200);
    expect((await p.list()).map((a) => a.cancel_state)).toEqual([null, null, null]);
    expect((await t.inject({ method: 'DELETE', url: `/appointments/${first.id}?scope=ALL`, headers: p.headers })).statusCode).toBe(204);
    expect(await p.list()).toEqual([]);
  });

  it('takes one occurrence out of its series when its time changes alone', async () => {
    const p = await givenSeriesPractice();
    const first = (await p.book({ start: SATURDAY_8, recurrence: { frequency: 'DAILY', count: 3 } })).json<BookedAppointment>();
    const [, second] = await p.list();
    const moved = await p.patch(second!.id, { start: '2026-03-29T11:00:00+02:00' });
    expect(moved.json<Appointment>()).toMatchObject({ series_id: null, start: '2026-03-29T11:00:00+02:00' });
    expect((await p.list()).filter((a) => a.series_id === first.series_id)).toHaveLength(2);
  });

  it('moves the coming occurrences together, keeping the local time, and refuses all when one is in the way', async () => {
    const p = await givenSeriesPractice();
    const first = (await p.book({ start: SATURDAY_8, recurrence: { frequency: 'WEEKLY', count: 3 } })).json<BookedAppointment>();
    const later = await p.patch(first.id, { start: '2026-03-28T09:30:00+01:00', scope: 'ALL', version: 0 });
    expect(later.statusCode, later.body).toBe(200);
    expect((await p.list()).map((a) => a.start)).toEqual(['2026-03-28T09:30:00+01:00', '2026-04-04T09:30:00+02:00', '2026-04-11T09:30:00+02:00']);
    // A day later onto each other's former days works; another appointment in the way refuses all.
    const daily = (await p.book({ start: '2026-04-20T14:00:00+02:00', recurrence: { frequency: 'DAILY', count: 3 } })).json<BookedAppointment>();
    expect((await p.patch(daily.id, { start: '2026-04-21T14:00:00+02:00', scope: 'ALL' })).statusCode).toBe(200);
    expect((await p.list('2026-04-20', '2026-04-30')).map((a) => a.start)).toEqual(['2026-04-21T14:00:00+02:00', '2026-04-22T14:00:00+02:00', '2026-04-23T14:00:00+02:00']);
    expect((await p.book({ start: '2026-04-11T11:00:00+02:00' })).statusCode).toBe(201);
    const blocked = await p.patch(first.id, { start: '2026-03-28T10:30:00+01:00', scope: 'ALL' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<ApiError>()).toMatchObject({ code: 'SERIES_CONFLICT', conflicts: ['2026-04-11T10:30:00+02:00'] });
    expect((await p.list('2026-03-28', '2026-04-11')).map((a) => a.start)).toEqual([
      '2026-03-28T09:30:00+01:00',
      '2026-04-04T09:30:00+02:00',
      '2026-04-11T09:30:00+02:00',
      '2026-04-11T11:00:00+02:00',
    ]);
    const stale = await p.patch(first.id, { start: '2026-03-28T11:00:00+01:00', scope: 'ALL', version: 0 });
    expect(stale.json<ApiError>().code).toBe('APPOINTMENT_CHANGED');
  });
});
