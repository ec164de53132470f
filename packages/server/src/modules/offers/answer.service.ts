import { and, eq, isNull } from 'drizzle-orm';
import type { AppointmentOffer } from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import {
  announceAppointments,
  findAppointmentWithPlace,
  findTypeWithLocation,
  placementFor,
  resetReminders,
  takeFirstFree,
  tell,
  timesFreed,
  updateAppointmentIf,
  type AppointmentWithPlace,
} from '../appointments/index.js';
import { appointmentUrl, mintLink } from '../patient-links/index.js';
import { scheduleRound } from './jobs.js';
import {
  endLiveOffers,
  findFreedTime,
  findOfferByTokenHash,
  liveOffersOfRound,
  lockFreedTime,
  lockOffer,
  updateFreedTime,
  updateOffer,
  type FreedTimeRow,
  type OfferRow,
} from './offers.repo.js';
import { presentOffer, viewOf } from './present.js';

/*
 * The offer's page and its two answers (docs/api.md#earlier-appointments), without a login: the
 * token of the offer's link is the key, rate limited per address like booking. An unknown and a
 * malformed token answer alike (OFFER_NOT_FOUND). Accepting moves the waiting appointment into
 * the freed time in one transaction; between two who accept at once the processor's lock and the
 * exclusion constraint decide, and the other keeps their appointment (OFFER_TAKEN).
 */

interface OfferInContext {
  offer: OfferRow;
  freed: FreedTimeRow;
  found: AppointmentWithPlace;
}

async function limited(limiter: RateLimiter, ip: string, now: Date): Promise<void> {
  const verdict = await limiter.hit(ip, now);
  if (!verdict.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
}

async function offerOfToken(ctx: AppContext, token: string): Promise<OfferInContext> {
  const offer = await findOfferByTokenHash(ctx.db, hashToken(token));
  const freed = offer && (await findFreedTime(ctx.db, offer.freedTimeId));
  const found = offer && (await findAppointmentWithPlace(ctx.db, offer.appointmentId));
  if (!offer || !freed || !found) throw new AppError('OFFER_NOT_FOUND');
  return { offer, freed, found };
}

/** `GET /appointment-offers/{token}`: what is offered, until when, and the appointment it would replace. */
export async function offerView(ctx: AppContext, limiter: RateLimiter, token: string, ip: string): Promise<AppointmentOffer> {
  await limited(limiter, ip, ctx.clock.now());
  const { offer, freed, found } = await offerOfToken(ctx, token);
  return presentOffer(ctx.db, offer, freed, found, ctx.clock.now());
}

/** Why an offer cannot be answered now: taken (by another, or the time is gone) or over. */
function refusal(offer: OfferRow, freed: FreedTimeRow, found: AppointmentWithPlace, now: Date): AppError | undefined {
  const view = viewOf(offer, freed, found, now);
  if (view === 'OPEN') return undefined;
  return new AppError(view === 'TAKEN' ? 'OFFER_TAKEN' : 'OFFER_EXPIRED');
}

/** `POST /appointment-offers/{token}/decline`: the offer is let go; the last of a round to answer starts the next round. */
export async function declineOffer(ctx: AppContext, limiter: RateLimiter, token: string, ip: string): Promise<AppointmentOffer> {
  const now = ctx.clock.now();
  await limited(limiter, ip, now);
  const { offer, freed, found } = await offerOfToken(ctx, token);
  if (offer.state !== 'DECLINED') {
    const refused = refusal(offer, freed, found, now);
    if (refused) throw refused;
    await ctx.db.transaction(async (tx) => {
      const current = await lockFreedTime(tx, freed.id);
      const mine = await lockOffer(tx, offer.id);
      if (mine?.state !== 'SENT') return;
      await updateOffer(tx, offer.id, { state: 'DECLINED', answeredAt: now });
      // Everyone of the round said no: the next waiting patients need not wait for its end.
      if (current?.state === 'OPEN' && current.round === offer.round && (await liveOffersOfRound(tx, freed.id, offer.round, now)) === 0) {
        await scheduleRound(tx, freed.id, offer.round + 1, now);
      }
    });
  }
  const again = await offerOfToken(ctx, token);
  return presentOffer(ctx.db, again.offer, again.freed, again.found, ctx.clock.now());
}

/**
 * `POST /appointment-offers/{token}/accept`: the waiting appointment moves into the freed time
 * with its processor (a compare-and-set that it is still booked at its old start), its wish is
 * fulfilled, the freed time FILLED, the round's other offers LOST, and the old time freed in turn
 * (the chain). Accepting twice answers the accepted offer again.
 */
export async function acceptOffer(ctx: AppContext, limiter: RateLimiter, token: string, ip: string): Promise<AppointmentOffer> {
  const now = ctx.clock.now();
  await limited(limiter, ip, now);
  const { offer, freed, found } = await offerOfToken(ctx, token);
  if (offer.state === 'ACCEPTED') return presentOffer(ctx.db, offer, freed, found, now);
  const refused = refusal(offer, freed, found, now);
  if (refused) throw refused;
  const old = found.appointment;
  const type = await findTypeWithLocation(ctx.db, freed.appointmentTypeId, undefined);
  if (!type) throw new AppError('OFFER_TAKEN');
  const placement = await placementFor(ctx.db, type, { start: freed.startAt, processorId: freed.processorId, byStaff: false, now }).catch(async (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    // Out of hours or out of its window now: the time can no longer be offered.
    await updateFreedTime(ctx.db, freed.id, { state: 'LAPSED' });
    throw new AppError('OFFER_TAKEN');
  });
  const stillBooked = and(isNull(appointments.cancelState), eq(appointments.status, 'BOOKED'), eq(appointments.startAt, old.startAt));
  let moved;
  try {
    moved = await takeFirstFree(ctx.db, [freed.processorId], async (processorId, q) => {
      const current = await lockFreedTime(q, freed.id);
      const mine = await lockOffer(q, offer.id);
      if (current?.state !== 'OPEN' || mine?.state === 'LOST') throw new AppError('OFFER_TAKEN');
      if (mine?.state !== 'SENT') throw new AppError('OFFER_EXPIRED');
      const changed = await updateAppointmentIf(
        q,
        old.id,
        stillBooked,
        { startAt: placement.start, endAt: placement.end, processorId, seriesId: null, earlierWantedAt: null, earlierNotBefore: null, earlierTimes: [] },
        now,
      );
      if (!changed) throw new AppError('OFFER_EXPIRED');
      await updateOffer(q, offer.id, { state: 'ACCEPTED', answeredAt: now });
      await updateFreedTime(q, freed.id, { state: 'FILLED', filledAt: now, filledByAppointmentId: old.id });
      await endLiveOffers(q, freed.id, 'LOST', now);
      await timesFreed(ctx, q, [old], 'OFFER_TAKEN', now);
      return changed;
    });
  } catch (error) {
    // Booked meanwhile by someone else (the exclusion constraint refused the move): the time is gone.
    if (error instanceof AppError && error.code === 'APPOINTMENT_SLOT_TAKEN') throw new AppError('OFFER_TAKEN');
    throw error;
  }
  await resetReminders(ctx.db, [moved], now);
  await announceAppointments(ctx, [moved]);
  const after = await findAppointmentWithPlace(ctx.db, moved.id);
  tell(ctx, 'moved', after);
  const link = await mintLink(ctx.db, { appointmentId: moved.id }, now);
  const answer = await presentOffer(ctx.db, { ...offer, state: 'ACCEPTED', answeredAt: now }, { ...freed, state: 'FILLED' }, after ?? found, now);
  return { ...answer, patient_url: appointmentUrl(ctx.config.publicUrl, link) };
}
