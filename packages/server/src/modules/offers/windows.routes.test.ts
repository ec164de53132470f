import { describe, expect, it } from 'vitest';
import type { AppointmentOffer } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { book, cancelByPatient, freedTimesOf, offerKeyIn, offerRequest, offersOf, runJobs, setQuietHours, theOfferMailTo } from '../../../test/support/offers.js';

/**
 * When a freed time is offered (docs/product.md#wishes-and-offers), with the injected clock: not
 * at night (quiet hours, the round waits for the morning while the time allows), not sooner
 * than the rule's notice, never valid past the booking window; and the times an absence removed
 * or new hours opened.
 */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

const mon = (time: string) => `2026-03-30T${time}:00+02:00`;
const tue = (time: string) => `2026-03-31T${time}:00+02:00`;
async function practice(options: { slot?: Record<string, unknown>; weekdays?: number[] } = {}) {
  const p = await givenBookablePractice(t, {
    at: SPRING.now,
    type: { duration_minutes: 30 },
    slot: { end_time: '12:00', ...options.slot },
    ...(options.weekdays ? { weekdays: options.weekdays } : {}),
  });
  // The new hours' scans find nobody waiting yet: done before anyone books.
  await runJobs(t);
  return p;
}
/** A booking by staff: inside the rule's notice, where a patient may not book. */
async function bookedByStaff(p: Awaited<ReturnType<typeof practice>>, start: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/appointments',
    headers: asUser(p.user),
    payload: { appointment_type_id: p.type.id, start, processor_id: p.processor.id, last_name: 'Früh', mail: 'frueh@example.com' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; patient_url: string }>();
}

describe('quiet hours', () => {
  it('a time freed at night is offered at the end of the quiet hours (20:00–08:00 by default)', async () => {
    const p = await practice();
    const leaving = await book(t, p.type.id, mon('08:00'));
    const waiting = await book(t, p.type.id, tue('08:00'), { earlier: {} });
    setNow(t.clock, '2026-03-27T21:00:00+01:00');
    await cancelByPatient(t, leaving);
    await runJobs(t);
    const [freed] = await freedTimesOf(t, p.type.id);
    expect(freed).toMatchObject({ state: 'OPEN', round: 0 });
    expect(await offersOf(t, freed!.id)).toEqual([]);
    setNow(t.clock, '2026-03-28T07:59:00+01:00');
    await runJobs(t);
    expect(await offersOf(t, freed!.id)).toEqual([]);
    setNow(t.clock, '2026-03-28T08:00:00+01:00');
    await runJobs(t);
    expect(await offersOf(t, freed!.id)).toEqual([{ appointmentId: waiting.id, round: 1, state: 'SENT' }]);
    const offer = (await offerRequest(t, offerKeyIn(theOfferMailTo(t, waiting.address).text))).json<AppointmentOffer>();
    expect(offer.expires_at).toBe('2026-03-28T08:30:00+01:00');
  });

  it('a time whose last bookable moment comes before the morning lapses', async () => {
    const p = await practice();
    const leaving = await book(t, p.type.id, mon('08:00'));
    await book(t, p.type.id, mon('09:00'), { earlier: {} });
    setNow(t.clock, '2026-03-30T07:00:00+02:00');
    await cancelByPatient(t, leaving);
    await runJobs(t);
    expect((await freedTimesOf(t, p.type.id)).map((f) => f.state)).toEqual(['LAPSED']);
  });

  it('start = end: no quiet hours at all', async () => {
    const p = await practice();
    await setQuietHours(t, p.profileId, '00:00', '00:00');
    const leaving = await book(t, p.type.id, mon('09:00'));
    const waiting = await book(t, p.type.id, mon('10:00'), { earlier: {} });
    setNow(t.clock, '2026-03-30T03:00:00+02:00');
    await cancelByPatient(t, leaving);
    await runJobs(t);
    const [freed] = await freedTimesOf(t, p.type.id);
    expect(await offersOf(t, freed!.id)).toEqual([{ appointmentId: waiting.id, round: 1, state: 'SENT' }]);
  });
});

describe('the booking window', () => {
  it('no offer for a time sooner than the rule’s notice: the freed time lapses', async () => {
    const p = await practice({ slot: { min_hours_in_advance: 72 } });
    const leaving = await bookedByStaff(p, mon('08:00'));
    await book(t, p.type.id, tue('08:00'), { earlier: {} });
    const cancelled = await t.inject({ method: 'POST', url: `/appointments/${leaving.id}/cancel`, headers: asUser(p.user), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runJobs(t);
    expect((await freedTimesOf(t, p.type.id)).map((f) => [f.reason, f.state])).toEqual([['CANCELLED', 'LAPSED']]);
  });

  it('an offer is valid until the last moment the rule allows booking, then the time lapses', async () => {
    const p = await practice({ slot: { min_hours_in_advance: 2 } });
    await setQuietHours(t, p.profileId, '22:00', '06:00');
    const leaving = await book(t, p.type.id, mon('09:00'));
    const waiting = await book(t, p.type.id, mon('10:00'), { earlier: {} });
    setNow(t.clock, '2026-03-30T06:40:00+02:00');
    await cancelByPatient(t, leaving);
    await runJobs(t);
    const token = offerKeyIn(theOfferMailTo(t, waiting.address).text);
    expect((await offerRequest(t, token)).json<AppointmentOffer>().expires_at).toBe('2026-03-30T07:00:00+02:00');
    setNow(t.clock, '2026-03-30T07:00:00+02:00');
    await runJobs(t);
    expect((await freedTimesOf(t, p.type.id)).map((f) => f.state)).toEqual(['LAPSED']);
    expect((await offerRequest(t, token, 'accept')).json()).toMatchObject({ code: 'OFFER_EXPIRED' });
  });
});

describe('stretches that open', () => {
  it('an absence removed: the first free time someone waits for is noted and offered, once per waiting appointment', async () => {
    const p = await practice();
    const vacation = await t.inject({
      method: 'POST',
      url: '/vacations',
      headers: asUser(p.user),
      payload: { type: 'VACATION', whole_days: true, start: '2026-03-30', end: '2026-03-30', absent_processor_id: p.processor.id },
    });
    expect(vacation.statusCode, vacation.body).toBe(201);
    const waiting = await book(t, p.type.id, tue('09:00'), { earlier: {} });
    expect((await t.inject({ method: 'DELETE', url: `/vacations/${vacation.json<{ id: string }>().id}`, headers: asUser(p.user) })).statusCode).toBe(204);
    await runJobs(t);
    const freed = await freedTimesOf(t, p.type.id);
    expect(freed.map((f) => ({ start: f.startAt.toISOString(), reason: f.reason }))).toEqual([{ start: new Date(mon('08:00')).toISOString(), reason: 'ABSENCE_REMOVED' }]);
    expect(await offersOf(t, freed[0]!.id)).toEqual([{ appointmentId: waiting.id, round: 1, state: 'SENT' }]);
  });

  it('hours added: a new day of hours is offered to whoever waits for it', async () => {
    const p = await practice({ weekdays: [2] });
    const waiting = await book(t, p.type.id, tue('09:00'), { earlier: { times: [{ weekday: 1, part: 'MORNING' }] } });
    const slot = await t.inject({
      method: 'POST',
      url: '/appointment-slots',
      headers: asUser(p.user),
      payload: { profile_id: p.profileId, processor_id: p.processor.id, kind: 'SINGLE', date: '2026-03-30', start_time: '10:00', end_time: '11:00' },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    await runJobs(t);
    const freed = await freedTimesOf(t, p.type.id);
    expect(freed.map((f) => ({ start: f.startAt.toISOString(), reason: f.reason }))).toEqual([{ start: new Date(mon('10:00')).toISOString(), reason: 'HOURS_ADDED' }]);
    expect(await offersOf(t, freed[0]!.id)).toEqual([{ appointmentId: waiting.id, round: 1, state: 'SENT' }]);
  });
});
