// One process of the Monday bench's patient sockets (forked by bench/monday.mjs). Each socket is
// a patient's phone with the list's public page open, and behaves like the app's live code
// (packages/web/src/lib/live.ts + features/patient/queue/useLiveQueues.ts): it subscribes to
// `queue:{id}`, pings every 15 s, and on each event of its list — or on a version gap — fetches
// GET /queues/{id}/public again (`refetch`), each phone over its own new connection. A socket
// closed by the server counts as dropped and reconnects as live.ts does (0.5–1.5 × 5 s).
//
// Times are wall-clock ms (performance.timeOrigin + performance.now()), comparable with the
// parent's send times: all processes share the machine's clock.
//
// IPC, parent → worker:
//   { cmd: 'connect', sockets: [{ wsUrl, base, queueId }], localAddress, refetch, batch }
//                       → { ev: 'connected', ok, failed, ms } once every socket is subscribed
//   { cmd: 'measure' }  forget what happened so far (the connect phase is not measured)
//   { cmd: 'stats' }    → { ev: 'stats', calls: { 'queueId:number': { nodeBase: [receive times] } }, refetchMs,
//                          refetchFailures, drops, gaps, open, events }
//   { cmd: 'close' }    closes every socket for good and exits
import http from 'node:http';
import WebSocket from 'ws';
import { startInBatches } from '../lib/sockets.mjs';

const now = () => performance.timeOrigin + performance.now();
const PING_MS = 15_000;
const RECONNECT_MS = 5_000;

const sockets = [];
let options = { refetch: true, localAddress: undefined };
let record = fresh();

function fresh() {
  return { calls: {}, refetchMs: [], refetchFailures: {}, drops: 0, gaps: 0, events: 0 };
}

/** The public list snapshot, as the page fetches it; latency or the reason it failed. */
function refetch(base, queueId) {
  const t0 = now();
  const fail = (reason) => (record.refetchFailures[reason] = (record.refetchFailures[reason] ?? 0) + 1);
  const req = http.get(`${base}/queues/${queueId}/public`, { agent: false, localAddress: options.localAddress }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? record.refetchMs.push(now() - t0) : fail(`HTTP ${res.statusCode}`)));
    res.on('error', (err) => fail(err.code ?? err.message));
  });
  req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
  req.on('error', (err) => fail(err.code ?? err.message));
}

class PatientSocket {
  constructor(target) {
    this.target = target;
    this.closed = false;
    this.version = undefined;
    this.onSubscribed = undefined;
    this.everSubscribed = false;
  }

  open() {
    const { wsUrl, base, queueId } = this.target;
    const topic = `queue:${queueId}`;
    const ws = new WebSocket(wsUrl, { localAddress: options.localAddress, perMessageDeflate: false, handshakeTimeout: 30_000 });
    this.ws = ws;
    let ping;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
      // Phones opened at different moments ping at different moments.
      ping = setTimeout(function again() {
        if (ws.readyState === WebSocket.OPEN) ws.send('ping');
        ping = setTimeout(again, PING_MS);
      }, Math.random() * PING_MS);
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'pong') return;
      const message = JSON.parse(text);
      if (message.type === 'subscribed') {
        this.version = message.topics.find((t) => t.topic === topic)?.version ?? 0;
        // The first subscription is the bench's setup (not measured, not refetched: 10,000
        // snapshots at once are the reconnect storm, bench/fanout.mjs); a reconnect refetches.
        if (this.everSubscribed && options.refetch) refetch(base, queueId);
        this.everSubscribed = true;
        this.onSubscribed?.(true);
        this.onSubscribed = undefined;
        return;
      }
      if (message.topic !== topic || this.version === undefined || message.version <= this.version) return;
      const gap = message.version !== this.version + 1;
      this.version = message.version;
      record.events++;
      if (gap) record.gaps++;
      if (message.type === 'member.called' && typeof message.number === 'number') {
        // By the node the socket is on: the caller's node sends itself, the other hears it through Redis.
        ((record.calls[`${queueId}:${message.number}`] ??= {})[this.target.base] ??= []).push(now());
      }
      if (options.refetch) refetch(base, queueId);
    });
    ws.on('error', () => undefined); // a close follows
    ws.on('close', () => {
      clearTimeout(ping);
      this.version = undefined;
      if (this.closed) return;
      this.onSubscribed?.(false);
      this.onSubscribed = undefined;
      record.drops++;
      setTimeout(() => this.open(), RECONNECT_MS * (0.5 + Math.random()));
    });
  }

  start() {
    return new Promise((resolve) => {
      this.onSubscribed = resolve;
      this.open();
    });
  }

  close() {
    this.closed = true;
    this.ws?.terminate();
  }
}

function connect({ sockets: targets, localAddress, refetch: doRefetch, batch }) {
  options = { refetch: doRefetch, localAddress };
  return startInBatches(targets.length, batch, (i) => {
    const socket = new PatientSocket(targets[i]);
    sockets.push(socket);
    return socket.start();
  });
}

process.on('message', async (message) => {
  switch (message.cmd) {
    case 'connect':
      process.send({ ev: 'connected', ...(await connect(message)) });
      break;
    case 'measure':
      record = fresh();
      break;
    case 'stats':
      process.send({ ev: 'stats', ...record, open: sockets.filter((s) => s.ws?.readyState === WebSocket.OPEN).length });
      break;
    case 'close':
      for (const socket of sockets) socket.close();
      setTimeout(() => process.exit(0), 100);
      break;
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
});
process.on('disconnect', () => process.exit(0));
