import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Envelope, PubSubAdapter } from './pubsub.js';
import {
  VERSION_TTL_SECONDS,
  COMMAND_TIMEOUT_MS,
  RECOVERY_RETRY_MS,
  RECOVERY_BATCH,
  REFETCH_CUE,
  REPAIR_JUMP,
  raiseVersionScript,
  RememberedVersions,
  within,
  chunks,
} from './redis-versions.js';

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
      await Promise.allSettled([subscriber, publisher].map((connection) => (connection.status === 'ready' ? connection.quit() : Promise.resolve(connection.disconnect()))));
    },
  };
}
