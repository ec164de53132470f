import { z } from 'zod';
import { FREED_TIME_REASONS } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { scheduleJob } from '../../platform/jobs/index.js';

/*
 * The job kinds of earlier appointments (docs/architecture.md#timed-work): one runner claims each, its
 * writes commit with its DONE, and a restart finds the rest still pending. Keys make each step
 * happen once: a round's start per freed time and round, a send per offer, an expiry per round.
 */

/** Starts round `round` of a freed time: checks it, finds the next waiting patients, makes their offers. */
export const OFFER_ROUND_JOB = 'offer.round';
/** Sends one offer (key: the offer's id, so no offer is ever sent twice). */
export const OFFER_SEND_JOB = 'offer.send';
/** Ends a round: its unanswered offers expire and the next round begins. */
export const OFFER_EXPIRY_JOB = 'offer.expiry';
/** Looks for free times someone waits for in a stretch that opened (an absence removed, hours added). */
export const OFFER_SCAN_JOB = 'offer.scan';

export const RoundPayload = z.object({ freedTimeId: z.uuid(), round: z.number().int().min(1) });
export const SendPayload = z.object({ offerId: z.uuid() });
export const ExpiryPayload = z.object({ freedTimeId: z.uuid(), round: z.number().int().min(1) });
export const ScanPayload = z.object({
  accountId: z.uuid(),
  processorId: z.uuid(),
  from: z.string(),
  to: z.string(),
  reason: z.enum(FREED_TIME_REASONS),
});

/**
 * Schedules round `round` of a freed time at `at`. The same round twice (a last decline and the
 * expiry both asking) is one job; one put off to the morning gets a key of its own.
 */
export async function scheduleRound(q: Queryable, freedTimeId: string, round: number, at: Date, deferred = false): Promise<void> {
  const key = deferred ? `${freedTimeId}:${round}:${at.toISOString()}` : `${freedTimeId}:${round}`;
  await scheduleJob(q, { kind: OFFER_ROUND_JOB, key, runAt: at, payload: { freedTimeId, round } });
}
