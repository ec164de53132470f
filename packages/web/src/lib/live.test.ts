import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { RealtimeServerMessage } from '@wartefrei/shared';
import { accountEventConcerns } from './account-events';
import { connectLive, type LiveStatus } from './live';

/*
 * The socket client against a real WebSocket server on 127.0.0.1 (the `ws` package), through
 * jsdom's own WebSocket: what reaches the server and what the screen is told.
 */

interface Connection {
  socket: ServerSocket;
  url: string;
  frames: string[];
}

let server: WebSocketServer;
let port: number;
let connections: Connection[];
let onConnection: (connection: Connection) => void;

beforeEach(async () => {
  connections = [];
  onConnection = () => undefined;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  server.on('connection', (socket, request) => {
    const connection: Connection = { socket, url: request.url ?? '', frames: [] };
    socket.on('message', (data: Buffer) => connection.frames.push(data.toString('utf8')));
    connections.push(connection);
    onConnection(connection);
  });
});

afterEach(async () => {
  vi.useRealTimers();
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Waits for real I/O until `check` holds; 5 s at most (on the real clock: one test fakes timers). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // jsdom's WebSocket dispatches through zero-delay timers: run those, never move the clock.
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function start(options: { auth?: { username: string; token: string }; reconnectMs?: number; restartReconnectMs?: number; snapshots?: string[] } = {}) {
  const seen = { events: [] as RealtimeServerMessage[], statuses: [] as LiveStatus[], resyncs: 0, snapshots: [] as ReadonlyMap<string, unknown>[] };
  const live = connectLive({
    topics: ['queue:q1', 'member:m1'],
    url: `ws://127.0.0.1:${port}/ws`,
    onEvent: (message) => seen.events.push(message),
    onResync: (snapshots) => {
      seen.resyncs += 1;
      seen.snapshots.push(snapshots);
    },
    ...(options.snapshots ? { snapshots: options.snapshots } : {}),
    onStatus: (status) => seen.statuses.push(status),
    reconnectMs: options.reconnectMs ?? 20,
    ...(options.restartReconnectMs ? { restartReconnectMs: options.restartReconnectMs } : {}),
    random: () => 0.5, // the spread's middle: a delay of exactly reconnectMs × 2^failures
    ...(options.auth ? { auth: options.auth } : {}),
  });
  return { live, seen };
}

const send = (connection: Connection, message: object | string) => connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));

/** The n-th connection, once it has sent its subscription. */
async function subscribedConnection(n: number): Promise<Connection> {
  await until(() => (connections[n]?.frames.length ?? 0) > 0, `connection ${n} to subscribe`);
  return connections[n]!;
}

const called = (version: number, topic = 'queue:q1') => ({ type: 'member.called', topic, version, queue_id: 'q1', number: version, silent: false });

describe('connectLive', () => {
  it('subscribes to its topics on open, then reports live and asks for one refetch', async () => {
    const { live, seen } = start();
    const connection = await subscribedConnection(0);
    expect(JSON.parse(connection.frames[0]!)).toEqual({ type: 'subscribe', topics: ['queue:q1', 'member:m1'] });
    expect(seen.statuses).toEqual(['connecting']);
    send(connection, {
      type: 'subscribed',
      topics: [
        { topic: 'queue:q1', version: 3 },
        { topic: 'member:m1', version: 0 },
      ],
    });
    await until(() => seen.statuses.includes('live'), 'live');
    expect(seen.resyncs).toBe(1);
    live.close();
  });

  it('asks for the snapshots named and hands over those sent along; a gap brings none', async () => {
    const { live, seen } = start({ snapshots: ['member:m1'] });
    const connection = await subscribedConnection(0);
    expect(JSON.parse(connection.frames[0]!)).toEqual({ type: 'subscribe', topics: ['queue:q1', 'member:m1'], snapshots: ['member:m1'] });
    const ticket = { id: 'm1', number: 12, view: 'waiting' };
    send(connection, {
      type: 'subscribed',
      topics: [
        { topic: 'queue:q1', version: 3 },
        { topic: 'member:m1', version: 1, snapshot: ticket },
      ],
    });
    await until(() => seen.resyncs === 1, 'the resync');
    expect([...seen.snapshots[0]!]).toEqual([['member:m1', ticket]]);
    send(connection, called(5)); // 4 was missed
    await until(() => seen.resyncs === 2, 'the refetch of the gap');
    expect(seen.snapshots[1]!.size).toBe(0);
    live.close();
  });

  it('applies events in order, skips old and foreign ones, and refetches on a gap', async () => {
    const { live, seen } = start();
    const connection = await subscribedConnection(0);
    send(connection, { type: 'subscribed', topics: [{ topic: 'queue:q1', version: 3 }] });
    await until(() => seen.resyncs === 1, 'the first refetch');

    send(connection, called(4));
    send(connection, called(4)); // a duplicate
    send(connection, called(2)); // published while subscribing: already in the snapshot
    send(connection, called(9, 'queue:other')); // not subscribed
    send(connection, 'pong');
    send(connection, '{"type":');
    send(connection, called(5));
    await until(() => seen.events.length === 2, 'two events');
    expect(seen.events.map((e) => ('version' in e ? e.version : undefined))).toEqual([4, 5]);
    expect(seen.resyncs).toBe(1);

    send(connection, called(7)); // 6 was missed: refetch instead of applying 7
    send(connection, called(8));
    await until(() => seen.events.length === 3, 'the event after the gap');
    expect(seen.resyncs).toBe(2);
    expect(seen.events.map((e) => ('version' in e ? e.version : undefined))).toEqual([4, 5, 8]);
    live.close();
  });

  it('after the server drops it: reconnecting, resubscribes the same topics, live again', async () => {
    const { live, seen } = start();
    const first = await subscribedConnection(0);
    send(first, { type: 'subscribed', topics: [{ topic: 'queue:q1', version: 3 }] });
    await until(() => seen.statuses.includes('live'), 'live');

    first.socket.close(1011);
    await until(() => seen.statuses.at(-1) === 'reconnecting', 'reconnecting');
    const second = await subscribedConnection(1);
    expect(JSON.parse(second.frames[0]!)).toEqual({ type: 'subscribe', topics: ['queue:q1', 'member:m1'] });
    // A fresh subscription starts from the server's versions: version 1 after a restart is no gap.
    send(second, { type: 'subscribed', topics: [{ topic: 'queue:q1', version: 0 }] });
    await until(() => seen.statuses.at(-1) === 'live', 'live again');
    expect(seen.resyncs).toBe(2);
    send(second, called(1));
    await until(() => seen.events.length === 1, 'an event on the new socket');
    live.close();
  });

  it('doubles the delay while the server keeps refusing, and starts over after a subscription', async () => {
    // The server accepts and closes at once, as a node that is going away does. With the spread
    // at its middle, the delays are exactly 100, 200, 400 ms; a timer never fires early, so each
    // gap between two attempts is at least its delay (and a missing doubling would show as ~100).
    const arrivals: number[] = [];
    onConnection = (connection) => {
      arrivals.push(performance.now());
      connection.socket.close(1012);
    };
    const { live, seen } = start({ reconnectMs: 100 });
    await until(() => arrivals.length === 4, 'three retries');
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(95);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeGreaterThanOrEqual(395);

    // This time the server answers: the subscription resets the backoff to its first step
    // (100 ms), where it would otherwise have been 1.6 s.
    onConnection = (connection) => {
      arrivals.push(performance.now());
      if (arrivals.length === 5) {
        connection.socket.on('message', () => send(connection, { type: 'subscribed', topics: [] }));
      }
    };
    await until(() => seen.statuses.at(-1) === 'live', 'live');
    const subscribedAt = performance.now();
    connections.at(-1)!.socket.close(1012);
    await until(() => arrivals.length === 6, 'the retry after a good subscription');
    expect(arrivals[5]! - subscribedAt).toBeLessThan(1_000);
    live.close();
  });

  it('reconnects within a second when a node it was live on shuts down (1012), whatever the backoff', async () => {
    const { live, seen } = start({ reconnectMs: 10_000 });
    const first = await subscribedConnection(0);
    send(first, { type: 'subscribed', topics: [{ topic: 'queue:q1', version: 3 }] });
    await until(() => seen.statuses.includes('live'), 'live');
    const closedAt = performance.now();
    first.socket.close(1012, 'SERVER_RESTART');
    // With the spread at its middle, 500 ms; the backoff would have been 10 s.
    await subscribedConnection(1);
    expect(performance.now() - closedAt).toBeLessThan(2_000);
    live.close();
  });

  it('after a restart notice, knocks again about every restart delay while refused, not after the backoff', async () => {
    const { live, seen } = start({ reconnectMs: 10_000, restartReconnectMs: 300 });
    const first = await subscribedConnection(0);
    send(first, { type: 'subscribed', topics: [{ topic: 'queue:q1', version: 3 }] });
    await until(() => seen.statuses.includes('live'), 'live');
    // The node restarts: it says so, then refuses (cuts every new socket) three times.
    const arrivals: number[] = [];
    onConnection = (connection) => {
      arrivals.push(performance.now());
      if (arrivals.length <= 3) connection.socket.terminate();
      else connection.socket.on('message', () => send(connection, { type: 'subscribed', topics: [] }));
    };
    const closedAt = performance.now();
    first.socket.close(1012, 'SERVER_RESTART');
    await until(() => arrivals.length === 4 && seen.statuses.at(-1) === 'live', 'live on the restarted node');
    // 150 ms, then 300, 600, 600 ms with the spread at its middle; the backoff would be 10 s, 20 s, ...
    expect(performance.now() - closedAt).toBeLessThan(4_000);
    // The knocking stops growing at twice the delay (it went on to 4× before: 1,200 ms here).
    expect(arrivals[3]! - arrivals[2]!).toBeGreaterThanOrEqual(590);
    expect(arrivals[3]! - arrivals[2]!).toBeLessThan(1_000);
    expect(seen.resyncs).toBe(2);
    live.close();
  });

  it('stays closed after close(): no retry, the socket ends', async () => {
    const { live, seen } = start();
    const connection = await subscribedConnection(0);
    live.close();
    await until(() => connection.socket.readyState === connection.socket.CLOSED, 'the server side to close');
    await new Promise((resolve) => setTimeout(resolve, 60)); // three reconnect delays
    expect(connections).toHaveLength(1);
    expect(seen.statuses).not.toContain('reconnecting');
  });

  it('signs a staff socket in with username and token in the address', async () => {
    const { live } = start({ auth: { username: 'anna@praxis.example', token: 'geheim' } });
    const connection = await subscribedConnection(0);
    const url = new URL(connection.url, 'ws://127.0.0.1');
    expect(url.pathname).toBe('/ws');
    expect(url.searchParams.get('username')).toBe('anna@praxis.example');
    expect(url.searchParams.get('token')).toBe('geheim');
    live.close();
  });
});

describe('accountEventConcerns', () => {
  const account = 'account:4c1e6a0e-0d7f-4c55-9a5e-8d1f0b6c2a11';
  const booking = (queueId: string): RealtimeServerMessage => ({ type: 'appointments.changed', topic: account, version: 8, queue_id: queueId });
  const alert = (queueId: string): RealtimeServerMessage => ({ type: 'alerts.changed', topic: account, version: 9, queue_id: queueId, member_id: 'm1' });
  const hidden: RealtimeServerMessage = { type: 'version', topic: account, version: 10 };

  it("a work view: only the account's events that name its list", () => {
    expect(accountEventConcerns(booking('list-a'), 'list-a')).toBe(true);
    expect(accountEventConcerns(alert('list-a'), 'list-a')).toBe(true);
    expect(accountEventConcerns(booking('list-b'), 'list-a')).toBe(false);
    expect(accountEventConcerns(alert('list-b'), 'list-a')).toBe(false);
  });

  it('a calendar: every event of a list the user sees', () => {
    expect(accountEventConcerns(booking('list-b'))).toBe(true);
    expect(accountEventConcerns(alert('list-c'))).toBe(true);
  });

  it('never a bare version: the change of a list the user may not see', () => {
    expect(accountEventConcerns(hidden, 'list-a')).toBe(false);
    expect(accountEventConcerns(hidden)).toBe(false);
  });
});
