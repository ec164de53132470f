import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@wartefrei/shared';

/** One published event as it travels between nodes. */
export interface Envelope {
  /** The node that published it: that node has already delivered it to its own sockets. */
  origin: string;
  topic: string;
  version: number;
  event: RealtimeEvent;
}

/**
 * How nodes share versions and events. In process (one node) or Redis (many nodes).
 */
export interface PubSubAdapter {
  /** The next version of the topic: monotonic per topic across every node of this adapter. */
  nextVersion(topic: string): Promise<number>;
  /** The last version handed out for the topic, 0 when none. */
  currentVersion(topic: string): Promise<number>;
  /** Sends the envelope to the other nodes (never back to its origin's sockets). */
  broadcast(envelope: Envelope): Promise<void>;
  /** Called for envelopes of other nodes. */
  onMessage(handler: (envelope: Envelope) => void): void;
  close(): Promise<void>;
}

/**
 * One node: versions are an in-memory counter per topic and there is nobody to tell. The map
 * grows with the topics published since start (a few per ticket); a restart begins at 1 again,
 * which clients see as "not last + 1" and answer with a refetch.
 */
export function createInProcessAdapter(): PubSubAdapter {
  const versions = new Map<string, number>();
  return {
    nextVersion(topic) {
      const next = (versions.get(topic) ?? 0) + 1;
      versions.set(topic, next);
      return Promise.resolve(next);
    },
    currentVersion: (topic) => Promise.resolve(versions.get(topic) ?? 0),
    broadcast: () => Promise.resolve(),
    onMessage: () => undefined,
    close: () => Promise.resolve(),
  };
}

/** Version keys expire after a week without events, so member topics do not pile up in Redis. */
const VERSION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A Redis command slower than this counts as Redis being gone: the node goes on alone rather
 * than holding a call or a draw. A killed Redis closes the socket at once; this bounds the
 * commands that were already on the wire then (ioredis would keep them until it reconnects).
 */
const COMMAND_TIMEOUT_MS = 1500;

/** After a failed recovery (Redis dropped again, a command timed out) the next try waits this long. */
const RECOVERY_RETRY_MS = 1000;

/** Topics whose last version this node remembers; the oldest are forgotten beyond this (see below). */
const MAX_REMEMBERED_TOPICS = 100_000;

/** Topics compared or raised per Redis round trip while recovering. */
const RECOVERY_BATCH = 500;

/**
 * The event that tells subscribers "refetch": `monitor.updated` is documented as exactly that
 * ("refetch it, the topic names it") and carries no data. It is not public, so patients, kiosks
 * and monitors get a bare `version` message; staff screens refetch on any event. It always
 * arrives as a version gap (see REPAIR_JUMP), which makes every client refetch anyway.
 */
const REFETCH_CUE: RealtimeEvent = { name: 'monitor.updated', data: {} };

/**
 * How far a repair moves a topic's version past max(Redis, this node's own count). Every socket
 * on every node sits at or below that max — or at its own node's count from the outage, which
 * that node repairs the same way — so the announced version reads as a gap ("not last + 1") and
 * the client refetches. A jump of 1, or 2, would land right after another node's local count
 * whenever that node published one or two events more on the topic alone; then the cue would
 * look like an ordinary next event. Versions are only compared, never shown, so a wide jump
 * costs nothing.
 */
const REPAIR_JUMP = 1000;

/** Raises a topic's version by REPAIR_JUMP past both the Redis value and ARGV[1]; answers it. */
const raiseVersionScript = `
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
class RememberedVersions {
  private readonly versions = new Map<string, number>();

  get(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  raise(topic: string, version: number): void {
    const known = this.versions.get(topic);
    if (known !== undefined && known >= version) return;
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
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Many nodes through Redis: versions by `INCR <prefix>topicver:<topic>` (atomic, shared by all
 * nodes), events through ONE channel `<prefix>events` with the topic inside the message. One
 * channel because topics are many and short-lived (one per ticket): a channel per topic would
 * mean a SUBSCRIBE/UNSUBSCRIBE round trip for every socket subscription and per-channel state in
 * Redis; with one channel each node receives every event once and filters by its own
 * subscription map, which is a hash lookup. Two connections: a subscribed Redis connection
 * cannot send other commands.
 *
 * Redis down: the node carries on alone (`down`). It numbers versions itself from what it
 * remembers, so its own sockets get every event in order, and it tells nobody else (nobody can
 * hear). Sockets on other nodes miss those events. When both connections are back
 * (`recovering`) it repairs before it uses Redis numbering again: every remembered topic whose
 * Redis version differs from this node's — published here alone, published elsewhere while this
 * node was deaf, or lost because Redis restarted empty — and every topic published here alone
 * is raised past both (raiseVersionScript) and announced with REFETCH_CUE to all nodes, this one
 * included. Each socket that missed something sees a gap and refetches. Publishes wait for the
 * repair (see waitForRepair), so no Redis version can land below one a socket has already seen.
 */
export async function createRedisAdapter(options: { url: string; keyPrefix: string; log: FastifyBaseLogger }): Promise<PubSubAdapter> {
  const { keyPrefix, log } = options;
  const channel = `${keyPrefix}events`;
  // No offline queue: while Redis is away a command fails at once and the node goes on alone.
  const publisher = new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  const versionKey = (topic: string) => `${keyPrefix}topicver:${topic}`;
  const remembered = new RememberedVersions();
  /** Topics this node published while alone: announced when Redis is back. */
  const unannounced = new Set<string>();
  let state: 'healthy' | 'down' | 'recovering' = 'healthy';
  let recovery: Promise<void> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | undefined;
  let closing = false;
  let errorLoggedThisOutage = false;
  let handler: (envelope: Envelope) => void = () => undefined;

  const markDown = (reason: string) => {
    if (closing) return;
    if (state === 'healthy') log.warn(`realtime: redis unreachable (${reason}); this node serves its own sockets alone until it returns`);
    if (state !== 'recovering') state = 'down';
    // A failed command with both connections up fires no 'ready': try again on a timer.
    scheduleRecovery();
  };

  const scheduleRecovery = () => {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      startRecovery();
    }, RECOVERY_RETRY_MS);
  };

  const startRecovery = () => {
    if (closing || state !== 'down' || publisher.status !== 'ready' || subscriber.status !== 'ready') return;
    state = 'recovering';
    recovery = repair().then(
      (announced) => {
        state = 'healthy';
        errorLoggedThisOutage = false;
        log.info({ announced }, 'realtime: redis is back; topics that changed meanwhile were announced for a refetch');
      },
      (err: unknown) => {
        state = 'down';
        log.warn({ err }, 'realtime: repair after the redis outage failed; trying again');
        scheduleRecovery();
      },
    );
  };

  /** The repair described above createRedisAdapter; answers how many topics it announced. */
  const repair = async (): Promise<number> => {
    // SUBSCRIBE answers in order on the subscriber connection: from here on this node hears
    // every announcement, so one made before the comparison below shows up in it, and one
    // made after it arrives by message. (The subscriber has an offline queue: bound the wait.)
    await within(subscriber.subscribe(channel), COMMAND_TIMEOUT_MS, 'SUBSCRIBE');
    let announced = 0;
    let candidates = [...new Set([...remembered.topics(), ...unannounced])];
    while (candidates.length > 0) {
      for (const batch of chunks(candidates, RECOVERY_BATCH)) {
        const inRedis = await publisher.mget(batch.map(versionKey));
        const changed = batch.filter((topic, i) => unannounced.has(topic) || Number(inRedis[i] ?? 0) !== remembered.get(topic));
        if (changed.length === 0) continue;
        const raise = publisher.pipeline();
        for (const topic of changed) raise.eval(raiseVersionScript, 1, versionKey(topic), remembered.get(topic), VERSION_TTL_SECONDS, REPAIR_JUMP);
        const raised = (await raise.exec()) ?? [];
        const announce = publisher.pipeline();
        changed.forEach((topic, i) => {
          const [error, version] = raised[i] ?? [new Error('redis pipeline aborted'), undefined];
          if (error) throw error;
          remembered.raise(topic, Number(version));
          unannounced.delete(topic);
          const envelope: Envelope = { origin: 'redis-recovery', topic, version: Number(version), event: REFETCH_CUE };
          announce.publish(channel, JSON.stringify(envelope));
        });
        for (const [error] of (await announce.exec()) ?? []) if (error) throw error;
        announced += changed.length;
      }
      // Publishes that failed, or did not wait for a slow repair, meanwhile.
      candidates = [...unannounced];
    }
    return announced;
  };

  /**
   * Publishes wait for a running repair, so no Redis version lands below one a socket has
   * seen; a repair slower than a command timeout is not waited for: the node goes on alone
   * (and announces that topic in the repair's next round).
   */
  const waitForRepair = () => within(recovery, COMMAND_TIMEOUT_MS, 'repair').catch(() => undefined);

  /** The next version by this node alone: in order for its own sockets, announced later. */
  const aloneNextVersion = (topic: string) => {
    const version = remembered.get(topic) + 1;
    remembered.raise(topic, version);
    unannounced.add(topic);
    return version;
  };

  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err: Error) => {
      if (errorLoggedThisOutage || closing) return;
      errorLoggedThisOutage = true;
      log.warn({ err }, 'realtime: redis connection error');
    });
    connection.on('close', () => markDown('connection closed'));
    connection.on('ready', startRecovery);
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const envelope = JSON.parse(text) as Envelope;
      remembered.raise(envelope.topic, envelope.version);
      handler(envelope);
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable message on the redis channel');
    }
  });

  const started = await Promise.allSettled([publisher.connect(), subscriber.connect()]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // ioredis keeps reconnecting; the first 'ready' of both starts the (then trivial) repair.
    state = 'down';
    log.error({ err: failed.reason as unknown }, 'realtime: redis unreachable at start; this node serves its own sockets alone until it is');
    scheduleRecovery();
  } else {
    await subscriber.subscribe(channel);
  }

  return {
    async nextVersion(topic) {
      if (state === 'recovering') await waitForRepair();
      if (state === 'healthy') {
        try {
          const results = await publisher.multi().incr(versionKey(topic)).expire(versionKey(topic), VERSION_TTL_SECONDS).exec();
          const [incrError, version] = results?.[0] ?? [new Error('redis transaction aborted'), undefined];
          if (incrError) throw incrError;
          remembered.raise(topic, Number(version));
          return Number(version);
        } catch (err) {
          markDown(err instanceof Error ? err.message : String(err));
        }
      }
      return aloneNextVersion(topic);
    },
    async currentVersion(topic) {
      if (state === 'recovering') await waitForRepair();
      if (state === 'healthy') {
        try {
          const version = Number((await publisher.get(versionKey(topic))) ?? 0);
          remembered.raise(topic, version);
          return version;
        } catch (err) {
          markDown(err instanceof Error ? err.message : String(err));
        }
      }
      return remembered.get(topic);
    },
    async broadcast(envelope) {
      remembered.raise(envelope.topic, envelope.version);
      if (state !== 'healthy') {
        unannounced.add(envelope.topic);
        return;
      }
      try {
        await publisher.publish(channel, JSON.stringify(envelope));
      } catch (err) {
        // Delivered here already; the other nodes learn of it by the announcement after the repair.
        unannounced.add(envelope.topic);
        markDown(err instanceof Error ? err.message : String(err));
      }
    },
    onMessage(next) {
      handler = next;
    },
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      // QUIT needs a live connection; a reconnecting one is just dropped.
      await Promise.allSettled(
        [subscriber, publisher].map((connection) => (connection.status === 'ready' ? connection.quit() : Promise.resolve(connection.disconnect()))),
      );
    },
  };
}
