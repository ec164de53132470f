// A Monday morning (issue 23 §9): two server nodes (main.ts) on one PostgreSQL database and one
// Redis, a group of 40 locations × 3 lists, 10,000 patient sockets on the lists' public topics
// (round robin over the nodes, as behind a balancer), and for BENCH_MONDAY_SECONDS (default 300)
// the morning's traffic: online draws, processors finishing and calling the next, online
// bookings. Measured: p50/p99 of each request, failures by reason, the fan-out delay of every
// call to every socket of its list, the sockets' refetches, CPU and memory of each node. The
// processors have their work view open (bench/monday/staff-screens.mjs) and it refetches too.
//   node bench/monday.mjs   → prints the figures, writes bench/results/monday.json
// Knobs (env): BENCH_MONDAY_SECONDS, BENCH_MONDAY_SOCKETS (10000), BENCH_MONDAY_DRAWS_PER_LIST_HOUR
// (30), BENCH_MONDAY_BOOKINGS_PER_LIST_HOUR (6), BENCH_MONDAY_PROCESSORS_PER_LIST (2),
// BENCH_MONDAY_VISIT_MINUTES (5), BENCH_MONDAY_INITIAL_LINE (5), BENCH_MONDAY_REFETCH (1: the
// sockets refetch like the app; 0: they only listen), BENCH_MONDAY_NODE_ARGS (Node flags for
// both nodes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), REDIS_URL (redis://127.0.0.1:6379),
// BENCH_DATABASE_URL (see lib/server.mjs).
//
// The rates: a list of a busy group practice on a Monday between 8 and 10 o'clock gets about 30
// walk-ins an hour (one every two minutes), while its two processors see one patient each per 5
// minutes, 24 an hour: the line grows all morning, which is what makes Monday Monday. 120 lists
// make that 1 draw/s, 0.8 calls/s (and as many finishes), and with 6 online bookings per list
// and hour (the phone rings most on Monday morning; a part books online) 0.2 bookings/s. Every
// draw, call and finish is an event on its list, and each of the list's ~83 sockets fetches the
// list again, as the page does: about 2.6 events/s become ~215 GET /queues/{id}/public a second;
// the two processors' work views fetch GET /queues/{id}/members and GET /queues on each, ~11/s.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freshPostgres, root } from './lib/server.mjs';
import { createLoad } from './monday/load.mjs';
import { drawInitialLine, logInProcessors, seedGroup } from './monday/seed.mjs';
import { fanout, figuresOf, mergeCounts } from './monday/figures.mjs';
import { openStaffScreens } from './monday/staff-screens.mjs';
import { cpuMs, dropRedisKeys, redisVersion, startNodes, startSocketWorker, watchProcesses } from './monday/processes.mjs';

const LOCATIONS = 40;
const LISTS_PER_LOCATION = 3;
const NODES = 2;
const SOCKETS_PER_WORKER = 2500;
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let log = (line) => console.log(`[monday] ${line}`);

function settingsFromEnv() {
  return {
    seconds: env('BENCH_MONDAY_SECONDS', 300),
    sockets: env('BENCH_MONDAY_SOCKETS', 10_000),
    lists: LOCATIONS * LISTS_PER_LOCATION,
    drawsPerListHour: env('BENCH_MONDAY_DRAWS_PER_LIST_HOUR', 30),
    bookingsPerListHour: env('BENCH_MONDAY_BOOKINGS_PER_LIST_HOUR', 6),
    processorsPerList: env('BENCH_MONDAY_PROCESSORS_PER_LIST', 2),
    serviceMinutes: env('BENCH_MONDAY_VISIT_MINUTES', 5),
    initialLine: env('BENCH_MONDAY_INITIAL_LINE', 5),
    refetch: process.env.BENCH_MONDAY_REFETCH !== '0',
  };
}

/**
 * Socket g watches list g mod L on node ⌊g / L⌋ mod N: every list has sockets on every node, so
 * each call reaches half its sockets through Redis. Workers take contiguous shares.
 */
function socketPlan(count, lists, nodes, workerCount) {
  const shares = Array.from({ length: workerCount }, () => []);
  const perList = new Map();
  for (let g = 0; g < count; g++) {
    const list = lists[g % lists.length];
    const port = new URL(nodes[Math.floor(g / lists.length) % nodes.length].base).port;
    shares[Math.floor((g * workerCount) / count)].push({ wsUrl: `ws://127.0.0.1:${port}/ws`, base: `http://127.0.0.1:${port}`, queueId: list.id });
    perList.set(list.id, (perList.get(list.id) ?? 0) + 1);
  }
  return { shares, perList };
}

/** CPU ms of the bench database's PostgreSQL backends (same machine), counted from now. */
async function postgresCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database (cleanup after an error) ends this connection with a FATAL.
  client.on('error', () => undefined);
  await client.connect();
  const pids = async () => (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const start = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  const version = (await client.query('SHOW server_version')).rows[0].server_version;
  return {
    version,
    stop: async () => (await pids()).reduce((n, pid) => n + cpuMs(pid) - (start.get(pid) ?? 0), 0),
    close: () => client.end(),
  };
}

export async function mondayBench({ quiet = false } = {}) {
  if (quiet) log = () => undefined;
  const settings = settingsFromEnv();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const keyPrefix = `wfbench:monday:${crypto.randomBytes(6).toString('hex')}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-monday-'));
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch((error) => console.warn(`[monday] cleanup: ${error.message}`));
  };
  // Ctrl-C mid-run: still stop every process and drop the database and the keys.
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(async () => log(`dropped ${await dropRedisKeys(redisUrl, keyPrefix)} Redis keys of ${keyPrefix}`));
  try {
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    const phases = [];
    const phase = async (name, step) => {
      const t0 = performance.now();
      const result = await step();
      phases.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return result;
    };
    const nodes = await phase('nodes', () => startNodes(NODES, { dataDir, databaseUrl: database.url, redisUrl, keyPrefix }));
    cleanups.push(() => Promise.all(nodes.map((n) => n.stop())));
    const bases = nodes.map((n) => n.base);
    const lists = await phase('group', () =>
      seedGroup(database.url, {
        locations: LOCATIONS,
        listsPerLocation: LISTS_PER_LOCATION,
        processorsPerList: settings.processorsPerList,
        averageMinutes: settings.serviceMinutes,
      }),
    );
    await phase('logins', () => logInProcessors(lists, bases));
    await phase('initial line', () => drawInitialLine(lists, bases, settings.initialLine));
    log(
      `${NODES} nodes, ${lists.length} lists, ${lists.length * settings.processorsPerList} processors logged in, ${lists.length * settings.initialLine} waiting (${phases.join(', ')})`,
    );

    const workerCount = Math.max(1, Math.min(4, Math.ceil(settings.sockets / SOCKETS_PER_WORKER)));
    const workers = Array.from({ length: workerCount }, () => startSocketWorker());
    cleanups.push(() => Promise.all(workers.map((w) => w.close())));
    const plan = socketPlan(settings.sockets, lists, nodes, workerCount);
    // Each worker from its own loopback address (random per run): 10,000 sockets plus their
    // refetches' connections would exhaust one address's ephemeral ports.
    const [a, b] = [1 + crypto.randomInt(250), 1 + crypto.randomInt(250)];
    const connected = await Promise.all(
      workers.map((w, i) => w.ask({ cmd: 'connect', sockets: plan.shares[i], localAddress: `127.${a}.${b}.${10 + i}`, refetch: settings.refetch, batch: 50 }, 'connected')),
    );
    const connectMs = Math.max(...connected.map((c) => c.ms));
    const ok = connected.reduce((n, c) => n + c.ok, 0);
    if (ok !== settings.sockets) throw new Error(`only ${ok} of ${settings.sockets} sockets subscribed`);
    log(`${ok} sockets subscribed in ${Math.round(connectMs)} ms (${workerCount} workers)`);

    const load = createLoad({ lists, bases });
    const staffScreens = await openStaffScreens(lists, nodes, load.fire);
    cleanups.push(async () => staffScreens.close());
    await sleep(2000); // the connect burst's garbage and buffers settle before the window opens
    for (const w of workers) w.tell({ cmd: 'measure' });
    // The nodes, and beside them what the bench itself costs on the same cores (workers, driver).
    const watch = watchProcesses([...nodes.map((n) => n.pid), ...workers.map((w) => w.pid), process.pid]);
    cleanups.push(async () => void watch.stop());
    const pgCpu = await postgresCpu(database.url);
    cleanups.push(() => pgCpu.close());
    const windowStart = performance.now();
    const ticker = setInterval(() => log(`${Math.round((performance.now() - windowStart) / 1000)} s …`), 30_000);
    try {
      await load.run({
        seconds: settings.seconds,
        drawsPerSecond: (lists.length * settings.drawsPerListHour) / 3600,
        bookingsPerSecond: (lists.length * settings.bookingsPerListHour) / 3600,
        serviceMinutes: settings.serviceMinutes,
      });
    } finally {
      clearInterval(ticker);
    }
    await sleep(3000); // the last calls' events and refetches arrive
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const { processes: watched, machineBusyPct } = watch.stop();
    const perNode = watched.slice(0, NODES);
    const clientsCpuPct = watched.slice(NODES).reduce((n, w) => n + w.cpuPct, 0);
    const postgresCpuPct = ((await pgCpu.stop()) / (windowSeconds * 1000)) * 100;
    const stats = await Promise.all(workers.map((w) => w.ask({ cmd: 'stats' }, 'stats')));
    const sockets = {
      refetchMs: stats.flatMap((s) => s.refetchMs),
      refetchFailures: mergeCounts(...stats.map((s) => s.refetchFailures)),
      drops: stats.reduce((n, s) => n + s.drops, 0),
      gaps: stats.reduce((n, s) => n + s.gaps, 0),
      events: stats.reduce((n, s) => n + s.events, 0),
      open: stats.reduce((n, s) => n + s.open, 0),
      staff: staffScreens.stats(),
    };
    const receipts = {};
    for (const s of stats) {
      for (const [key, byNode] of Object.entries(s.calls)) for (const [node, times] of Object.entries(byNode)) ((receipts[key] ??= {})[node] ??= []).push(...times);
    }
    const results = load.results();
    const spread = fanout(results.calls, receipts, plan.perList);
    const { figures, targets } = figuresOf({ settings, load: results, sockets, spread, nodes: perNode, postgresCpuPct, clientsCpuPct, machineBusyPct, connectMs });
    const details = {
      failures: results.failures,
      first_failure: results.firstFailure,
      refetch_failures: sockets.refetchFailures,
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: pgCpu.version,
        redis: await redisVersion(redisUrl),
        load_average_1m_at_end: Number(os.loadavg()[0].toFixed(2)),
      },
    };
    if (Object.keys(results.firstFailure).length > 0) log(`failures: ${JSON.stringify(results.failures)}; first of each: ${JSON.stringify(results.firstFailure)}`);
    return { figures, targets, details };
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, targets, details } = await mondayBench();
  const file = path.join(root, 'bench/results/monday.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ measured_at: new Date().toISOString(), ...details, figures, targets }, null, 2)}\n`);
  console.log(
    `machine: ${details.machine.cpus} × ${details.machine.cpu}, ${details.machine.memory_gb} GB, Node ${details.machine.node}, PostgreSQL ${details.machine.postgres}, Redis ${details.machine.redis}`,
  );
  console.table(figures);
  console.table(Object.fromEntries(Object.entries(targets).map(([target, met]) => [target, met ? 'met' : 'not met'])));
  console.log(`written to ${path.relative(root, file)}`);
}
