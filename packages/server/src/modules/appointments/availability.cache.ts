import { topicOf, type AvailabilityQuery } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import { availabilityInAccount } from './availability.service.js';

/**
 * How long a patient's free times may be served while the account's live topic stands still.
 * Every booking, move, cancel, restore, check-in and absence announces `appointments.changed`
 * on `account:{id}` after its commit (appointments.events.ts), so the next request computes
 * anew. The rules, the type's settings and the processors' ranks change without an event:
 * those reach the booking page within this time. A booking is checked against the database
 * anyway; a time shown a moment too long is refused there with the nearest free ones.
 */
export const AVAILABILITY_MAX_AGE_MS = 2000;

/** Answers kept at most, and their JSON at most (a busy month is 1.9 MB; a week some 100 KB). */
const MAX_ENTRIES = 500;
const MAX_LENGTH = 64 * 1024 * 1024;
/** Types whose account is known: the key to their topic (a type never changes its account). */
const MAX_KNOWN_TYPES = 10_000;

/**
 * The patients' free times (`GET /appointment-types/{id}/availability` without a login: the
 * booking page, the kiosk), as the JSON the route sends, kept per type, range and channel
 * (platform/versioned-cache.ts). Many patients open the same week of the same type, and a busy
 * month took some 30 ms and 6 queries to compute (bench/availability.mjs). Staff answers are
 * computed each time: they depend on who asks. A type asked for the first time is computed
 * uncached: its account, and so its topic, is known only from that answer, and the version must
 * be read before the database for an entry to be trusted.
 */
export function createAvailabilityCache(ctx: AppContext): (id: string, query: AvailabilityQuery) => Promise<string> {
  const cache = createVersionedCache<string>(ctx, { maxAgeMs: AVAILABILITY_MAX_AGE_MS, maxEntries: MAX_ENTRIES, maxLength: MAX_LENGTH });
  const accountOfType = new Map<string, string>();
  const compute = async (id: string, query: AvailabilityQuery) => {
    const { availability, accountId } = await availabilityInAccount(ctx, undefined, id, query);
    if (!accountOfType.has(id)) {
      if (accountOfType.size >= MAX_KNOWN_TYPES) accountOfType.clear();
      accountOfType.set(id, accountId);
    }
    return JSON.stringify(availability);
  };
  return (id, query) => {
    const accountId = accountOfType.get(id);
    if (!accountId) return compute(id, query);
    const key = `${id}|${query.from}|${query.to}|${query.channel ?? 'ONLINE'}`;
    return cache.get(key, topicOf('account', accountId), () => compute(id, query));
  };
}
