// One client process of the fan-out bench (forked by bench/fanout.mjs): holds its share of the
// WebSocket subscribers and behaves like the patient app's socket (packages/web/src/features/
// patient/live.ts + useLiveQueues.ts): on open it subscribes to the queue's topic, pings every
// 15 s, and after `subscribed` refetches GET /queues/{id}/public (its "resync"); on any close it
// reconnects as live.ts does: 0.5–1.5 × 5 s, doubling per failed attempt up to a minute
// (`jitterMs` > 0 adds a random 0..jitterMs on top, for what-if runs only).
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
//   { cmd: 'resynced', withTimes } → { ev: 'resynced', count, times, subscribed, reconnects, refetchFailures }
//   { cmd: 'close' }            closes every socket for good and exits
import http from 'node:http';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const PING_MS = 15_000;
const RECONNECT_MS = 5_000;
const MAX_RECONNECT_MS = 60_000;

/** @type {Client[]} */
const clients = [];
let armedMatch;
let reconnects = 0;

/**
 * GET the snapshot the way the app does after `subscribed`: a new connection per phone.
 * Resolves with undefined when it answered 200, else why not (the app does not retry a failed
 * refetch: that phone shows its old state until the next event).
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
    this.sample = undefined;
    this.onFirstResync = undefined;
    /** Closes since the last `subscribed`: the reconnect backoff's exponent, as in live.ts. */
    this.failures = 0;
  }

  open() {
    const { wsUrl, resyncUrl, topic, localAddress } = this.options;
    const ws = new WebSocket(wsUrl, { localAddress, perMessageDeflate: false, handshakeTimeout: 30_000 });
    this.ws = ws;
    let ping;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
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
        this.failures = 0;
        // The bench's first connect only needs the subscription (it is not measured).
        if (!this.options.refetch) {
          this.onFirstResync?.(true);
          this.onFirstResync = undefined;
          this.options.refetch = true;
          return;
        }
        void fetchSnapshot(resyncUrl, localAddress).then((failure) => {
          if (failure) refetchFailures[failure] = (refetchFailures[failure] ?? 0) + 1;
          if (failure || ws !== this.ws) return;
          this.resyncedAt = now();
          this.onFirstResync?.(true);
          this.onFirstResync = undefined;
        });
      }
    });
    ws.on('error', () => undefined); // a close follows; the reconnect happens there
    ws.on('close', () => {
      clearInterval(ping);
      if (this.closed) return;
      this.onFirstResync?.(false);
      this.onFirstResync = undefined;
      reconnects++;
      const backoff = Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** this.failures);
      this.failures += 1;
      setTimeout(() => this.open(), backoff * (0.5 + Math.random()) + Math.random() * (this.options.jitterMs ?? 0));
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

async function connect({ wsUrl, resyncUrl, topic, count, batch, localAddress, refetch, jitterMs }) {
  const started = now();
  let ok = 0;
  let failed = 0;
  // In batches: thousands of simultaneous handshakes would overrun the server's accept backlog.
  for (let i = 0; i < count; i += batch) {
    const group = [];
    for (let j = i; j < Math.min(count, i + batch); j++) {
      const client = new Client({ wsUrl, resyncUrl, topic, localAddress, refetch, jitterMs });
      clients.push(client);
      group.push(client.start());
    }
    for (const result of await Promise.all(group)) {
      if (result) ok++;
      else failed++;
    }
  }
  return { ok, failed, ms: now() - started };
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
      refetchFailures = {};
      for (const client of clients) {
        client.subscribedAt = 0;
        client.resyncedAt = 0;
      }
      break;
    case 'resynced': {
      const times = clients.map((c) => c.resyncedAt).filter((t) => t > 0);
      const subscribed = message.withTimes ? clients.map((c) => c.subscribedAt).filter((t) => t > 0) : [];
      process.send({ ev: 'resynced', count: times.length, times: message.withTimes ? times : [], subscribed, reconnects, refetchFailures });
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
