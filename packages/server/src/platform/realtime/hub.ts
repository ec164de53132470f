import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eventMessage, REALTIME_CLOSE, type RealtimeEvent, type RealtimeServerMessage, type TopicKind } from '@wartefrei/shared';
import type { Actor } from '../auth.js';
import type { Metrics } from '../metrics.js';
import { createInProcessAdapter, type Envelope, type PubSubAdapter } from './pubsub.js';
import { createRedisAdapter } from './redis-adapter.js';

/** What a subscription may see: every event, or only events marked public. */
export type Access = 'full' | 'public';

/** Who subscribes: a staff actor, or nobody (a patient, a kiosk, a monitor). */
export interface Subscriber {
  actor: Actor | undefined;
}

/** Decides one topic kind: the access granted for the id, or false. */
export type TopicAuthorizer = (subscriber: Subscriber, id: string) => Promise<Access | false>;

/**
 * Reads one topic's snapshot as JSON text — what a client would refetch after `subscribed` — or
 * undefined when there is none to give (the ticket is gone). Sent with the answer when asked.
 */
export type TopicSnapshot = (id: string) => Promise<string | undefined>;

/** The part of a WebSocket the hub needs. */
export interface RealtimeSink {
  send(data: string): void;
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
}

/**
 * Send buffer above which a socket counts as too slow: it is closed (code 4408) instead of
 * queueing more. 1 MiB is thousands of events — far more than a healthy client ever lags.
 * Closing beats skipping: the client reconnects and refetches, while a skipped event would be a
 * silent gap on a socket that is not reading anyway.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface RealtimeHub {
  /**
   * Delivers an event to every subscriber of the topic on every node. Call it AFTER the
   * transaction committed. Never throws (the commit already happened): a failure is logged and
   * answers undefined; otherwise the version the event got.
   */
  publish(topic: string, event: RealtimeEvent): Promise<number | undefined>;
  /**
   * Observes what this node publishes (after the commit, once per event, never what arrives
   * from other nodes): a module that reacts to a change — the alerts check a queue whose line
   * moved — learns of it on the node that made it. A throwing observer is logged and skipped.
   */
  onPublish(observer: (topic: string, event: RealtimeEvent) => void): void;
  /** The rule for a topic kind; a later registration replaces an earlier one. */
  registerTopicAuthorizer(kind: TopicKind, authorizer: TopicAuthorizer): void;
  authorize(subscriber: Subscriber, kind: TopicKind, id: string): Promise<Access | false>;
  /** The snapshot reader of a topic kind (a module registers it beside the kind's rule). */
  registerTopicSnapshot(kind: TopicKind, reader: TopicSnapshot): void;
  /** The topic's snapshot as JSON text; undefined when its kind has no reader or there is none. */
  snapshot(kind: TopicKind, id: string): Promise<string | undefined>;
  currentVersion(topic: string): Promise<number>;
  subscribe(sink: RealtimeSink, topic: string, access: Access): void;
  unsubscribe(sink: RealtimeSink, topic: string): void;
  /** Drops every subscription of the sink (socket closed). */
  detach(sink: RealtimeSink): void;
  close(): Promise<void>;
}

/** What the hub counts: events published here, and how long until they reached this node's sockets. */
export type RealtimeMetrics = Pick<Metrics, 'eventsPublished' | 'fanoutDelay'>;

export function createHub(adapter: PubSubAdapter, log: FastifyBaseLogger, maxBufferedBytes = MAX_BUFFERED_BYTES, metrics?: RealtimeMetrics): RealtimeHub {
  const nodeId = randomUUID();
  const byTopic = new Map<string, Map<RealtimeSink, Access>>();
  const bySink = new Map<RealtimeSink, Set<string>>();
  const authorizers = new Map<TopicKind, TopicAuthorizer>();
  const snapshots = new Map<TopicKind, TopicSnapshot>();
  const observers: ((topic: string, event: RealtimeEvent) => void)[] = [];

  const unsubscribe = (sink: RealtimeSink, topic: string) => {
    const sinks = byTopic.get(topic);
    sinks?.delete(sink);
    if (sinks?.size === 0) byTopic.delete(topic);
    bySink.get(sink)?.delete(topic);
  };
  const detach = (sink: RealtimeSink) => {
    for (const topic of bySink.get(sink) ?? []) unsubscribe(sink, topic);
    bySink.delete(sink);
  };

  const deliver = ({ topic, version, event }: Envelope) => {
    const sinks = byTopic.get(topic);
    if (!sinks) return;
    const full = JSON.stringify(eventMessage(topic, version, event.name, event.data));
    const bare = event.publicData
      ? JSON.stringify(eventMessage(topic, version, event.name, event.publicData))
      : event.public
        ? full
        : JSON.stringify({ type: 'version', topic, version } satisfies RealtimeServerMessage);
    for (const [sink, access] of [...sinks]) {
      if (sink.bufferedAmount > maxBufferedBytes) {
        detach(sink);
        sink.close(REALTIME_CLOSE.SLOW_CONSUMER, 'SLOW_CONSUMER');
        continue;
      }
      sink.send(access === 'full' ? full : bare);
    }
  };

  adapter.onMessage((envelope) => {
    if (envelope.origin !== nodeId) {
      deliver(envelope);
      // Clocks of two nodes differ a little: a delay below zero is read as none.
      if (envelope.sentAt !== undefined) metrics?.fanoutDelay.observe({ origin: 'remote' }, Math.max(0, Date.now() - envelope.sentAt) / 1000);
    }
  });

  return {
    async publish(topic, event) {
      try {
        const sentAt = Date.now();
        const version = await adapter.nextVersion(topic);
        const envelope: Envelope = { origin: nodeId, topic, version, event, sentAt };
        deliver(envelope);
        metrics?.eventsPublished.inc({ event: event.name });
        metrics?.fanoutDelay.observe({ origin: 'local' }, (Date.now() - sentAt) / 1000);
        await adapter.broadcast(envelope);
        for (const observe of observers) {
          try {
            observe(topic, event);
          } catch (err) {
            log.error({ err, topic, event: event.name }, 'realtime: a publish observer failed');
          }
        }
        return version;
      } catch (err) {
        log.error({ err, topic, event: event.name }, 'realtime: publish failed');
        return undefined;
      }
    },
    onPublish(observer) {
      observers.push(observer);
    },
    registerTopicAuthorizer(kind, authorizer) {
      authorizers.set(kind, authorizer);
    },
    async authorize(subscriber, kind, id) {
      const authorizer = authorizers.get(kind);
      return authorizer ? authorizer(subscriber, id) : false;
    },
    registerTopicSnapshot(kind, reader) {
      snapshots.set(kind, reader);
    },
    async snapshot(kind, id) {
      return snapshots.get(kind)?.(id);
    },
    currentVersion: (topic) => adapter.currentVersion(topic),
    subscribe(sink, topic, access) {
      let sinks = byTopic.get(topic);
      if (!sinks) byTopic.set(topic, (sinks = new Map<RealtimeSink, Access>()));
      sinks.set(sink, access);
      let topics = bySink.get(sink);
      if (!topics) bySink.set(sink, (topics = new Set()));
      topics.add(topic);
    },
    unsubscribe,
    detach,
    async close() {
      byTopic.clear();
      bySink.clear();
      await adapter.close();
    },
  };
}

/**
 * The hub of this node: Redis when a URL is given (many nodes), in process otherwise. Keys and
 * the channel start with `keyPrefix` (default `wf:`); tests pass a unique one per run.
 */
export async function createRealtimeHub(options: { redisUrl: string | undefined; keyPrefix?: string; log: FastifyBaseLogger; metrics?: RealtimeMetrics }): Promise<RealtimeHub> {
  const adapter = options.redisUrl
    ? await createRedisAdapter({ url: options.redisUrl, keyPrefix: options.keyPrefix ?? 'wf:', log: options.log })
    : createInProcessAdapter();
  return createHub(adapter, options.log, MAX_BUFFERED_BYTES, options.metrics);
}

/** A hub for one-shot processes (CLI): in process, no sockets, so publishing reaches nobody. */
export function createLocalHub(log: FastifyBaseLogger): RealtimeHub {
  return createHub(createInProcessAdapter(), log);
}
