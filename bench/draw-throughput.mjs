// Draw throughput (issue 8): public online draws `POST /queues/{id}/members` over HTTP at 50
// concurrent clients (autocannon) against the same statements replayed straight through the
// driver by 50 workers for the same time (draw-throughput/replay.mjs says which and why that
// is fair) — on PostgreSQL and on PGlite, side by side in one run.
//   node bench/draw-throughput.mjs   env: BENCH_DRAW_SECONDS (default 20; 5 for a quick run),
//   BENCH_DRAW_DATABASES=pg or =pglite (one of them), BENCH_DRAW_RAW_POOL (default 10 = the server's)
// Each measured run starts on an empty line after a short warm-up. Until issue 23 a draw read
// the whole waiting line, so its cost grew with the line; it reads counts now (bench/long-line.mjs
// compares 50 with 5,000 waiting). The figures still say how long the line grew (`_line_end`).
// Beside req/s, the CPU ms per draw of the server process, of the raw client, and (PostgreSQL)
// of the database backends: unlike req/s these barely move with other load on the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { demoQueueId, drawDemoTicket, staffHeaders } from './demo-queue.mjs';
import { cpuMs } from './lib/proc.mjs';
import { freshPostgres, percentile, startServer } from './lib/server.mjs';
import { pgDriver, pgliteDriver, replayDraw } from './draw-throughput/replay.mjs';

const CONNECTIONS = 50;
// The server's pool (packages/server/src/db/connect.ts); the raw baseline gets the same.
const SERVER_POOL_SIZE = Number(process.env.BENCH_DRAW_RAW_POOL ?? 10);
const TARGET_HTTP_SHARE = 0.6;

const round = (n, digits = 2) => Number(n.toFixed(digits));

/** The body drawDemoTicket sends (it fills whatever the queue requires), caught on its way out; also opens the queue. */
async function demoDrawBody(base) {
  const realFetch = globalThis.fetch;
  let body;
  globalThis.fetch = (url, init) => {
    if (init?.method === 'POST' && String(url).endsWith('/members')) body = init.body;
    return realFetch(url, init);
  };
  try {
    await drawDemoTicket(base);
  } finally {
    globalThis.fetch = realFetch;
  }
  if (!body) throw new Error('drawDemoTicket sent no draw');
  return body;
}

/**
 * The PostgreSQL backends of the bench database (pg_stat_activity; same machine): a counter of
 * their CPU ms, to say how much of a draw's CPU is the database's on either side.
 */
async function databaseCpuCounter(query) {
  const pids = async () => (await query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
  const start = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  return async () => (await pids()).reduce((sum, pid) => sum + cpuMs(pid) - (start.get(pid) ?? 0), 0);
}

/**
 * CPU time (ms, user + system) of this process's children — the server startServer spawned —
 * from /proc: a figure the other load on the machine does not move, unlike req/s.
 */
function childrenCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The field after the command is the state, then the parent pid.
      const parent = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (parent === process.pid) total += cpuMs(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** 50 autocannon connections drawing for `seconds`; every answer must be 201. */
async function httpDraws(base, queueId, body, seconds) {
  const serverCpuBefore = childrenCpuMs();
  const result = await autocannon({
    url: `${base}/queues/${queueId}/members`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: seconds,
    // autocannon's default, explicit: an answer slower than this counts as failed (a timeout).
    timeout: 10,
  });
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  return {
    cpuMsPerDraw: created ? (childrenCpuMs() - serverCpuBefore) / created : 0,
    rps: created / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    count: created,
    // Anything but 201 — other 2xx, 4xx, 5xx — and transport errors (timeouts count among them).
    failed: result.requests.total - created + result.errors,
  };
}

/** 50 workers replaying the draw statements back to back for `seconds`. */
async function rawDraws(driver, queueId, seconds) {
  const times = [];
  let failed = 0;
  let firstError;
  const cpuBefore = ownCpuMs();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await replayDraw(driver, queueId);
        times.push(performance.now() - t0);
      } catch (error) {
        failed++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.warn(`raw draw failed ${failed}×, first: ${firstError.message}`);
  times.sort((a, b) => a - b);
  const cpuMsPerDraw = times.length ? (ownCpuMs() - cpuBefore) / times.length : 0;
  return { cpuMsPerDraw, rps: times.length / elapsed, p50: percentile(times, 50) ?? 0, p99: percentile(times, 99) ?? 0, count: times.length, failed };
}

// An empty line for the next run: the server's own way (TERMINATE ends every open ticket,
// START opens the next session) for the HTTP side, the same two changes in SQL for the raw side.
async function resetLineViaApi(base, staff, queueId) {
  for (const event of ['TERMINATE', 'START']) {
    const res = await fetch(`${base}/queues/${queueId}/session`, { method: 'POST', headers: staff, body: JSON.stringify({ event }) });
    if (!res.ok) throw new Error(`session ${event} answered ${res.status}: ${await res.text()}`);
  }
}
async function resetLineViaSql(query, queueId) {
  await query(
    `UPDATE queue_members SET status = 'FINISHED_BY_TIMEOUT', cancel_state = 'SESSION_END', version = version + 1
    WHERE queue_id = $1 AND status IN ('WAITING', 'PROCESSING')`,
    [queueId],
  );
  await query('UPDATE queue_sessions SET session_no = session_no + 1, last_ordinal = 0 WHERE queue_id = $1', [queueId]);
}
const waitingCount = async (query, queueId) =>
  Number((await query(`SELECT count(*)::int AS n FROM queue_members WHERE queue_id = $1 AND status = 'WAITING'`, [queueId])).rows[0].n);

const warmUpSeconds = (seconds) => Math.max(1, Math.min(3, Math.round(seconds / 5)));

function figuresOf(prefix, http, raw, lineEnd) {
  return {
    [`${prefix}_draw_http_rps`]: round(http.rps, 1),
    [`${prefix}_draw_http_p50_ms`]: round(http.p50),
    [`${prefix}_draw_http_p99_ms`]: round(http.p99),
    [`${prefix}_draw_http_failed`]: http.failed,
    // CPU of the server process per draw (not autocannon's), beside the raw client's own.
    [`${prefix}_draw_http_server_cpu_ms`]: round(http.cpuMsPerDraw),
    [`${prefix}_draw_raw_rps`]: round(raw.rps, 1),
    [`${prefix}_draw_raw_p50_ms`]: round(raw.p50),
    [`${prefix}_draw_raw_p99_ms`]: round(raw.p99),
    [`${prefix}_draw_raw_failed`]: raw.failed,
    [`${prefix}_draw_raw_client_cpu_ms`]: round(raw.cpuMsPerDraw),
    // PostgreSQL only: its backends' CPU per draw on either side (PGlite runs inside the process measured above).
    ...(http.databaseCpuMsPerDraw === undefined
      ? {}
      : { [`${prefix}_draw_http_db_cpu_ms`]: round(http.databaseCpuMsPerDraw), [`${prefix}_draw_raw_db_cpu_ms`]: round(raw.databaseCpuMsPerDraw) }),
    [`${prefix}_draw_http_to_raw_rps_ratio`]: round(raw.rps ? http.rps / raw.rps : 0, 3),
    [`${prefix}_draw_http_to_raw_p50_ratio`]: round(raw.p50 ? http.p50 / raw.p50 : 0, 3),
    [`${prefix}_draw_http_to_raw_p99_ratio`]: round(raw.p99 ? http.p99 / raw.p99 : 0, 3),
    [`${prefix}_draw_http_line_end`]: lineEnd.http,
    [`${prefix}_draw_raw_line_end`]: lineEnd.raw,
  };
}

/** PostgreSQL: the server on a throwaway database (it creates schema and demo), then the pool on it. */
async function onPostgres(seconds) {
  const database = await freshPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-draw-pg-'));
  const pool = new pg.Pool({ connectionString: database.url, max: SERVER_POOL_SIZE });
  // drop() ends the connections still closing with a FATAL; without a listener that ends the process.
  pool.on('error', () => undefined);
  const query = (text, values) => pool.query(text, values);
  let server;
  try {
    server = await startServer(dataDir, database.url);
    const queueId = await demoQueueId(server.base);
    const body = await demoDrawBody(server.base);
    const staff = await staffHeaders(server.base);
    await httpDraws(server.base, queueId, body, warmUpSeconds(seconds));
    await resetLineViaApi(server.base, staff, queueId);
    await query('VACUUM ANALYZE queue_members');
    let databaseCpu = await databaseCpuCounter(query);
    const http = await httpDraws(server.base, queueId, body, seconds);
    http.databaseCpuMsPerDraw = (await databaseCpu()) / (http.count || 1);
    const httpLine = await waitingCount(query, queueId);
    await server.stop();
    server = undefined;

    const driver = pgDriver(pg, pool);
    await rawDraws(driver, queueId, warmUpSeconds(seconds));
    await resetLineViaSql(query, queueId);
    await query('VACUUM ANALYZE queue_members');
    databaseCpu = await databaseCpuCounter(query);
    const raw = await rawDraws(driver, queueId, seconds);
    raw.databaseCpuMsPerDraw = (await databaseCpu()) / (raw.count || 1);
    return figuresOf('pg', http, raw, { http: httpLine, raw: await waitingCount(query, queueId) });
  } finally {
    await server?.stop();
    await pool.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * PGlite: the server seeds a data folder and opens the queue; a copy of that folder, made while
 * the server is stopped, is what the raw side opens in this process.
 */
async function onPglite(seconds) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-draw-pglite-'));
  const serverDir = path.join(scratch, 'server');
  const rawDir = path.join(scratch, 'raw');
  let server;
  let pglite;
  try {
    server = await startServer(serverDir);
    const queueId = await demoQueueId(server.base);
    const body = await demoDrawBody(server.base);
    await server.stop();
    fs.cpSync(serverDir, rawDir, { recursive: true });

    server = await startServer(serverDir);
    const staff = await staffHeaders(server.base);
    await httpDraws(server.base, queueId, body, warmUpSeconds(seconds));
    await resetLineViaApi(server.base, staff, queueId);
    const http = await httpDraws(server.base, queueId, body, seconds);
    await server.stop();
    server = undefined;

    pglite = new PGlite(rawDir, { extensions: { btree_gist } });
    const query = (text, params) => pglite.query(text, params);
    const driver = pgliteDriver(pglite, pgliteTypes);
    await rawDraws(driver, queueId, warmUpSeconds(seconds));
    await resetLineViaSql(query, queueId);
    const raw = await rawDraws(driver, queueId, seconds);
    const rawLine = await waitingCount(query, queueId);

    // The server's line, read from its folder now that it is stopped.
    await pglite.close();
    pglite = new PGlite(serverDir, { extensions: { btree_gist } });
    const httpLine = await waitingCount((text, params) => pglite.query(text, params), queueId);
    return figuresOf('pglite', http, raw, { http: httpLine, raw: rawLine });
  } finally {
    await server?.stop();
    await pglite?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Both databases, or one of them with BENCH_DRAW_DATABASES=pg or =pglite (a quicker look while
 * working on one; the full bench runs both).
 */
export async function drawThroughput({ seconds = Number(process.env.BENCH_DRAW_SECONDS ?? 20), databases = (process.env.BENCH_DRAW_DATABASES ?? 'pg,pglite').split(',') } = {}) {
  const figures = { draw_seconds: seconds, draw_connections: CONNECTIONS };
  if (databases.includes('pg')) Object.assign(figures, await onPostgres(seconds));
  if (databases.includes('pglite')) Object.assign(figures, await onPglite(seconds));
  const valid = (prefix) => figures[`${prefix}_draw_http_failed`] === 0 && figures[`${prefix}_draw_raw_failed`] === 0;
  const targets = {};
  if (databases.includes('pg')) {
    // A run with failed draws is no valid figure, so it cannot meet the target.
    targets.pg_draw_http_at_least_60pct_of_raw = valid('pg') && figures.pg_draw_http_to_raw_rps_ratio >= TARGET_HTTP_SHARE;
    targets.pg_draw_all_201 = valid('pg');
  }
  if (databases.includes('pglite')) {
    targets.pglite_draw_all_201 = valid('pglite');
    // Issue 23 §2: the embedded database at 50 clients, none failed and p99 within a second.
    targets.pglite_draw_p99_le_1s = valid('pglite') && figures.pglite_draw_http_p99_ms <= 1000;
  }
  return { figures, targets };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, targets } = await drawThroughput();
  console.table(figures);
  console.table(targets);
}
