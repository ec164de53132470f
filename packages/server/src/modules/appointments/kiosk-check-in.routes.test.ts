import { describe, expect, it } from 'vitest';
import type { ApiError, BookedAppointment, KioskCheckInResult, PatientAppointment } from '@wartefrei/shared';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { setNow } from '../../../test/support/test-clock.js';

/*
 * The kiosk check-in code (issue 39 §3): the appointment's own, tried only at its location on its
 * day, one answer for every miss, and past a cap of misses per location no code is tried at all —
 * from any address — until the window turns.
 */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 }, checkInFailureLimit: { perLocation: 3, windowSeconds: 600 } });

/** Monday 30 March 2026 in Vienna. */
const at = (time: string) => `2026-03-30T${time}:00+02:00`;

async function givenBookedToday() {
  const p = await givenBookablePractice(t, { at: at('07:00'), slot: { start_time: '08:00', end_time: '12:00' } });
  const staff = asUser(p.user);
  expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: staff, payload: { event: 'START' } })).statusCode).toBe(200);
  const book = async (time: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: staff,
      payload: { appointment_type_id: p.type.id, start: at(time), processor_id: p.processor.id, last_name: `Termin ${time}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<BookedAppointment>();
    const page = (await t.inject({ method: 'GET', url: `/appointments/${linkKey(booked)}` })).json<PatientAppointment>();
    return { booked, code: page.check_in_code };
  };
  const checkIn = (code: string, remoteAddress = '198.51.100.20', profileId = p.profileId) =>
    t.inject({ method: 'POST', url: '/appointments/check-in', payload: { profile_id: profileId, code }, remoteAddress });
  return { ...p, book, checkIn };
}

describe('POST /appointments/check-in: the code', () => {
  it('is 8 characters of Crockford base32, no part of the id, and read as a patient types it', async () => {
    const p = await givenBookedToday();
    const { booked, code } = await p.book('09:00');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(booked.id.replace(/-/g, '').toUpperCase()).not.toContain(code.replace('-', ''));
    setNow(t.clock, at('08:40'));
    const typed = code.replace('-', ' ').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const res = await p.checkIn(typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json<KioskCheckInResult>()).sort()).toEqual(['number', 'queue_name', 'start', 'type_name']);
  });

  it('past three misses at a location tries no code there — not even a right one, from any address — until the window turns', async () => {
    const p = await givenBookedToday();
    const { code } = await p.book('10:00');
    const other = await givenBookedToday();
    const { code: otherCode } = await other.book('10:00');
    setNow(t.clock, at('09:30'));
    for (const guess of ['ZZZZ-ZZZZ', 'YYYY-YYYY', 'XXXX-XXXX']) {
      const miss = await p.checkIn(guess, `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
      expect([miss.statusCode, miss.json<ApiError>().code]).toEqual([404, 'APPOINTMENT_NOT_FOUND']);
    }
    const held = await p.checkIn(code, '203.0.113.77');
    expect([held.statusCode, held.json<ApiError>().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // Another location's kiosk is not held.
    expect((await other.checkIn(otherCode)).statusCode).toBe(200);
    // The window turned: the right code checks in.
    t.clock.advanceSeconds(600);
    const later = await p.checkIn(code);
    expect(later.statusCode, later.body).toBe(200);
  });

  it("counts no miss for a check-in that works, so a busy location's kiosk is not held by its own patients", async () => {
    const p = await givenBookedToday();
    const codes = [await p.book('08:00'), await p.book('09:00'), await p.book('10:00'), await p.book('11:00')].map((b) => b.code);
    setNow(t.clock, at('07:50'));
    for (const code of codes) expect((await p.checkIn(code)).statusCode).toBe(200);
  });
});
