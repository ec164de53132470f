import type { z } from 'zod';
import type { JobHandler } from '../../platform/jobs/index.js';
import type { ExpiryPayload } from './jobs.js';
import { scheduleRound } from './jobs.js';
import { endLiveOffers, lockFreedTime } from './offers.repo.js';

/*
 * The end of a round (docs/product.md#wishes-and-offers): its unanswered offers expire and, while
 * the time is still open, the next round begins — the round's own checks decide whether the time
 * can still be offered (the booking window's edge, quiet hours). A round whose every offer was
 * declined has begun its successor already (answer.service.ts); the same round's job key makes
 * that one job.
 */
export const endRound: JobHandler<z.infer<typeof ExpiryPayload>> = async (ctx, tx, job) => {
  const now = ctx.clock.now();
  const { freedTimeId, round } = job.payload;
  const freed = await lockFreedTime(tx, freedTimeId);
  if (!freed) return 'DONE';
  await endLiveOffers(tx, freedTimeId, 'EXPIRED', now, round);
  if (freed.state === 'OPEN' && freed.round === round) await scheduleRound(tx, freedTimeId, round + 1, now);
  return 'DONE';
};
