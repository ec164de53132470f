import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { localDateOf } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { profiles } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { scheduleJob, scheduleJobs, type JobHandler } from '../../platform/jobs/index.js';
import { smsConfigured } from '../../platform/sms-offer.js';
import { busyTimes, findTypeWithLocation, freeTimeInputs, offeredTimes, placementFor, windowProblem, type TypeWithLocation } from '../appointments/index.js';
import { fitOf } from './fit.js';
import { OFFER_EXPIRY_JOB, OFFER_SEND_JOB, scheduleRound, type RoundPayload } from './jobs.js';
import { findCandidates, insertOffers, lockFreedTime, updateFreedTime, type FreedTimeRow } from './offers.repo.js';
import { quietUntil } from './quiet-hours.js';

/*
 * A round of offers for a freed time (docs/product.md#wishes-and-offers): the time must still be
 * one a patient could book (inside hours, not taken, inside its booking window, the rule's
 * minimum notice included) or it lapses; at night the round waits for the end of the location's
 * quiet hours while the time allows; then the next waiting patients get an offer each, valid
 * for the type's minutes but never past the last moment the booking window allows.
 */

const HOUR = 3_600_000;

/**
 * The last moment a patient may still book the freed time (its start less the least notice of
 * the rules that offer it), or undefined when a patient cannot book it now: out of hours, taken,
 * too soon, too far ahead.
 */
export async function bookableUntil(q: Queryable, found: TypeWithLocation, freed: FreedTimeRow, now: Date): Promise<Date | undefined> {
  let end: Date;
  try {
    ({ end } = await placementFor(q, found, { start: freed.startAt, processorId: freed.processorId, byStaff: false, now }));
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  const busy = await busyTimes(q, [freed.processorId], freed.startAt, end);
  if ((busy.get(freed.processorId) ?? []).length > 0) return undefined;
  const day = localDateOf(freed.startAt, found.location.timeZone);
  const offers = offeredTimes(await freeTimeInputs(q, found, day, day, false)).filter(
    (offer) => offer.start === freed.startAt.getTime() && offer.processorId === freed.processorId && !windowProblem(offer, now),
  );
  if (offers.length === 0) return undefined;
  return new Date(Math.max(...offers.map((offer) => offer.start - offer.rule.minHoursInAdvance * HOUR)));
}

async function quietHoursOf(q: Queryable, profileId: string): Promise<{ start: string; end: string }> {
  const [row] = await q.select({ start: profiles.quietHoursStart, end: profiles.quietHoursEnd }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row ?? { start: '00:00', end: '00:00' };
}

const lapse = (q: Queryable, freed: FreedTimeRow) => updateFreedTime(q, freed.id, { state: 'LAPSED' });

/** Makes round `round`'s offers of the freed time now (the checks passed): false when nobody waits for it. */
async function offerRound(ctx: AppContext, q: Queryable, freed: FreedTimeRow, found: TypeWithLocation, round: number, edge: Date, now: Date): Promise<boolean> {
  const candidates = await findCandidates(q, {
    freed,
    fit: fitOf(freed.startAt, found.location.timeZone),
    now,
    limit: found.type.offerCount,
    smsConfigured: smsConfigured(ctx.config),
  });
  if (candidates.length === 0) return false;
  const expiresAt = new Date(Math.min(now.getTime() + found.type.offerMinutes * 60_000, edge.getTime()));
  const offers = await insertOffers(
    q,
    candidates.map((candidate) => ({ accountId: freed.accountId, freedTimeId: freed.id, appointmentId: candidate.id, round, expiresAt, createdAt: now })),
  );
  await updateFreedTime(q, freed.id, { round });
  await scheduleJobs(
    q,
    offers.map((offer) => ({ kind: OFFER_SEND_JOB, key: offer.id, runAt: now, payload: { offerId: offer.id } })),
  );
  await scheduleJob(q, { kind: OFFER_EXPIRY_JOB, key: `${freed.id}:${round}`, runAt: expiresAt, payload: { freedTimeId: freed.id, round } });
  return true;
}

export const runRound: JobHandler<z.infer<typeof RoundPayload>> = async (ctx, tx, job) => {
  const now = ctx.clock.now();
  const { round } = job.payload;
  const freed = await lockFreedTime(tx, job.payload.freedTimeId);
  // Filled, lapsed, or this round already begun (a decline and an expiry both asked): nothing to do.
  if (!freed || freed.state !== 'OPEN' || freed.round !== round - 1) return 'DONE';
  const found = await findTypeWithLocation(tx, freed.appointmentTypeId, undefined);
  // A type archived or no longer offering earlier times: the time is offered no more.
  if (!found || found.type.offerCount === 0) {
    await lapse(tx, freed);
    return 'DONE';
  }
  const edge = await bookableUntil(tx, found, freed, now);
  if (!edge || edge.getTime() <= now.getTime()) {
    await lapse(tx, freed);
    return 'DONE';
  }
  const morning = quietUntil(now, found.location.timeZone, await quietHoursOf(tx, freed.profileId));
  if (morning) {
    // The night is quiet: the round waits for the morning if the time can still be offered then.
    if (morning.getTime() < edge.getTime()) await scheduleRound(tx, freed.id, round, morning, true);
    else await lapse(tx, freed);
    return 'DONE';
  }
  // Nobody waits for it (now): it stays OPEN for the reports, without further jobs.
  await offerRound(ctx, tx, freed, found, round, edge, now);
  return 'DONE';
};
