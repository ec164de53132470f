/**
 * The live protocol of `/ws` (docs/architecture.md#live-updates).
 *
 * Server → client messages:
 * - `{ type: 'subscribed', topics: [{ topic, version, snapshot? }] }` — the topic's current
 *   version; fetch the snapshot after this and apply only events with a higher version. A
 *   subscribe that names topics in `snapshots` gets, where the topic has one, its snapshot along
 *   (`queue:{id}`: what `GET /queues/{id}/public` answers; `member:{token}`: `GET /members/{token}`),
 *   read after the subscription began, so it is at least as new as the version: no refetch,
 *   no second connection — what a reconnect storm costs (bench/fanout.mjs). Nothing of a topic
 *   arrives before its `subscribed`: an event published meanwhile follows the answer.
 * - `{ type: <event name>, topic, version, ...fields }` — one small event after a commit, e.g.
 *   `{ type: 'member.called', topic: 'queue:…', version: 7, queue_id, number, silent }`
 *   (docs/architecture.md#live-updates: the type is the event's name, its fields sit beside it).
 * - `{ type: 'version', topic, version }` — something changed that this socket may not see
 *   (a non-public event on a public subscription): the version moves on without content.
 * - `{ type: 'unsubscribed', topics }`, `{ type: 'error', code, topic? }`, and text `pong`.
 *
 * Versions count per topic across all server nodes. A client that sees a version other than
 * last + 1 (a gap, or a restart at a lower number) — or that reconnects — refetches the snapshot.
 */
export const TOPIC_KINDS = ['queue', 'member', 'monitor', 'account'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export type Topic = `${TopicKind}:${string}`;

/** `queue:{id}`, `member:{token}` (a patient's link; staff: `member:{id}`), … */
export function topicOf(kind: TopicKind, id: string): Topic {
  return `${kind}:${id}`;
}

const TOPIC_PATTERN = /^(queue|member|monitor|account):([0-9A-Za-z_-]{1,64})$/;

/** Splits a topic into kind and id; undefined when it is not a topic of the protocol. */
export function parseTopic(topic: string): { kind: TopicKind; id: string } | undefined {
  const match = TOPIC_PATTERN.exec(topic);
  if (!match?.[1] || !match[2]) return undefined;
  return { kind: match[1] as TopicKind, id: match[2] };
}

/**
 * The events the server pushes, by name: ids, numbers and states only — never personal data.
 * `member_id` goes to staff who see the list and to that ticket's own topic, never to a public
 * subscriber of a queue (who gets the event's `publicData` or a bare version bump): an id opens
 * nothing, but nothing public names another patient's ticket either.
 */
export interface RealtimeEventData {
  /** `lang` (public too, where the list asks patients for their language): the ticket's, for the monitor's spoken call. */
  'member.called': { member_id?: string; queue_id: string; number: number; status?: string; silent: boolean; lang?: string };
  'member.updated': { member_id?: string; queue_id: string; number: number; status: string; view?: string };
  'queue.updated': { queue_id: string; waiting?: number; processing?: number; status?: string };
  'session.updated': { queue_id: string; open: boolean; queueing_allowed: boolean; blocked: boolean; online_suspended: boolean; kiosk_suspended: boolean };
  /** A monitor's settings or queues changed, or it was deleted: refetch it (the topic names it). */
  'monitor.updated': Record<string, never>;
  /** Appointments of a list were booked, moved, changed, cancelled, restored or deleted: staff refetch (on `account:{id}`). */
  'appointments.changed': { queue_id: string };
  /** A ticket's "almost your turn" alert was sent or failed: staff refetch (on `account:{id}`). */
  'alerts.changed': { queue_id: string; member_id: string };
}
export type RealtimeEventName = keyof RealtimeEventData;

/**
 * An event as services publish it. Subscribers with full access get `data`. Anonymous
 * subscribers (patients, kiosks, monitors) get `publicData` when given, all of `data` when
 * `public: true`, and otherwise only a bare version bump (their cue to refetch).
 */
export type RealtimeEvent = {
  [K in RealtimeEventName]: { name: K; data: RealtimeEventData[K]; public?: boolean; publicData?: RealtimeEventData[K] };
}[RealtimeEventName];

/** An event as a socket receives it: its name as `type`, its fields beside topic and version. */
export type RealtimeEventMessage = {
  [K in RealtimeEventName]: { type: K; topic: string; version: number } & RealtimeEventData[K];
}[RealtimeEventName];

/** The socket message of an event (the one shape every node sends). */
export function eventMessage(topic: string, version: number, name: RealtimeEventName, data: RealtimeEventData[RealtimeEventName]): RealtimeEventMessage {
  return { ...data, type: name, topic, version } as RealtimeEventMessage;
}

/** A topic of a `subscribed` answer; `snapshot` only where asked for and the topic has one (unchecked JSON, as a refetch's body). */
export interface SubscribedTopic {
  topic: string;
  version: number;
  snapshot?: unknown;
}

export type RealtimeServerMessage =
  | { type: 'subscribed'; topics: SubscribedTopic[] }
  | { type: 'unsubscribed'; topics: string[] }
  | RealtimeEventMessage
  | { type: 'version'; topic: string; version: number }
  | { type: 'error'; code: RealtimeErrorCode; topic?: string };

export type RealtimeErrorCode = 'INVALID_MESSAGE' | 'INVALID_TOPIC' | 'FORBIDDEN' | 'TOO_MANY_TOPICS';

/** Every event name, checked against the event map: adding an event without listing it fails to compile. */
const EVENT_NAMES: Record<RealtimeEventName, true> = {
  'member.called': true,
  'member.updated': true,
  'queue.updated': true,
  'session.updated': true,
  'monitor.updated': true,
  'appointments.changed': true,
  'alerts.changed': true,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isVersioned = (value: Record<string, unknown>): boolean => typeof value.topic === 'string' && typeof value.version === 'number';

/**
 * Whether a parsed frame is a message of the protocol: the one place where a socket's unknown
 * JSON becomes the typed union, so clients narrow on `type` and never cast. It checks the
 * envelope (type, topic, version, the lists); an event's own fields are the server's promise.
 */
export function isServerMessage(value: unknown): value is RealtimeServerMessage {
  if (!isRecord(value) || typeof value.type !== 'string') return false;
  switch (value.type) {
    case 'subscribed':
      return Array.isArray(value.topics) && value.topics.every((entry) => isRecord(entry) && isVersioned(entry));
    case 'unsubscribed':
      return isStringArray(value.topics);
    case 'version':
      return isVersioned(value);
    case 'error':
      return typeof value.code === 'string';
    default:
      // hasOwnProperty, not `in`: `toString` is no event (and Object.hasOwn is too new for old phones).
      return Object.prototype.hasOwnProperty.call(EVENT_NAMES, value.type) && isVersioned(value);
  }
}

/** A text frame of `/ws` as a protocol message; undefined for `pong`, invalid JSON or a foreign shape. */
export function parseServerMessage(text: string): RealtimeServerMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isServerMessage(value) ? value : undefined;
}

/** Close codes of `/ws` (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  UNAUTHORIZED: 4401,
  SESSION_EXPIRED: 4440,
  /** The socket read too slowly and its send buffer passed the limit; reconnect and refetch. */
  SLOW_CONSUMER: 4408,
  /** The node shuts down (WebSocket's "Service Restart"): reconnect at once, to another node. */
  SERVER_RESTART: 1012,
  /** What the signed-in user may see changed (made admin, lists assigned): reconnect at once, the topics are asked again. */
  ACCESS_CHANGED: 4403,
} as const;

/** Topics per socket at most; a monitor or a staff screen needs a handful. */
export const MAX_TOPICS_PER_SOCKET = 100;
