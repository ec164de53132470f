import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Availability } from '@wartefrei/shared';
import { appointmentSlots } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice } from '../../../test/support/appointments.js';
import { AVAILABILITY_MAX_AGE_MS } from './availability.cache.js';

/*
 * The patients' free times are kept between announced changes (availability.cache.ts). Each
 * test shortens the practice's rules straight in the database — a write that announces nothing —
 * and sees when the answer follows.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  setNow(t.clock, '2026-03-27T12:00:00+01:00');
});
afterAll(async () => t.close());

const MONDAY = 'from=2026-03-30&to=2026-03-30';
const startsOf = async (typeId: string, headers: Record<string, string> = {}) => {
  const res = await t.inject({ method: 'GET', url: `/appointment-types/${typeId}/availability?${MONDAY}`, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return Availability.parse(res.json()).slots.map((slot) => slot.start.slice(11, 16));
};

/** A practice whose patients' Monday has been asked for twice (the second answer is kept), then its rules cut to 08:00–09:00 unannounced. */
async function givenKeptMondayThenCutRules() {
  const p = await givenBookablePractice(t);
  expect(await startsOf(p.type.id)).toEqual(['08:00', '09:00']);
  expect(await startsOf(p.type.id)).toEqual(['08:00', '09:00']);
  await t.app.ctx.db.update(appointmentSlots).set({ endTime: '09:00' }).where(eq(appointmentSlots.processorId, p.processor.id));
  return p;
}

describe("the patients' free times between changes", () => {
  it('are kept while nothing is announced, and computed anew after a booking announces one', async () => {
    const p = await givenKeptMondayThenCutRules();
    expect(await startsOf(p.type.id)).toEqual(['08:00', '09:00']);

    // A booking is judged by the rules as they are: it takes the 08:00 both answers offer.
    const booked = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, '2026-03-30T08:00:00+02:00') });
    expect(booked.statusCode).toBe(201);
    expect(await startsOf(p.type.id)).toEqual([]);
  });

  it('follow an unannounced change once the max age has passed', async () => {
    const p = await givenKeptMondayThenCutRules();
    t.clock.advanceSeconds(AVAILABILITY_MAX_AGE_MS / 1000 / 2);
    expect(await startsOf(p.type.id)).toEqual(['08:00', '09:00']);
    t.clock.advanceSeconds(AVAILABILITY_MAX_AGE_MS / 1000);
    expect(await startsOf(p.type.id)).toEqual(['08:00']);
  });

  it('are computed for staff on every request: their answer depends on who asks', async () => {
    const p = await givenKeptMondayThenCutRules();
    expect(await startsOf(p.type.id, asUser(p.user))).toEqual(['08:00']);
  });

  it('are kept per range: another week is its own answer', async () => {
    const p = await givenKeptMondayThenCutRules();
    const tuesday = await t.inject({ method: 'GET', url: `/appointment-types/${p.type.id}/availability?from=2026-03-31&to=2026-03-31` });
    expect(Availability.parse(tuesday.json()).slots.map((slot) => slot.start.slice(11, 16))).toEqual(['08:00']);
  });

  it('keep nothing of an unknown type: each request is a 404 of its own', async () => {
    const unknown = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.inject({ method: 'GET', url: `/appointment-types/${unknown}/availability?${MONDAY}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'APPOINTMENT_TYPE_NOT_FOUND' });
    }
  });
});
