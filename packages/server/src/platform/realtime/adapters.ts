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
 * Many nodes through Redis: versions by `INCR <prefix>topicver:<topic>` (atomic, shared by all
 * nodes), events through ONE channel `<prefix>events` with the topic inside the message. One
 * channel because topics are many and short-lived (one per ticket): a channel per topic would
 * mean a SUBSCRIBE/UNSUBSCRIBE round trip for every socket subscription and per-channel state in
 * Redis; with one channel each node receives every event once and filters by its own
 * subscription map, which is a hash lookup. Two connections: a subscribed Redis connection
 * cannot send other commands.
 */
export async function createRedisAdapter(options: { url: string; keyPrefix: string; log: FastifyBaseLogger }): Promise<PubSubAdapter> {
  const { keyPrefix, log } = options;
  const channel = `${keyPrefix}events`;
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err: Error) => log.warn({ err }, 'realtime: redis connection error'));
  }
  let handler: (envelope: Envelope) => void = () => undefined;
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      handler(JSON.parse(text) as Envelope);
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable message on the redis channel');
    }
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  const versionKey = (topic: string) => `${keyPrefix}topicver:${topic}`;
  return {
    async nextVersion(topic) {
      const results = await publisher.multi().incr(versionKey(topic)).expire(versionKey(topic), VERSION_TTL_SECONDS).exec();
      const [incrError, version] = results?.[0] ?? [new Error('redis transaction aborted'), undefined];
      if (incrError) throw incrError;
      return Number(version);
    },
    async currentVersion(topic) {
      return Number((await publisher.get(versionKey(topic))) ?? 0);
    },
    async broadcast(envelope) {
      await publisher.publish(channel, JSON.stringify(envelope));
    },
    onMessage(next) {
      handler = next;
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
