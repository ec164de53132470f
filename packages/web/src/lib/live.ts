import { parseServerMessage, REALTIME_CLOSE, type RealtimeServerMessage } from '@wartefrei/shared';

/** `live`: subscribed and current; `reconnecting`: the socket is down, the screen may be stale. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveOptions {
  topics: string[];
  /** An event in order: version = last + 1. */
  onEvent: (message: RealtimeServerMessage) => void;
  /**
   * Fetch the snapshot again: after (re)subscribing, and whenever a version was skipped. After
   * subscribing, `snapshots` holds those of the topics in `snapshots` that the server sent along
   * (by topic): a topic found there needs no refetch. Empty after a skipped version.
   */
  onResync: (snapshots: ReadonlyMap<string, unknown>) => void;
  /** Of `topics`, those whose snapshot to receive with `subscribed` (docs/architecture.md#live-updates). */
  snapshots?: string[];
  onStatus: (status: LiveStatus) => void;
  /** Staff screens: sign the socket in (user id or username, and token) to receive every event. */
  auth?: { username: string; token: string };
  /** Test seams; the values of docs/architecture.md#live-updates by default. */
  pingMs?: number;
  reconnectMs?: number;
  /** The socket's address; `/ws` of this page by default. */
  url?: string;
  /** After a restart notice (1012): the delay of the quick retries; 1 s by default. */
  restartReconnectMs?: number;
  /** The spread of the reconnect delay, in [0, 1); Math.random by default. */
  random?: () => number;
}

/**
 * The patient screens' side of `/ws` (docs/architecture.md#live-updates): subscribes, pings every
 * 15 s, reconnects about 5 s after an unclean close, and asks for a refetch whenever it may have
 * missed something (after subscribing — handing over the snapshots the server sent along, which
 * need none — and on a version gap). The reconnect delay is spread (half to
 * one and a half times 5 s) and doubles while the server stays away (at most a minute): when a
 * node restarts, its thousands of sockets must not all knock in the same millisecond — the
 * kernel's listen queue overflows and the dropped ones wait seconds more (bench/fanout.mjs). A
 * node that says it restarts (1012) is knocked on again within a second, then after 1 and
 * every 2 s for 30 s (RESTART_WINDOW_MS). No dependency: it ships on cheap phones.
 * Staff screens use it too, signed in with `auth`, to hear every event of their topics.
 */
const MAX_RECONNECT_MS = 60_000;
/**
 * After a node said it restarts (1012), a refused attempt is tried again after 1 s, then every
 * 2 s (each spread ×0.5–1.5) for this long, not after the backoff of 5 s doubling: the node, or
 * the one that replaces it, is expected back within seconds. A node that runs alone is simply
 * down while it restarts (2 s on a quiet machine, 5–7 s on the bench's busy one): with the
 * backoff, the sockets that knocked a moment too early waited 5–15 s and more (the reconnect
 * storm of bench/fanout.mjs took 22 s for 1,000 of them). Every 4 s instead of 2 left the last
 * sockets up to 6 s behind a node that was back: the cold restart's storm took 10.3–10.4 s for
 * 10,000 against 9.0–9.2 s with 2 s, for as many connection attempts (about 31,000; a refused
 * one costs the node nothing). The 2 s still spreads the sockets over seconds when the node
 * listens again; the window bounds the knocking when it does not.
 */
const RESTART_WINDOW_MS = 30_000;
const RESTART_MAX_STEPS = 1;

export function connectLive(options: LiveOptions): { close: () => void } {
  const pingMs = options.pingMs ?? 15_000;
  const reconnectMs = options.reconnectMs ?? 5_000;
  const random = options.random ?? Math.random;
  const restartMs = options.restartReconnectMs ?? 1000;
  const versions = new Map<string, number>();
  let socket: WebSocket | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** Closes since the last successful subscription: the backoff's exponent. */
  let failures = 0;
  /** Until when refused attempts are retried quickly (a restart notice came); 0: not after one. */
  let restartUntil = 0;
  /** Refusals since the restart notice: the quick retries' exponent (at most RESTART_MAX_STEPS). */
  let restartTries = 0;

  const open = () => {
    const url = new URL(options.url ?? '/ws', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (options.auth) {
      url.searchParams.set('username', options.auth.username);
      url.searchParams.set('token', options.auth.token);
    }
    const ws = new WebSocket(url);
    socket = ws;
    let subscribed = false;
    ws.onopen = () => {
      const snapshots = options.snapshots?.length ? { snapshots: options.snapshots } : {};
      ws.send(JSON.stringify({ type: 'subscribe', topics: options.topics, ...snapshots }));
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), pingMs);
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      const message = parseServerMessage(event.data);
      if (!message) return;
      if (message.type === 'subscribed') {
        failures = 0;
        restartUntil = 0;
        subscribed = true;
        const snapshots = new Map<string, unknown>();
        for (const { topic, version, snapshot } of message.topics) {
          versions.set(topic, version);
          if (snapshot !== undefined) snapshots.set(topic, snapshot);
        }
        options.onStatus('live');
        options.onResync(snapshots);
        return;
      }
      if (!('version' in message) || !versions.has(message.topic)) return;
      const last = versions.get(message.topic) ?? 0;
      // Published while we subscribed: already in the snapshot we fetch after `subscribed`.
      if (message.version <= last) return;
      versions.set(message.topic, message.version);
      if (message.version !== last + 1) options.onResync(new Map());
      else options.onEvent(message);
    };
    ws.onclose = (event: CloseEvent) => {
      clearInterval(ping);
      versions.clear();
      if (closed) return;
      options.onStatus('reconnecting');
      // A node that shuts down tells its sockets so, a few at a time: the others serve now, so a
      // socket that was live reconnects within a second instead of after the backoff, and keeps
      // trying every few seconds for RESTART_WINDOW_MS. Only a live socket opens that window:
      // a node that keeps refusing gets the backoff like any refusal once the window has passed.
      if (event.code === REALTIME_CLOSE.SERVER_RESTART && subscribed) {
        restartUntil = Date.now() + RESTART_WINDOW_MS;
        restartTries = 0;
        retry = setTimeout(open, restartMs * random());
        return;
      }
      // What the signed-in user may see changed: in again at once, to be asked the topic rules anew.
      if (event.code === REALTIME_CLOSE.ACCESS_CHANGED) {
        retry = setTimeout(open, restartMs * random());
        return;
      }
      // Refused or cut before subscribing, shortly after such a notice: the node is on its way back.
      if (!subscribed && Date.now() < restartUntil) {
        retry = setTimeout(open, restartMs * 2 ** Math.min(RESTART_MAX_STEPS, restartTries) * (0.5 + random()));
        restartTries += 1;
        return;
      }
      const backoff = Math.min(MAX_RECONNECT_MS, reconnectMs * 2 ** failures);
      failures += 1;
      retry = setTimeout(open, backoff * (0.5 + random()));
    };
  };

  options.onStatus('connecting');
  open();
  return {
    close: () => {
      closed = true;
      clearInterval(ping);
      clearTimeout(retry);
      socket?.close();
    },
  };
}
