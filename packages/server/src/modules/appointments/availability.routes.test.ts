import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Availability, DEFAULT_BOOKING_FIELD_MODES, type ApiError } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { givenBookablePractice, type PracticeOptions } from '../../../test/support/appointments.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  setNow(t.clock, '2026-03-27T12:00:00+01:00');
});
afterAll(async () => t.close());

const givenPractice = (options: PracticeOptions = {}) => givenBookablePractice(t, options);

const availability = (id: string, query: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/appointment-types/${id}/availability?${query}`, headers });

describe('GET /appointment-types/{id}/availability', () => {
  it('shows a patient the free times in the practice’s zone, with its offset, across the spring change', async () => {
    const p = await givenPractice();
    const res = await availability(p.type.id, 'from=2026-03-23&to=2026-03-31');
    expect(res.statusCode).toBe(200);
    // The route writes its answer without the schema's check (its size): the contract holds here.
    expect(() => Availability.parse(res.json())).not.toThrow();
    // The 23rd and 24th lie before "now" (27 March): nothing is offered in the past.
    expect(res.json<Availability>()).toEqual({
      time_zone: 'Europe/Vienna',
      slots: [
        { start: '2026-03-30T08:00:00+02:00', end: '2026-03-30T09:00:00+02:00', processor_id: p.processor.id, fields: 0 },
        { start: '2026-03-30T09:00:00+02:00', end: '2026-03-30T10:00:00+02:00', processor_id: p.processor.id, fields: 0 },
        { start: '2026-03-31T08:00:00+02:00', end: '2026-03-31T09:00:00+02:00', processor_id: p.processor.id, fields: 0 },
        { start: '2026-03-31T09:00:00+02:00', end: '2026-03-31T10:00:00+02:00', processor_id: p.processor.id, fields: 0 },
      ],
      field_sets: [DEFAULT_BOOKING_FIELD_MODES],
      processors: [{ id: p.processor.id, name: 'Bearbeiter' }],
    });
  });

  it('names the data each time asks, one set per distinct requirement, and who offers it', async () => {
    const p = await givenPractice({ processors: 2 });
    const [anna, ben] = p.processors as [typeof p.processor, typeof p.processor];
    // Ben's Monday asks for the insurance number as well.
    const strict = { ...DEFAULT_BOOKING_FIELD_MODES, insurance_number: 'REQUIRED' };
    const slots = await t.inject({ method: 'GET', url: `/appointment-slots?profile_id=${p.profileId}&processor_id=${ben.id}`, headers: asUser(p.user) });
    const monday = slots.json<{ id: string; weekday: number }[]>().find((slot) => slot.weekday === 1)!;
    const patched = await t.inject({ method: 'PATCH', url: `/appointment-slots/${monday.id}`, headers: asUser(p.user), payload: { required_fields: strict } });
    expect(patched.statusCode).toBe(200);
    const body = (await availability(p.type.id, 'from=2026-03-30&to=2026-03-31')).json<Availability>();
    expect(body.field_sets).toHaveLength(2);
    expect(body.field_sets).toEqual(expect.arrayContaining([DEFAULT_BOOKING_FIELD_MODES, strict]));
    const asked = (processorId: string, day: string) =>
      body.slots.filter((s) => s.processor_id === processorId && s.start.startsWith(day)).map((s) => body.field_sets[s.fields]?.insurance_number);
    expect(asked(ben.id, '2026-03-30')).toEqual(['REQUIRED', 'REQUIRED']);
    expect(asked(ben.id, '2026-03-31')).toEqual(['NONE', 'NONE']);
    expect(asked(anna.id, '2026-03-30')).toEqual(['NONE', 'NONE']);
    expect(body.processors.map((x) => x.id).sort()).toEqual([anna.id, ben.id].sort());
  });

  it('rests on the location’s public holidays (Vienna, 8 December)', async () => {
    const p = await givenPractice();
    const slots = (await availability(p.type.id, 'from=2026-12-07&to=2026-12-15')).json<Availability>().slots.map((s) => s.start.slice(0, 10));
    expect([...new Set(slots)]).toEqual(['2026-12-07', '2026-12-14', '2026-12-15']);
  });

  it('answers the public only for a type bookable on its channel; staff see it anyway', async () => {
    const p = await givenPractice({ type: { bookable_online: false, bookable_kiosk: true } });
    const online = await availability(p.type.id, 'from=2026-03-30&to=2026-03-30');
    expect(online.statusCode).toBe(403);
    expect(online.json<ApiError>()).toMatchObject({ code: 'NOT_BOOKABLE_ONLINE', message: 'Diese Terminart kann nicht online gebucht werden' });
    expect((await availability(p.type.id, 'from=2026-03-30&to=2026-03-30&channel=KIOSK')).json<Availability>().slots).toHaveLength(2);
    expect((await availability(p.type.id, 'from=2026-03-30&to=2026-03-30', asUser(p.processor))).json<Availability>().slots).toHaveLength(2);
    const q = await givenPractice();
    const kiosk = await availability(q.type.id, 'from=2026-03-30&to=2026-03-30&channel=KIOSK');
    expect(kiosk.json<ApiError>().code).toBe('NOT_BOOKABLE_AT_KIOSK');
  });

  it('names an unknown type for the public, and is a 404 for staff who do not see its list', async () => {
    for (const id of [randomUUID(), 'kein-uuid']) {
      const res = await availability(id, 'from=2026-03-30&to=2026-03-30');
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>()).toMatchObject({ code: 'APPOINTMENT_TYPE_NOT_FOUND', message: 'Terminart nicht gefunden' });
    }
    const p = await givenPractice();
    const stranger = await givenAdmin(t);
    expect((await availability(p.type.id, 'from=2026-03-30&to=2026-03-30', asUser(stranger.user))).statusCode).toBe(404);
    const colleague = await givenProcessor(t, p.accountId, []);
    expect((await availability(p.type.id, 'from=2026-03-30&to=2026-03-30', asUser(colleague))).statusCode).toBe(404);
  });

  it('covers at most 62 days, forwards', async () => {
    const p = await givenPractice();
    expect((await availability(p.type.id, 'from=2026-04-01&to=2026-06-01')).statusCode).toBe(200); // 62 days
    const long = await availability(p.type.id, 'from=2026-04-01&to=2026-06-02');
    expect(long.statusCode).toBe(400);
    expect(long.json<ApiError>().fields).toMatchObject({ to: { code: 'RANGE_TOO_LONG', message: 'Der Zeitraum darf höchstens 62 Tage umfassen' } });
    const backwards = await availability(p.type.id, 'from=2026-04-02&to=2026-04-01');
    expect(backwards.json<ApiError>().fields).toMatchObject({ to: { code: 'END_NOT_AFTER_START' } });
    expect((await availability(p.type.id, 'from=2026-04-31&to=2026-05-01')).statusCode).toBe(400);
  });
});
