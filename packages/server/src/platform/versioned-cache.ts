import type { Clock } from './clock.js';
import type { RealtimeHub } from './realtime/hub.js';

/** How a lookup was served: `hit` the cache, `joined` a read already running, `miss` a read of its own. */
export type CacheLookup = 'hit' | 'joined' | 'miss';

export interface VersionedCacheOptions {
  /** How long an entry may be served while its topic's version stands still (changes that send no event). */
  maxAgeMs: number;
  /** Entries kept at most (the oldest read goes first). */
  maxEntries: number;
  /** Characters of JSON kept at most over all entries, for values that are text; none by default. */
  maxLength?: number;
  /** Told of every lookup, e.g. a Prometheus counter. */
  onLookup?: (result: CacheLookup) => void;
}

interface Entry<V> {
  topic: string;
  version: number;
  /** Clock time (ms) the read began: the age counts from what the database was asked then. */
  readAt: number;
  value: Promise<V>;
  settled: boolean;
  length: number;
}

export interface VersionedCache<V> {
  /**
   * The value of `key`, from the cache when it was read at `topic`'s current version within the
   * max age; otherwise `load()`, shared by every lookup of that version meanwhile.
   */
  get(key: string, topic: string, load: () => Promise<V>): Promise<V>;
}

/**
 * Values read from the database and kept per key while the live topic they belong to stands
 * still (docs/architecture.md#live-updates). The version is read BEFORE the database, and every
 * event is published after its commit, so an entry never holds a state older than its version
 * says: a client that saw version v is answered with v or newer. Concurrent misses of one version
 * share one read; a failed read is not kept, so the next lookup tries again. With Redis the
 * version is the cluster's (one GET per lookup, far cheaper than the reads it saves); each node
 * caches for itself. The public queue view (tickets/public-snapshot.ts) and the patients' free
 * times (appointments/availability.cache.ts) are kept this way.
 */
export function createVersionedCache<V>(ctx: { clock: Clock; realtime: Pick<RealtimeHub, 'currentVersion'> }, options: VersionedCacheOptions): VersionedCache<V> {
  const entries = new Map<string, Entry<V>>();
  let length = 0;
  const drop = (key: string, entry: Entry<V>) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    length -= entry.length;
  };
  const evict = () => {
    const limit = options.maxLength ?? Number.POSITIVE_INFINITY;
    while (entries.size > options.maxEntries || (length > limit && entries.size > 1)) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry<V>];
      drop(oldestKey, oldest);
    }
  };

  const read = (key: string, topic: string, version: number, load: () => Promise<V>): Entry<V> => {
    const previous = entries.get(key);
    if (previous) drop(key, previous); // re-inserted last: the Map's order is the order of reads
    const entry: Entry<V> = { topic, version, readAt: ctx.clock.now().getTime(), value: load(), settled: false, length: 0 };
    entries.set(key, entry);
    evict();
    entry.value.then(
      (value) => {
        entry.settled = true;
        if (typeof value === 'string' && entries.get(key) === entry) {
          entry.length = value.length;
          length += value.length;
          evict();
        }
      },
      // Not found, or the database failed: nothing to keep (unknown keys must not fill the map).
      () => drop(key, entry),
    );
    return entry;
  };

  return {
    async get(key, topic, load) {
      const version = await ctx.realtime.currentVersion(topic);
      const entry = entries.get(key);
      if (entry && entry.topic === topic && entry.version === version && ctx.clock.now().getTime() - entry.readAt <= options.maxAgeMs) {
        options.onLookup?.(entry.settled ? 'hit' : 'joined');
        return entry.value;
      }
      options.onLookup?.('miss');
      return read(key, topic, version, load).value;
    },
  };
}
