/** What the Redis adapter keeps and times while it repairs versions after an outage. */
import type { RealtimeEvent } from '@wartefrei/shared';

/** Version keys expire after a week without events, so member topics do not pile up in Redis. */
export const VERSION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A Redis command slower than this counts as Redis being gone: the node goes on alone rather
 * than holding a call or a draw. A killed Redis closes the socket at once; this bounds the
 * commands that were already on the wire then (ioredis would keep them until it reconnects).
 */
export const COMMAND_TIMEOUT_MS = 1500;

/** After a failed recovery (Redis dropped again, a command timed out) the next try waits this long. */
export const RECOVERY_RETRY_MS = 1000;

/** Topics whose last version this node remembers; the oldest are forgotten beyond this (see below). */
export const MAX_REMEMBERED_TOPICS = 100_000;

/** Topics compared or raised per Redis round trip while recovering. */
export const RECOVERY_BATCH = 500;

/**
 * The event that tells subscribers "refetch": `monitor.updated` is documented as exactly that
 * ("refetch it, the topic names it") and carries no data. It is not public, so patients, kiosks
 * and monitors get a bare `version` message; staff screens refetch on any event. It always
 * arrives as a version gap (see REPAIR_JUMP), which makes every client refetch anyway.
 */
export const REFETCH_CUE: RealtimeEvent = { name: 'monitor.updated', data: {} };

/**
 * How far a repair moves a topic's version past max(Redis, this node's own count). Every socket
 * on every node sits at or below that max — or at its own node's count from the outage, which
 * that node repairs the same way — so the announced version reads as a gap ("not last + 1") and
 * the client refetches. A jump of 1, or 2, would land right after another node's local count
 * whenever that node published one or two events more on the topic alone; then the cue would
 * look like an ordinary next event. Versions are only compared, never shown, so a wide jump
 * costs nothing.
 */
export const REPAIR_JUMP = 1000;

/** Raises a topic's version by REPAIR_JUMP past both the Redis value and ARGV[1]; answers it. */
export const raiseVersionScript = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local raised = math.max(current, tonumber(ARGV[1])) + tonumber(ARGV[3])
redis.call('SET', KEYS[1], raised, 'EX', ARGV[2])
return raised`;

/**
 * The highest version this node has handed out, delivered or reported per topic: the base of
 * its own numbering while Redis is away, and what it compares with Redis when Redis returns.
 * Bounded (least recently changed forgotten first): a forgotten topic restarts at 1 alone,
 * which its sockets see as a restart and refetch.
 */
export class RememberedVersions {
  private readonly versions = new Map<string, number>();

  get(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  raise(topic: string, version: number): void {
    // Unknown reads as 0 (see get): a 0 is not stored, so reads of ids that never had an event
    // (`GET /queues/{id}/public` with any id from the internet) cannot push real topics out.
    if ((this.versions.get(topic) ?? 0) >= version) return;
    this.versions.delete(topic);
    this.versions.set(topic, version);
    if (this.versions.size > MAX_REMEMBERED_TOPICS) {
      const oldest = this.versions.keys().next().value;
      if (oldest !== undefined) this.versions.delete(oldest);
    }
  }

  topics(): string[] {
    return [...this.versions.keys()];
  }
}

/** Settles like `promise`, or rejects after `ms` (the promise itself runs on). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
