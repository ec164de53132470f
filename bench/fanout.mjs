// WebSocket fan-out and reconnect-storm bench (issue 8, part 1), side by side with a bare `ws`
// server in the same run.
//
// Fan-out: BENCH_FANOUT_CLIENTS (default 10,000) subscribers of one queue's topic on ONE real
// server node (PostgreSQL when reachable, else PGlite; in-process hub, no Redis), spread over up to 4
// client worker processes; one call-next over
// HTTP per round; the time from sending the call until 95 % / 100 % of the clients have the
// `member.called` event. Baseline: the bare ws server (bench/fanout/bare-server.mjs) with the
// same clients, broadcasting the same payload bytes when told over IPC. Figures are the median
// over BENCH_FANOUT_ROUNDS rounds (default 3). Memory per connection: the server process's
// VmRSS after all clients connected minus before, divided by the count.
//
// Reconnect storm: a node restart, the honest outage — SIGTERM to the server (as a deploy or a
// supervisor does: it closes every socket itself), then a new process on the same data folder
// and port. The clients act like the patient app (bench/fanout/client-worker.mjs): reconnect
// after the close (within 1 s when told 1012, else 2.5–7.5 s) and subscribe asking for the
// queue's snapshot along; re-synced = `subscribed` brought it (else they refetch
// GET /queues/{id}/public, retrying a failed refetch with backoff, and re-synced = that refetch
// answered 200). One connection per client, not two: before the snapshot came along, the
// refetches' own connections doubled the SYNs of the storm and its reload took 9.3–10.0 s from
// the first drop instead of about 5 s. Measured from the SIGTERM; the same restart of the bare server is the
// baseline (its difference is our restart and resync cost; the backoff is the client's). The
// database reads the storm cost are the restarted node's cache misses of the public view
// (`wartefrei_public_queue_snapshots_total{result="miss"}` on its /metrics: the snapshots sent
// with `subscribed` come from the same cache), beside the refetches the clients sent.
//
// Then the same storm as `npm start` runs the node: under its supervisor, reloaded with SIGHUP as
// a deploy does (packages/server/src/supervisor.ts). The replacement starts beside the old server
// on the same port and only then does the old one stop taking connections and tell its sockets
// 1012: they find the new one at once. The cold restart above is what a machine's reboot or a
// process manager without the supervisor costs.
//
// The restarted node stops as one node alone should (SINGLE_NODE_SHUTDOWN): no drain and no
// spread. The drain (SHUTDOWN_DRAIN_MS, 5 s by default) keeps a node serving while a load
// balancer sees /health/ready fail and stops sending to it; with no balancer in front nobody
// reads that, and the 5 s would only delay the restart. The spread (SHUTDOWN_SOCKET_SPREAD_MS)
// lets the sockets of a stopping node knock on the OTHER nodes a few at a time; alone, they
// would knock on this same node, which still listens during the waves, and be cut a second time
// when it closes — without 1012 then, so into the full backoff. With both 0 every socket is told
// 1012 at once, its one quick retry finds the port closed, and the ordinary backoff brings it to
// the new process. docs/architecture.md#shutdown says the same to whoever runs one node.
//
// A time that never completed (a client never got the event, or never re-synced within the
// 120 s window) is reported as its window, 30 s or 120 s; the counts beside it say how many made it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoQueueId, drawDemoTicket, openQueue, staffHeaders } from './demo-queue.mjs';
import { freePort, freshPostgres, percentile } from './lib/server.mjs';
import { listenOverflows, now, rssKiB, startBare, startNode, startWorker } from './fanout/processes.mjs';

const RECEIVE_TIMEOUT_MS = 30_000;
/** How a node that runs alone is stopped: see the head comment. */
const SINGLE_NODE_SHUTDOWN = { SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_SOCKET_SPREAD_MS: '0' };
const STORM_TIMEOUT_MS = 120_000;
/** What-if knob: random reconnect jitter the real client (live.ts) does not have; 0 = like live.ts. */
const JITTER_MS = Number(process.env.BENCH_FANOUT_JITTER_MS ?? 0);
/** Two decimals; Infinity (never completed) as the window it did not complete in. */
const round = (x, window = STORM_TIMEOUT_MS) => (Number.isFinite(x) ? Number(x.toFixed(2)) : window);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every worker's answers to one question, summed. */
async function sumOf(workers, message, ev, field) {
  const answers = await Promise.all(workers.map((w) => w.ask(message, ev)));
  return answers.reduce((n, a) => n + a[field], 0);
}

/**
 * Opens `count` clients over the workers. Each worker connects from its own loopback source
 * address (random per run), so the 10,000 sockets and their refetches do not exhaust one
 * address's ephemeral ports — nor collide with TIME_WAIT entries of an earlier run.
 */
async function connectClients(workers, count, target) {
  const a = 1 + Math.floor(Math.random() * 250);
  const b = 1 + Math.floor(Math.random() * 250);
  const results = await Promise.all(
    workers.map((worker, i) => {
      const share = Math.floor(count / workers.length) + (i < count % workers.length ? 1 : 0);
      return worker.ask({ cmd: 'connect', ...target, count: share, batch: 50, localAddress: `127.${a}.${b}.${10 + i}`, refetch: false, jitterMs: JITTER_MS }, 'connected');
    }),
  );
  return {
    ok: results.reduce((n, r) => n + r.ok, 0),
    failed: results.reduce((n, r) => n + r.failed, 0),
    ms: Math.max(...results.map((r) => r.ms)),
  };
}

/** One fan-out round: arm the clients, trigger, wait until all have the event; latencies from the trigger. */
async function fanoutRound(workers, expected, match, trigger) {
  for (const w of workers) w.tell({ cmd: 'arm', match });
  await sumOf(workers, { cmd: 'received' }, 'received', 'count'); // the arm arrived everywhere
  const sentAt = now();
  const triggerMs = await trigger();
  const deadline = sentAt + RECEIVE_TIMEOUT_MS;
  while ((await sumOf(workers, { cmd: 'received' }, 'received', 'count')) < expected && now() < deadline) await sleep(20);
  const answers = await Promise.all(workers.map((w) => w.ask({ cmd: 'collect' }, 'collected')));
  const latencies = answers.flatMap((a) => a.times.map((t) => t - sentAt)).sort((x, y) => x - y);
  // p95 / p100 of ALL clients: a client that never got the event counts as missing, not fast.
  const at = (p) => (latencies.length >= Math.ceil((p / 100) * expected) ? latencies[Math.max(0, Math.ceil((p / 100) * expected) - 1)] : Infinity);
  return {
    first: latencies[0] ?? Infinity,
    p95: at(95),
    p100: at(100),
    p50: percentile(latencies, 50),
    received: latencies.length,
    triggerMs,
    sample: answers.find((a) => a.sample)?.sample,
  };
}

/** Drops every socket by restarting the server; resolves with how many clients re-synced and when. */
async function storm(workers, expected, restart, afterStorm) {
  for (const w of workers) w.tell({ cmd: 'storm' });
  await sumOf(workers, { cmd: 'resynced' }, 'resynced', 'count');
  const overflowsBefore = listenOverflows();
  const droppedAt = now();
  const { downAt, readyAt } = await restart();
  const deadline = droppedAt + STORM_TIMEOUT_MS;
  while ((await sumOf(workers, { cmd: 'resynced' }, 'resynced', 'count')) < expected && now() < deadline) await sleep(100);
  const answers = await Promise.all(workers.map((w) => w.ask({ cmd: 'resynced', withTimes: true }, 'resynced')));
  const times = answers.flatMap((a) => a.times).sort((x, y) => x - y);
  const subscribed = answers.flatMap((a) => a.subscribed).sort((x, y) => x - y);
  const last = times.length > 0 ? times[times.length - 1] : droppedAt;
  // When the first socket was dropped: at once after a SIGTERM; after a reload only once the
  // replacement is ready, the sockets being served until then.
  const drops = answers.map((a) => a.firstDrop).filter((t) => t > 0);
  const firstDropAt = drops.length > 0 ? Math.min(...drops) : droppedAt;
  return {
    resubscribed: subscribed.length,
    resubscribedAllMs: subscribed.length === expected ? subscribed[subscribed.length - 1] - droppedAt : Infinity,
    resynced: times.length,
    allMs: times.length === expected ? last - droppedAt : Infinity,
    allFromDropMs: times.length === expected ? last - firstDropAt : Infinity,
    firstDropMs: firstDropAt - droppedAt,
    p95Ms: times.length >= Math.ceil(0.95 * expected) ? times[Math.ceil(0.95 * expected) - 1] - droppedAt : Infinity,
    downMs: downAt - droppedAt,
    restartMs: readyAt - droppedAt,
    afterReadyMs: times.length === expected ? last - readyAt : Infinity,
    reconnects: answers.reduce((n, a) => n + a.reconnects, 0),
    refetches: answers.reduce((n, a) => n + a.refetches, 0),
    // The restarted server's own count of database reads of the public view (absent for bare ws).
    databaseReads: afterStorm ? await afterStorm() : undefined,
    listenOverflows: listenOverflows() - overflowsBefore,
    refetchFailures: answers.reduce((all, a) => {
      for (const [reason, n] of Object.entries(a.refetchFailures)) all[reason] = (all[reason] ?? 0) + n;
      return all;
    }, {}),
  };
}

/**
 * The whole measurement against one target (ours or bare): connect, memory, rounds, storm.
 * `target` gives pid(), urls, trigger() and restart() for its kind of server.
 */
export async function measure(target, { clients, workerCount, rounds, match, label }) {
  // Warm the connect path up (JIT, buffers, the first sockets' allocations), so that "before"
  // is a server that has served sockets, not a cold one.
  const warmup = startWorker();
  await connectClients([warmup], Math.min(200, clients), target.urls);
  await warmup.close();
  const rssBefore = await settledRss(target.pid());
  const workers = Array.from({ length: workerCount }, () => startWorker());
  try {
    const connected = await connectClients(workers, clients, target.urls);
    if (connected.ok !== clients) throw new Error(`${label}: only ${connected.ok} of ${clients} clients connected (${connected.failed} failed)`);
    const rssAfter = await settledRss(target.pid());
    log(`${label}: ${clients} clients connected and subscribed in ${Math.round(connected.ms)} ms; RSS ${rssBefore} → ${rssAfter} KiB`);
    const results = [];
    for (let r = 0; r < rounds; r++) {
      const result = await fanoutRound(workers, clients, match(), target.trigger);
      log(
        `${label}: round ${r + 1}: first ${round(result.first)} ms, p50 ${round(result.p50)} ms, p95 ${round(result.p95)} ms, p100 ${round(result.p100)} ms, ${result.received}/${clients} received, trigger answered in ${round(result.triggerMs)} ms`,
      );
      results.push(result);
      await sleep(300);
    }
    const stormResult = await storm(workers, clients, target.restart, target.afterStorm);
    log(
      `${label}: storm: ${stormResult.resubscribed}/${clients} re-subscribed, all after ${round(stormResult.resubscribedAllMs)} ms; ${stormResult.resynced}/${clients} re-synced, all after ${round(stormResult.allMs)} ms (p95 ${round(stormResult.p95Ms)} ms; ${round(stormResult.allFromDropMs)} ms after the first socket dropped at ${round(stormResult.firstDropMs)} ms), server down after ${round(stormResult.downMs)} ms, back after ${round(stormResult.restartMs)} ms, ${stormResult.reconnects} reconnect attempts, ${stormResult.listenOverflows} listen queue overflows, ${stormResult.refetches} refetches (${stormResult.databaseReads ?? 'n/a'} database reads of the view), failed refetches ${JSON.stringify(stormResult.refetchFailures)}`,
    );
    return {
      connectMs: connected.ms,
      rssPerConnKiB: (rssAfter - rssBefore) / clients,
      first: median(results.map((r) => r.first)),
      p95: median(results.map((r) => r.p95)),
      p100: median(results.map((r) => r.p100)),
      triggerMs: median(results.map((r) => r.triggerMs)),
      received: Math.min(...results.map((r) => r.received)),
      sample: results.find((r) => r.sample)?.sample,
      storm: stormResult,
    };
  } finally {
    await Promise.all(workers.map((w) => w.close()));
  }
}

/** The node's database reads of the public queue view since it started: its cache misses. */
async function publicViewReads(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const match = /^wartefrei_public_queue_snapshots_total\{result="miss"\} (\d+)/m.exec(text);
  return match ? Number(match[1]) : 0;
}

/** RSS after the dust of a burst settled: the median of a few reads a moment later. */
async function settledRss(pid) {
  await sleep(1500);
  const reads = [];
  for (let i = 0; i < 5; i++) {
    reads.push(rssKiB(pid));
    await sleep(200);
  }
  return median(reads);
}

let log = (line) => console.log(line);

export async function fanoutBench({ quiet = false } = {}) {
  if (quiet) log = () => undefined;
  const clients = Number(process.env.BENCH_FANOUT_CLIENTS ?? 10_000);
  const rounds = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
  const workerCount = Math.max(1, Math.min(4, Math.ceil(clients / 500)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-fanout-'));
  // PostgreSQL when reachable: PGlite's WebAssembly heap (~0.5-1 GB, shrinking and growing
  // with garbage collection) drowns the per-connection memory in noise, and a 10,000-client
  // deployment runs on PostgreSQL. BENCH_FANOUT_DB=pglite forces PGlite.
  let database;
  if (process.env.BENCH_FANOUT_DB !== 'pglite') {
    try {
      database = await freshPostgres();
    } catch (err) {
      log(`PostgreSQL not reachable (${err.message}): the server runs on PGlite`);
    }
  }
  const databaseUrl = database?.url ?? '';
  const port = await freePort();
  let node;
  let bare;
  try {
    node = await startNode(dataDir, databaseUrl, port, SINGLE_NODE_SHUTDOWN);
    // --- the real server: a queue with tickets to call, one warm-up call without subscribers.
    const staff = await staffHeaders(node.base);
    const queueId = await demoQueueId(node.base);
    await openQueue(node.base, staff, queueId);
    for (let i = 0; i < rounds + 1; i++) await drawDemoTicket(node.base);
    const callNext = async () => {
      const t0 = now();
      const res = await fetch(`${node.base}/queues/${queueId}/call-next`, { method: 'POST', headers: staff, body: JSON.stringify({ force: true }) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`call-next answered ${res.status}`);
      return now() - t0;
    };
    await callNext();
    const topic = `queue:${queueId}`;
    const snapshotBody = await (await fetch(`${node.base}/queues/${queueId}/public`)).text();
    const urls = { wsUrl: `ws://127.0.0.1:${port}/ws`, resyncUrl: `${node.base}/queues/${queueId}/public`, topic };

    const ours = await measure(
      {
        pid: () => node.pid,
        urls,
        trigger: callNext,
        restart: async () => {
          await node.stop('SIGTERM');
          const downAt = now();
          node = await startNode(dataDir, databaseUrl, port, SINGLE_NODE_SHUTDOWN);
          return { downAt, readyAt: now() };
        },
        afterStorm: () => publicViewReads(node.base),
      },
      { clients, workerCount, rounds, match: () => '"member.called"', label: 'wartefrei' },
    );
    await node.stop();
    if (!ours.sample) throw new Error('no client received the call');

    // --- the same node as `npm start` runs it, under its supervisor, reloaded as a deploy does
    // (SIGHUP): the replacement listens on the port before the old server lets go. Storm only.
    node = await startNode(dataDir, databaseUrl, port, SINGLE_NODE_SHUTDOWN, { supervised: true });
    const reloaded = await measure(
      {
        pid: () => node.pid,
        urls,
        trigger: callNext,
        restart: async () => {
          const downAt = now();
          await node.reload();
          return { downAt, readyAt: now() };
        },
        afterStorm: () => publicViewReads(node.base),
      },
      { clients, workerCount, rounds: 0, match: () => '"member.called"', label: 'wartefrei under its supervisor, reloaded' },
    );
    await node.stop();

    // --- the baseline: same clients, same bytes, a bare ws server.
    // What our node answers a subscribe, snapshot and all (realtime.routes.ts splices it in likewise).
    const bareSubscribed = `{"type":"subscribed","topics":[{"topic":${JSON.stringify(topic)},"version":0,"snapshot":${snapshotBody}}]}`;
    bare = await startBare(0, bareSubscribed, snapshotBody);
    const barePort = bare.port;
    const bareBase = `http://127.0.0.1:${barePort}`;
    const base = await measure(
      {
        pid: () => bare.pid,
        urls: { wsUrl: `ws://127.0.0.1:${barePort}/ws`, resyncUrl: `${bareBase}/queues/${queueId}/public`, topic },
        trigger: async () => {
          const t0 = now();
          bare.broadcast(ours.sample);
          return now() - t0;
        },
        restart: async () => {
          await bare.stop();
          const downAt = now();
          bare = await startBare(barePort, bareSubscribed, snapshotBody);
          return { downAt, readyAt: now() };
        },
      },
      { clients, workerCount, rounds, match: () => '"member.called"', label: 'bare ws' },
    );

    const figures = {
      fanout_clients: clients,
      fanout_on_postgres: database ? 1 : 0,
      fanout_p95_ms: round(ours.p95, RECEIVE_TIMEOUT_MS),
      fanout_p100_ms: round(ours.p100, RECEIVE_TIMEOUT_MS),
      fanout_bare_ws_p95_ms: round(base.p95, RECEIVE_TIMEOUT_MS),
      fanout_bare_ws_p100_ms: round(base.p100, RECEIVE_TIMEOUT_MS),
      // Speed relative to bare ws: ws time / our time (1 = as fast as bare ws).
      fanout_p95_speed_ratio: round(base.p95 / ours.p95, 0),
      fanout_p100_speed_ratio: round(base.p100 / ours.p100, 0),
      // When the first client had the event: for us the call's own work (HTTP, auth, the
      // transaction) before the hub starts sending; p95 minus this is the spread of the send loop.
      fanout_first_receipt_ms: round(ours.first, RECEIVE_TIMEOUT_MS),
      fanout_bare_ws_first_receipt_ms: round(base.first, RECEIVE_TIMEOUT_MS),
      fanout_call_next_http_ms: round(ours.triggerMs),
      fanout_connect_all_ms: round(ours.connectMs),
      fanout_bare_ws_connect_all_ms: round(base.connectMs),
      fanout_rss_per_connection_kib: round(ours.rssPerConnKiB),
      fanout_bare_ws_rss_per_connection_kib: round(base.rssPerConnKiB),
      fanout_rss_per_connection_ratio: round(ours.rssPerConnKiB / base.rssPerConnKiB),
      storm_resubscribed: ours.storm.resubscribed,
      storm_resubscribed_all_ms: round(ours.storm.resubscribedAllMs),
      storm_bare_ws_resubscribed_all_ms: round(base.storm.resubscribedAllMs),
      storm_resynced: ours.storm.resynced,
      storm_resync_all_ms: round(ours.storm.allMs),
      storm_resync_p95_ms: round(ours.storm.p95Ms),
      storm_server_back_ms: round(ours.storm.restartMs),
      storm_resync_after_server_back_ms: round(ours.storm.afterReadyMs),
      storm_bare_ws_resynced: base.storm.resynced,
      storm_bare_ws_resync_all_ms: round(base.storm.allMs),
      storm_bare_ws_server_back_ms: round(base.storm.restartMs),
      storm_failed_refetches: Object.values(ours.storm.refetchFailures).reduce((a, b) => a + b, 0),
      storm_bare_ws_failed_refetches: Object.values(base.storm.refetchFailures).reduce((a, b) => a + b, 0),
      storm_refetches: ours.storm.refetches,
      storm_bare_ws_refetches: base.storm.refetches,
      // Database reads of the public view on the restarted node (its cache misses): 1 per
      // version and 2 s max age, not 1 per refetch.
      storm_public_view_db_reads: ours.storm.databaseReads,
      storm_listen_overflows: ours.storm.listenOverflows,
      storm_bare_ws_listen_overflows: base.storm.listenOverflows,
      // Our storm time over bare ws's (1 = as quick; Infinity → 0 when either never completed).
      storm_resync_all_ratio: round(ours.storm.allMs / base.storm.allMs, 0),
      // The reload of `npm start`'s supervisor (SIGHUP): "back after" is when the old server
      // had handed over; the port never closed.
      storm_reload_resynced: reloaded.storm.resynced,
      storm_reload_resync_all_ms: round(reloaded.storm.allMs),
      // The sockets were served until the replacement was ready; their storm began at the drop.
      storm_reload_first_drop_ms: round(reloaded.storm.firstDropMs),
      storm_reload_resync_all_from_drop_ms: round(reloaded.storm.allFromDropMs),
      storm_resync_all_from_drop_ms: round(ours.storm.allFromDropMs),
      storm_bare_ws_resync_all_from_drop_ms: round(base.storm.allFromDropMs),
      storm_reload_resync_p95_ms: round(reloaded.storm.p95Ms),
      storm_reload_handed_over_ms: round(reloaded.storm.restartMs),
      storm_reload_failed_refetches: Object.values(reloaded.storm.refetchFailures).reduce((a, b) => a + b, 0),
      storm_reload_public_view_db_reads: reloaded.storm.databaseReads,
      storm_reload_listen_overflows: reloaded.storm.listenOverflows,
      storm_reload_resync_all_ratio: round(reloaded.storm.allFromDropMs / base.storm.allFromDropMs, 0),
    };
    const targets = {
      fanout_95_percent_within_200ms: ours.p95 <= 200,
      fanout_at_least_half_bare_ws_speed: base.p95 / ours.p95 >= 0.5,
      storm_resync_all_le_10s: ours.storm.resynced === clients && ours.storm.allMs <= 10_000,
      storm_resync_le_1_2x_bare: ours.storm.resynced === clients && base.storm.resynced === clients && ours.storm.allMs <= 1.2 * base.storm.allMs,
      // From the drop of the sockets (the SIGHUP comes seconds earlier, while all is served).
      storm_reload_le_10s: reloaded.storm.resynced === clients && reloaded.storm.allFromDropMs <= 10_000,
      storm_reload_le_1_2x_bare: reloaded.storm.resynced === clients && base.storm.resynced === clients && reloaded.storm.allFromDropMs <= 1.2 * base.storm.allFromDropMs,
    };
    return { figures, targets };
  } finally {
    await node?.stop();
    await bare?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, targets } = await fanoutBench();
  console.table(figures);
  console.table(targets);
}
