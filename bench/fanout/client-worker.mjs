// One client process of the fan-out bench (forked by bench/fanout.mjs): holds its share of the
// WebSocket subscribers and behaves like the patient app's socket (packages/web/src/lib/live.ts,
// used by features/patient/queue/useLiveQueues.ts, and lib/retry.ts for its refetch): on open it
// subscribes to the queue's topic asking for its snapshot along, pings every 15 s, and is re-synced
// once `subscribed` brought the snapshot — or, had it not, once it refetched GET /queues/{id}/public
// (its "resync"); a failed refetch is tried again like lib/retry.ts does
// (0.5–1.5 × 1 s, doubling per failure up to 30 s) until it answers 200 or the socket is gone (the
// next subscription refetches anew), and each failure is reported (POST /qt_monitor) as the app
// does. On a close it reconnects as live.ts does: a socket that was
// subscribed and is told 1012 ("Service Restart") within 0–1 s and, refused, again after 1,
// then every 2 s (×0.5–1.5) for 30 s; any other close after
// 0.5–1.5 × 5 s, doubling per failed attempt up to a minute (`jitterMs` > 0 adds a random
// 0..jitterMs on top, for what-if runs only).
//
// Times are wall-clock milliseconds with sub-ms resolution (performance.timeOrigin +
// performance.now()): every process on the machine shares the wall clock, so the parent can
// subtract its own send time from our receive times.
//
// IPC, parent → worker:
//   { cmd: 'connect', wsUrl, resyncUrl, topic, count, batch, localAddress, refetch, jitterMs }
//                               → { ev: 'connected', ok, failed, ms }; refetch false: the first
//                               connect counts as done at `subscribed` (later ones refetch)
//   { cmd: 'arm', match }       record the first receive time of a message containing `match`
//   { cmd: 'received' }         → { ev: 'received', count }
//   { cmd: 'collect' }          → { ev: 'collected', times, sample }
//   { cmd: 'storm' }            reset the resync records: count only resyncs from now on
//   { cmd: 'resynced', withTimes } → { ev: 'resynced', count, times, subscribed, reconnects, refetches, refetchFailures }
//   { cmd: 'close' }            closes every socket for good and exits
import http from 'node:http';
import WebSocket from 'ws';
import { startInBatches } from '../lib/sockets.mjs';

const now = () => performance.timeOrigin + performance.now();
const PING_MS = 15_000;
const RECONNECT_MS = 5_000;
const MAX_RECONNECT_MS = 60_000;
/** live.ts: a subscribed socket told 1012 reconnects within this (the node says others serve now)… */
const RESTART_RECONNECT_MS = 1_000;
/** …and, refused, tries again after 1, then every 2 s (×0.5–1.5) for this long before the ordinary backoff. */
const RESTART_WINDOW_MS = 30_000;
const RESTART_MAX_STEPS = 1;
/** lib/retry.ts: a failed refetch is tried again after 0.5–1.5 × this, doubling, at most REFETCH_MAX_MS. */
const REFETCH_RETRY_MS = 1_000;
const REFETCH_MAX_MS = 30_000;
const SERVICE_RESTART = 1012;

/** @type {Client[]} */
const clients = [];
let armedMatch;
let reconnects = 0;
/** Refetch requests sent since the last `storm` (first tries and retries). */
let refetches = 0;

/**
 * GET the snapshot the way the app does after `subscribed`: a new connection per phone.
 * Resolves with undefined when it answered 200, else why not (the caller retries, as the app does).
 */
function fetchSnapshot(url, localAddress) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? undefined : `HTTP ${res.statusCode}`));
      res.on('error', (err) => resolve(err.code ?? err.message));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve(err.code ?? err.message));
  });
}

/**
 * What the app does after a failed request (lib/report-failure.ts): POST /qt_monitor, fire and
 * forget, given up after 10 s — load the server gets in a storm too.
 */
function reportFailure(url, localAddress) {
  const target = new URL(url);
  const body = JSON.stringify({ clientTime: new Date().toISOString(), reqLength: 0, method: 'GET', baseURL: target.origin, url: target.pathname });
  const req = http.request(new URL('/qt_monitor', target), { method: 'POST', agent: false, localAddress, headers: { 'content-type': 'application/json' } }, (res) => res.resume());
  req.setTimeout(10_000, () => req.destroy());
  req.on('error', () => undefined);
  req.end(body);
}

/** Failed refetches since the last `storm`, by reason. */
let refetchFailures = {};

class Client {
  constructor(options) {
    this.options = options;
    this.closed = false;
    /** Receive time of the armed message in the current round (0 = not yet). */
    this.receivedAt = 0;
    /** When the server last answered `subscribed` (with the topic's version); 0 while pending. */
    this.subscribedAt = 0;
    /** When the last resync (subscribed + snapshot fetched) completed; 0 while pending. */
    this.resyncedAt = 0;
    /** When the socket was first dropped since the last `storm`; 0 while it was not. */
    this.droppedAt = 0;
    this.sample = undefined;
    this.onFirstResync = undefined;
    /** Closes since the last `subscribed`: the reconnect backoff's exponent, as in live.ts. */
    this.failures = 0;
    /** Until when refused attempts are retried quickly (after a 1012 on a live socket), and how often they were. */
    this.restartUntil = 0;
    this.restartTries = 0;
  }

  open() {
    const { wsUrl, topic, localAddress } = this.options;
    const ws = new WebSocket(wsUrl, { localAddress, perMessageDeflate: false, handshakeTimeout: 30_000 });
    this.ws = ws;
    let ping;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', topics: [topic], snapshots: [topic] }));
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'pong') return;
      if (armedMatch && this.receivedAt === 0 && text.includes(armedMatch)) {
        this.receivedAt = now();
        this.sample = text;
        return;
      }
      if (text.startsWith('{"type":"subscribed"')) {
        this.subscribedAt = now();
        ws.wasSubscribed = true;
        this.failures = 0;
        this.restartUntil = 0;
        // The bench's first connect only needs the subscription (it is not measured).
        if (!this.options.refetch) {
          this.onFirstResync?.(true);
          this.onFirstResync = undefined;
          this.options.refetch = true;
          return;
        }
        // The snapshot came along (live.ts hands it to useLiveQueues): nothing to refetch.
        if (text.includes('"snapshot":')) {
          this.resyncedAt = now();
          return;
        }
        this.resync(ws, 0);
      }
    });
    ws.on('error', () => undefined); // a close follows; the reconnect happens there
    ws.on('close', (code) => {
      clearInterval(ping);
      clearTimeout(this.retry);
      if (this.closed) return;
      if (this.droppedAt === 0) this.droppedAt = now();
      this.onFirstResync?.(false);
      this.onFirstResync = undefined;
      reconnects++;
      // As live.ts: a node that shuts down says so (1012) to a socket that was live; it comes back
      // within a second, once per subscription. Everything else waits for the backoff.
      if (code === SERVICE_RESTART && ws.wasSubscribed) {
        this.restartUntil = now() + RESTART_WINDOW_MS;
        this.restartTries = 0;
        setTimeout(() => this.open(), RESTART_RECONNECT_MS * Math.random());
        return;
      }
      // Refused shortly after such a notice: knocked on again after 1, then every 2 s (×0.5–1.5), as live.ts does.
      if (!ws.wasSubscribed && now() < this.restartUntil) {
        setTimeout(() => this.open(), RESTART_RECONNECT_MS * 2 ** Math.min(RESTART_MAX_STEPS, this.restartTries) * (0.5 + Math.random()));
        this.restartTries += 1;
        return;
      }
      const backoff = Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** this.failures);
      this.failures += 1;
      setTimeout(() => this.open(), backoff * (0.5 + Math.random()) + Math.random() * (this.options.jitterMs ?? 0));
    });
  }

  /** The refetch after `subscribed`, retried with backoff while this socket is the client's (lib/retry.ts). */
  resync(ws, attempt) {
    refetches++;
    void fetchSnapshot(this.options.resyncUrl, this.options.localAddress).then((failure) => {
      if (ws !== this.ws || this.closed) return;
      if (failure) {
        refetchFailures[failure] = (refetchFailures[failure] ?? 0) + 1;
        // The app reports no answer and 5xx, not a 4xx (lib/report-failure.ts isReportable).
        if (!/^HTTP 4/.test(failure)) reportFailure(this.options.resyncUrl, this.options.localAddress);
        const delay = Math.min(REFETCH_MAX_MS, REFETCH_RETRY_MS * 2 ** attempt) * (0.5 + Math.random());
        this.retry = setTimeout(() => this.resync(ws, attempt + 1), delay);
        return;
      }
      this.resyncedAt = now();
      this.onFirstResync?.(true);
      this.onFirstResync = undefined;
    });
  }

  /** First connect of the bench: resolves true once subscribed and the snapshot is fetched. */
  start() {
    return new Promise((resolve) => {
      this.onFirstResync = resolve;
      this.open();
    });
  }

  close() {
    this.closed = true;
    this.ws?.terminate();
  }
}

function connect({ wsUrl, resyncUrl, topic, count, batch, localAddress, refetch, jitterMs }) {
  return startInBatches(count, batch, () => {
    const client = new Client({ wsUrl, resyncUrl, topic, localAddress, refetch, jitterMs });
    clients.push(client);
    return client.start();
  });
}

process.on('message', async (message) => {
  switch (message.cmd) {
    case 'connect':
      process.send({ ev: 'connected', ...(await connect(message)) });
      break;
    case 'arm':
      for (const client of clients) client.receivedAt = 0;
      armedMatch = message.match;
      break;
    case 'received':
      process.send({ ev: 'received', count: clients.reduce((n, c) => n + (c.receivedAt > 0 ? 1 : 0), 0) });
      break;
    case 'collect': {
      const times = clients.map((c) => c.receivedAt).filter((t) => t > 0);
      process.send({ ev: 'collected', times, sample: clients.find((c) => c.sample)?.sample });
      armedMatch = undefined;
      break;
    }
    case 'storm':
      reconnects = 0;
      refetches = 0;
      refetchFailures = {};
      for (const client of clients) {
        client.subscribedAt = 0;
        client.resyncedAt = 0;
        client.droppedAt = 0;
      }
      break;
    case 'resynced': {
      const times = clients.map((c) => c.resyncedAt).filter((t) => t > 0);
      const subscribed = message.withTimes ? clients.map((c) => c.subscribedAt).filter((t) => t > 0) : [];
      const dropped = clients.map((c) => c.droppedAt).filter((t) => t > 0);
      const firstDrop = dropped.length > 0 ? Math.min(...dropped) : 0;
      process.send({ ev: 'resynced', count: times.length, times: message.withTimes ? times : [], subscribed, firstDrop, reconnects, refetches, refetchFailures });
      break;
    }
    case 'close':
      for (const client of clients) client.close();
      setTimeout(() => process.exit(0), 100);
      break;
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
});
process.on('disconnect', () => process.exit(0));
