import { PublicQueue, topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import { publicQueue } from './views.service.js';

/**
 * How long a cached public view may be served while its topic's version stands still. The
 * version moves with every change that is announced on `queue:{id}` (draws, calls, every state
 * change of a ticket, session events — also those of the schedule jobs — and pauses), so those
 * show at once. The rest of the view moves without an event: `estimated_wait` is computed from
 * the clock, intake refusals follow the time of day, and a few settings (the list's texts, the
 * logo, a processor's name) change without a live event. Two seconds keeps that drift below what
 * a screen shows (the estimate is in minutes; a setting is seen at most 2 s late by a screen
 * that loads then, and screens already open learn of such settings only on their next refetch
 * anyway), while a reconnect storm — 10,000 screens refetching within a few seconds — costs a
 * handful of reads per list instead of 10,000.
 */
export const PUBLIC_SNAPSHOT_MAX_AGE_MS = 2000;

/** Lists kept at most: the entries are small, but ids come from the internet (unknown ids are not cached). */
const MAX_ENTRIES = 10_000;

export interface PublicSnapshots {
  /** The public view of a list: from the cache when read at the topic's current version within the max age. */
  get(queueId: string): Promise<PublicQueue>;
  /**
   * The same view as JSON text, shaped by the route's response schema: what a socket gets with
   * `subscribed` (tickets.realtime.ts). Serialized once per read, not once per socket.
   */
  json(queueId: string): Promise<string>;
}

/**
 * `GET /queues/{id}/public` behind a cache per list, keyed by the version of its live topic
 * (platform/versioned-cache.ts: never older than the version a client saw). Every screen of a
 * list refetches after each event and on reconnect: one read per version instead of one each.
 */
export function createPublicSnapshots(ctx: AppContext): PublicSnapshots {
  // The text is made once per read, for the sockets that ask, and kept beside its view.
  const cache = createVersionedCache<{ view: PublicQueue; text?: string }>(ctx, {
    maxAgeMs: PUBLIC_SNAPSHOT_MAX_AGE_MS,
    maxEntries: MAX_ENTRIES,
    onLookup: (result) => ctx.metrics.publicQueueSnapshots.inc({ result }),
  });
  const snapshot = (queueId: string) => cache.get(queueId, topicOf('queue', queueId), async () => ({ view: await publicQueue(ctx, queueId) }));
  return {
    get: async (queueId) => (await snapshot(queueId)).view,
    async json(queueId) {
      const read = await snapshot(queueId);
      // The response schema strips what the route would not send.
      read.text ??= JSON.stringify(PublicQueue.parse(read.view));
      return read.text;
    },
  };
}
