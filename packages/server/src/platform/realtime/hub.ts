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

/**
 * What a subscription was granted: the access, and the id whose topic it follows — another
 * than the one asked for where the client names it by a secret (`member:{token}` follows
 * `member:{id}`; its events still reach the client under the topic it asked for).
 */
export interface Grant {
  access: Access;
  id: string;
  /**
   * For full access narrowed to part of a topic (a processor on their account's topic): whether
   * an event's data is theirs to see; others reach them as a bare version bump.
   */
  sees?: (data: RealtimeEvent['data']) => boolean;
}

/** Decides one topic kind: the access granted for the id (a grant where it follows another id), or false. */
export type TopicAuthorizer = (subscriber: Subscriber, id: string) => Promise<Access | Grant | false>;

/**
 * Reads one topic's snapshot as JSON text — what a client would refetch after `subscribed` — or
 * undefined when there is none to give (the ticket is gone). Sent with the answer when asked.
 * `id` is the topic the subscription follows, `askedAs` the id the client named (a ticket's
 * topic named by its link's token).
 */
export type TopicSnapshot = (id: string, askedAs: string) => Promise<string | undefined>;

/** One sink's subscription to a topic: its access, the name its events are sent under where not the topic's own, what of full access it sees. */
interface Subscription {
  access: Access;
  asTopic?: string;
  sees?: Grant['sees'];
}

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
  authorize(subscriber: Subscriber, kind: TopicKind, id: string): Promise<Grant | false>;
  /** The snapshot reader of a topic kind (a module registers it beside the kind's rule). */
  registerTopicSnapshot(kind: TopicKind, reader: TopicSnapshot): void;
  /** The topic's snapshot as JSON text; undefined when its kind has no reader or there is none. */
  snapshot(kind: TopicKind, id: string, askedAs?: string): Promise<string | undefined>;
  currentVersion(topic: string): Promise<number>;
  /**
   * Subscribes the sink to `topic`'s events as the grant allows, sent to it as events of
   * `asTopic` (the topic it asked for) where given.
   */
  subscribe(sink: RealtimeSink, topic: string, grant: Pick<Grant, 'access' | 'sees'>, asTopic?: string): void;
  unsubscribe(sink: RealtimeSink, topic: string): void;
  /** Drops every subscription of the sink (socket closed). */
  detach(sink: RealtimeSink): void;
  close(): Promise<void>;
}

/** What the hub counts: events published here, and how long until they reached this node's sockets. */
export type RealtimeMetrics = Pick<Metrics, 'eventsPublished' | 'fanoutDelay'>;

export function createHub(adapter: PubSubAdapter, log: FastifyBaseLogger, maxBufferedBytes = MAX_BUFFERED_BYTES, metrics?: RealtimeMetrics): RealtimeHub {
  const nodeId = randomUUID();
  const byTopic = new Map<string, Map<RealtimeSink, Subscription>>();
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

  const versionFrame = (topic: string, version: number) => JSON.stringify({ type: 'version', topic, version } satisfies RealtimeServerMessage);

  /** The event's frames as a topic's subscribers get them: full, and public (its public data or a bare version). */
  const framesOf = (topic: string, version: number, event: RealtimeEvent) => {
    const full = JSON.stringify(eventMessage(topic, version, event.name, event.data));
    const bare = event.publicData ? JSON.stringify(eventMessage(topic, version, event.name, event.publicData)) : event.public ? full : versionFrame(topic, version);
    return { full, bare };
  };

  const deliver = ({ topic, version, event }: Envelope) => {
    const sinks = byTopic.get(topic);
    if (!sinks) return;
    const frames = framesOf(topic, version, event);
    for (const [sink, { access, asTopic, sees }] of [...sinks]) {
      if (sink.bufferedAmount > maxBufferedBytes) {
        detach(sink);
        sink.close(REALTIME_CLOSE.SLOW_CONSUMER, 'SLOW_CONSUMER');
        continue;
      }
      // Under the name the client asked for (a ticket's topic by its link): one subscriber each, framed for it.
      const { full, bare } = asTopic ? framesOf(asTopic, version, event) : frames;
      const isFull = access === 'full' && (!sees || sees(event.data));
      sink.send(isFull ? full : access === 'full' ? versionFrame(asTopic ?? topic, version) : bare);
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
      const granted = authorizer ? await authorizer(subscriber, id) : false;
      return typeof granted === 'string' ? { access: granted, id } : granted;
    },
    registerTopicSnapshot(kind, reader) {
      snapshots.set(kind, reader);
    },
    async snapshot(kind, id, askedAs = id) {
      return snapshots.get(kind)?.(id, askedAs);
    },
    currentVersion: (topic) => adapter.currentVersion(topic),
    subscribe(sink, topic, { access, sees }, asTopic) {
      let sinks = byTopic.get(topic);
      if (!sinks) byTopic.set(topic, (sinks = new Map<RealtimeSink, Subscription>()));
      sinks.set(sink, { access, ...(asTopic && asTopic !== topic ? { asTopic } : {}), ...(sees ? { sees } : {}) });
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
  const adapter = options.redisUrl ? await createRedisAdapter({ url: options.redisUrl, keyPrefix: options.keyPrefix ?? 'wf:', log: options.log }) : createInProcessAdapter();
  return createHub(adapter, options.log, MAX_BUFFERED_BYTES, options.metrics);
}

/** A hub for one-shot processes (CLI): in process, no sockets, so publishing reaches nobody. */
export function createLocalHub(log: FastifyBaseLogger): RealtimeHub {
  return createHub(createInProcessAdapter(), log);
}
