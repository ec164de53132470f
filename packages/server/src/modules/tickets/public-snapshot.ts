import { PublicQueue, topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
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

interface Entry {
  version: number;
  /** Clock time (ms) the read began: the age counts from what the database was asked then. */
  readAt: number;
  view: Promise<PublicQueue>;
  settled: boolean;
  /** The view as the route would send it, made once per entry for the sockets that ask (`json`). */
  text?: Promise<string>;
}

export interface PublicSnapshots {
  /** The public view of a list: from the cache when read at the topic's current version within the max age. */
  get(queueId: string): Promise<PublicQueue>;
  /**
   * The same view as JSON text, shaped by the route's response schema: what a socket gets with
   * `subscribed` (tickets.realtime.ts). Serialized once per entry, not once per socket.
   */
  json(queueId: string): Promise<string>;
}

/**
 * `GET /queues/{id}/public` behind a cache per list, keyed by the version of its live topic
 * (docs/architecture.md#live-updates). The version is read BEFORE the database, and every event
 * is published after its commit, so an entry never holds a state older than its version says:
 * a client that saw version v and refetches is answered with v or newer, never with stale-by-
 * version data. Concurrent misses of one version share one read (the `joined` count); a failed
 * read is not kept, so the next request tries again. With Redis the version is the cluster's
 * (one GET per request, far cheaper than the view's queries); each node caches for itself.
 */
export function createPublicSnapshots(ctx: AppContext): PublicSnapshots {
  const entries = new Map<string, Entry>();
  const count = (result: 'hit' | 'joined' | 'miss') => ctx.metrics.publicQueueSnapshots.inc({ result });

  const read = (queueId: string, version: number): Entry => {
    const entry: Entry = { version, readAt: ctx.clock.now().getTime(), view: publicQueue(ctx, queueId), settled: false };
    entries.delete(queueId); // re-inserted last: the Map's order is the order of reads
    entries.set(queueId, entry);
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entry.view.then(
      () => (entry.settled = true),
      // Not found, or the database failed: nothing to keep (unknown ids must not fill the map).
      () => entries.get(queueId) === entry && entries.delete(queueId),
    );
    return entry;
  };

  const current = async (queueId: string): Promise<Entry> => {
    const version = await ctx.realtime.currentVersion(topicOf('queue', queueId));
    const entry = entries.get(queueId);
    const fresh = entry !== undefined && entry.version === version && ctx.clock.now().getTime() - entry.readAt <= PUBLIC_SNAPSHOT_MAX_AGE_MS;
    if (entry && fresh) {
      count(entry.settled ? 'hit' : 'joined');
      return entry;
    }
    count('miss');
    return read(queueId, version);
  };

  return {
    get: async (queueId) => (await current(queueId)).view,
    async json(queueId) {
      const entry = await current(queueId);
      // The response schema strips what the route would not send; an entry that failed is gone already.
      entry.text ??= entry.view.then((view) => JSON.stringify(PublicQueue.parse(view)));
      return entry.text;
    },
  };
}
