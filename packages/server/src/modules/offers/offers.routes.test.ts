import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppointmentOffer, PatientAppointment } from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { useBookingWithSms } from '../../../test/support/message-channels.js';
import { linkKey } from '../../../test/support/tickets.js';
import { askEarlier, book, cancelByPatient, freedTimesOf, offerKeyIn, offerRequest, offersOf, runJobs, setOffers, theOfferMailTo } from '../../../test/support/offers.js';

/**
 * A freed time offered to those who wait (docs/product.md#wishes-and-offers): who fits, rounds,
 * expiry, decline, the chain, and the offer's link — mails read back from the real SMTP server.
 */

const world = useBookingWithSms();
const t = world.t;

const mon = (time: string) => `2026-03-30T${time}:00+02:00`;
const tue = (time: string) => `2026-03-31T${time}:00+02:00`;
/** Monday and Tuesday 08:00–12:00 in half hours, one processor; Friday noon before. */
async function practice(slot: Record<string, unknown> = {}) {
  const p = await givenBookablePractice(t, { at: SPRING.now, type: { duration_minutes: 30 }, slot: { end_time: '12:00', ...slot } });
  // The new hours' scans find nobody waiting yet: done before anyone books.
  await runJobs(t);
  return p;
}
/** A second later: wishes are ordered by when they were made. */
const tick = () => t.clock.advanceSeconds(1);
const startOf = async (id: string) => (await t.app.ctx.db.select({ startAt: appointments.startAt }).from(appointments).where(eq(appointments.id, id)))[0]?.startAt.toISOString();

describe('a freed time is offered', () => {
  it('to those who wait, by mail in their language; the first to accept moves there, the other reads OFFER_TAKEN', async () => {
    const p = await practice();
    const leaving = await book(t, p.type.id, mon('08:00'));
    const a = await book(t, p.type.id, tue('08:00'), { lang: 'en', earlier: {} });
    tick();
    const b = await book(t, p.type.id, tue('09:00'));
    await askEarlier(t, b);
    await cancelByPatient(t, leaving);
    const [freed] = await freedTimesOf(t, p.type.id);
    expect(freed).toMatchObject({ reason: 'CANCELLED', state: 'OPEN', round: 0, fromAppointmentId: leaving.id });
    await runJobs(t);

    const mailA = theOfferMailTo(t, a.address);
    expect(mailA.subject).toBe('Earlier appointment available: Arztgespräch');
    expect(mailA.text).toContain('Monday, March 30, 2026 at 8:00');
    const tokenA = offerKeyIn(mailA.text);
    expect(mailA.text).toContain(`http://wartefrei.test/offer/${tokenA}`);
    expect(mailA.html).toContain(`<a href="http://wartefrei.test/offer/${tokenA}"`);
    const mailB = theOfferMailTo(t, b.address);
    expect(mailB.subject).toBe('Früherer Termin frei: Arztgespräch');
    expect(mailB.text).toContain('Montag, 30. März 2026 um 08:00');
    // Only the hash is kept.
    expect(JSON.stringify(await t.app.ctx.db.execute(sql`SELECT token_hash FROM appointment_offers`))).not.toContain(tokenA);

    const view = await offerRequest(t, tokenA);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<AppointmentOffer>()).toMatchObject({
      state: 'OPEN',
      start: mon('08:00'),
      end: mon('08:30'),
      current_start: tue('08:00'),
      expires_at: '2026-03-27T12:30:01+01:00', // the second wish came a second later
      type_name: 'Arztgespräch',
      time_zone: 'Europe/Vienna',
      processor_name: 'Bearbeiter', // the freed time's processor, as givenProcessor names them
    });
    const accepted = await offerRequest(t, tokenA, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AppointmentOffer>()).toMatchObject({ state: 'ACCEPTED', start: mon('08:00'), current_start: mon('08:00') });
    const page = (await t.inject({ method: 'GET', url: `/appointments/${linkKey(accepted.json<AppointmentOffer>())}` })).json<PatientAppointment>();
    expect(page).toMatchObject({ id: a.id, start: mon('08:00'), earlier_wanted: false, earlier_wish: null });
    // Accepting again answers the same.
    expect((await offerRequest(t, tokenA, 'accept')).json<AppointmentOffer>().state).toBe('ACCEPTED');

    const tokenB = offerKeyIn(mailB.text);
    expect((await offerRequest(t, tokenB)).json<AppointmentOffer>().state).toBe('TAKEN');
    const late = await offerRequest(t, tokenB, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OFFER_TAKEN', message: 'Dieser Termin ist inzwischen vergeben – Ihr bisheriger Termin bleibt bestehen.' });
    expect(await startOf(b.id)).toBe(new Date(tue('09:00')).toISOString());
    expect(await offersOf(t, freed!.id)).toEqual([
      { appointmentId: a.id, round: 1, state: 'ACCEPTED' },
      { appointmentId: b.id, round: 1, state: 'LOST' },
    ]);
    expect((await freedTimesOf(t, p.type.id))[0]).toMatchObject({ state: 'FILLED', filledByAppointmentId: a.id });
    // The patient is told of the move, as for any move.
    const moved = await t.smtp.waitForMail(a.address, { since: t.smtp.mails.indexOf(mailA) + 1 });
    expect(moved.subject).toBe('Appointment moved: Arztgespräch');
  });

  it('only to those who fit: same type, later, not before, the times, a channel, not erased, not cancelled', async () => {
    const p = await practice();
    await setOffers(t, p.type.id, { offerCount: 10 });
    const other = await t.inject({ method: 'POST', url: '/appointment-types', headers: asUser(p.user), payload: { queue_id: p.queueId, duration_minutes: 30, name: 'Andere' } });
    expect(other.statusCode, other.body).toBe(201);
    const leaving = await book(t, p.type.id, mon('09:00'));
    const wait = async (start: string, overrides: Record<string, unknown> = {}, typeId = p.type.id) => {
      tick();
      return book(t, typeId, start, { earlier: {}, ...overrides });
    };
    const earlierStart = await wait(mon('08:00'));
    const fits = await wait(mon('10:00'));
    const otherType = await wait(mon('10:30'), {}, other.json<{ id: string }>().id);
    const notYet = await wait(mon('11:00'), { earlier: { not_before: '2026-03-31' } });
    const fromThatDay = await wait(mon('11:30'), { earlier: { not_before: '2026-03-30' } });
    const afternoonsOnly = await wait(tue('08:00'), { earlier: { times: [{ weekday: 1, part: 'AFTERNOON' }] } });
    const mondayMornings = await wait(tue('08:30'), {
      earlier: {
        times: [
          { weekday: 2, part: 'AFTERNOON' },
          { weekday: 1, part: 'MORNING' },
        ],
      },
    });
    const unreachable = await wait(tue('09:00'), { notify_mail: false });
    const bySms = await wait(tue('09:30'), { notify_mail: false, phone: '+43 664 5550001', notify_sms: true });
    const erased = await wait(tue('10:00'));
    const cancelled = await wait(tue('10:30'));
    const notWaiting = await book(t, p.type.id, tue('11:00'));
    await t.app.ctx.db.update(appointments).set({ personalDataErasedAt: t.clock.now() }).where(eq(appointments.id, erased.id));
    await t.app.ctx.db.update(appointments).set({ cancelState: 'STAFF' }).where(eq(appointments.id, cancelled.id));
    await cancelByPatient(t, leaving);
    await runJobs(t);
    const [freed] = await freedTimesOf(t, p.type.id);
    const offered = (await offersOf(t, freed!.id)).map((offer) => offer.appointmentId);
    expect(offered).toEqual([fits.id, fromThatDay.id, mondayMornings.id, bySms.id]);
    for (const id of [earlierStart.id, otherType.id, notYet.id, afternoonsOnly.id, unreachable.id, erased.id, cancelled.id, notWaiting.id]) expect(offered).not.toContain(id);
    const texts = await world.sms.waitFor('+436645550001', 2);
    expect(texts[1]?.text).toMatch(/^Standort .+: Früherer Termin frei für „Arztgespräch“: Montag, 30\. März 2026 um 09:00\. Annehmen bis .+: http:\/\/wartefrei\.test\/offer\//);
    expect((await offerRequest(t, offerKeyIn(texts[1]?.text))).json<AppointmentOffer>().state).toBe('OPEN');
  });
});

describe('what frees a time', () => {
  it('a deletion and a move by staff free their old times too', async () => {
    const p = await practice();
    const deleted = await book(t, p.type.id, mon('08:00'));
    const moved = await book(t, p.type.id, mon('08:30'));
    const staff = asUser(p.user);
    expect((await t.inject({ method: 'DELETE', url: `/appointments/${deleted.id}`, headers: staff })).statusCode).toBe(204);
    const patched = await t.inject({ method: 'PATCH', url: `/appointments/${moved.id}`, headers: staff, payload: { start: tue('11:30') } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await freedTimesOf(t, p.type.id)).map((f) => [f.startAt.toISOString(), f.reason, f.fromAppointmentId])).toEqual([
      [new Date(mon('08:00')).toISOString(), 'DELETED', null],
      [new Date(mon('08:30')).toISOString(), 'MOVED', moved.id],
    ]);
  });
});

/**
 * One offer per round; Monday 8:00 freed by its patient and offered (jobs run) to two who wait for
 * an earlier time, booked at `firstAt` and, a second later, at `secondAt`.
 */
async function givenFreedForTwo(firstAt: string, secondAt: string) {
  const p = await practice();
  await setOffers(t, p.type.id, { offerCount: 1 });
  const leaving = await book(t, p.type.id, mon('08:00'));
  const first = await book(t, p.type.id, firstAt, { earlier: {} });
  tick();
  const second = await book(t, p.type.id, secondAt, { earlier: {} });
  await cancelByPatient(t, leaving);
  await runJobs(t);
  return { p, first, second };
}

describe('rounds', () => {
  it('an offer unanswered expires; the next round goes to the next who waits', async () => {
    const { p, first, second } = await givenFreedForTwo(tue('09:00'), tue('08:00'));
    const [freed] = await freedTimesOf(t, p.type.id);
    expect(await offersOf(t, freed!.id)).toEqual([{ appointmentId: first.id, round: 1, state: 'SENT' }]);
    const token = offerKeyIn(theOfferMailTo(t, first.address).text);
    t.clock.advanceSeconds(29 * 60);
    await runJobs(t);
    expect(await offersOf(t, freed!.id)).toHaveLength(1);
    t.clock.advanceSeconds(60);
    expect((await offerRequest(t, token)).json<AppointmentOffer>().state).toBe('EXPIRED');
    await runJobs(t);
    expect(await offersOf(t, freed!.id)).toEqual([
      { appointmentId: first.id, round: 1, state: 'EXPIRED' },
      { appointmentId: second.id, round: 2, state: 'SENT' },
    ]);
    const late = await offerRequest(t, token, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OFFER_EXPIRED' });
    expect(theOfferMailTo(t, second.address).subject).toBe('Früherer Termin frei: Arztgespräch');
  });

  it('when every offer of a round is declined, the next round starts at once', async () => {
    const { p, first, second } = await givenFreedForTwo(tue('09:00'), tue('08:00'));
    const token = offerKeyIn(theOfferMailTo(t, first.address).text);
    const declined = await offerRequest(t, token, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<AppointmentOffer>().state).toBe('DECLINED');
    await runJobs(t);
    const [freed] = await freedTimesOf(t, p.type.id);
    expect(await offersOf(t, freed!.id)).toEqual([
      { appointmentId: first.id, round: 1, state: 'DECLINED' },
      { appointmentId: second.id, round: 2, state: 'SENT' },
    ]);
    expect((await offerRequest(t, token, 'accept')).json()).toMatchObject({ code: 'OFFER_EXPIRED' });
    // The first round's end changes nothing more.
    t.clock.advanceSeconds(30 * 60);
    await runJobs(t);
    expect((await offersOf(t, freed!.id)).filter((offer) => offer.round === 3)).toEqual([]);
  });

  it('the chain: A takes the freed time, A’s old time goes to C, C’s old time waits — until D asks', async () => {
    const { p, first: a, second: c } = await givenFreedForTwo(tue('08:00'), tue('09:00'));
    expect((await offerRequest(t, offerKeyIn(theOfferMailTo(t, a.address).text), 'accept')).statusCode).toBe(200);
    await runJobs(t);
    const freed = await freedTimesOf(t, p.type.id);
    expect(freed.map((f) => ({ start: f.startAt.toISOString(), reason: f.reason, state: f.state }))).toEqual([
      { start: new Date(mon('08:00')).toISOString(), reason: 'CANCELLED', state: 'FILLED' },
      { start: new Date(tue('08:00')).toISOString(), reason: 'OFFER_TAKEN', state: 'OPEN' },
    ]);
    expect(await offersOf(t, freed[1]!.id)).toEqual([{ appointmentId: c.id, round: 1, state: 'SENT' }]);
    expect((await offerRequest(t, offerKeyIn(theOfferMailTo(t, c.address).text), 'accept')).statusCode).toBe(200);
    await runJobs(t);
    const after = await freedTimesOf(t, p.type.id);
    expect(after.map((f) => [f.reason, f.state])).toEqual([
      ['CANCELLED', 'FILLED'],
      ['OFFER_TAKEN', 'FILLED'],
      ['OFFER_TAKEN', 'OPEN'],
    ]);
    expect(await offersOf(t, after[2]!.id)).toEqual([]);
    expect(await startOf(c.id)).toBe(new Date(tue('08:00')).toISOString());
    // A wish made later looks at the time nobody took.
    const d = await book(t, p.type.id, tue('11:00'));
    await askEarlier(t, d, { times: [{ weekday: 2, part: 'MORNING' }] });
    await runJobs(t);
    expect(await offersOf(t, after[2]!.id)).toEqual([{ appointmentId: d.id, round: 1, state: 'SENT' }]);
  });
});

describe('the offer link', () => {
  it('an unknown and a malformed token answer alike: 404 OFFER_NOT_FOUND', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'kaputt', '00000000-0000-4000-8000-000000000000']) {
      for (const action of [undefined, 'accept', 'decline'] as const) {
        const res = await offerRequest(t, token, action);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'OFFER_NOT_FOUND' });
      }
    }
  });
});
