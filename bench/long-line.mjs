// A long line costs no more than a short one (issue 23 §2): the same requests on a list with 50
// waiting and on one with 5,000, on PGlite and on PostgreSQL, one request at a time.
//   node bench/long-line.mjs   env: BENCH_LONG_LINE=5000 (the long line), BENCH_LONG_LINE_SAMPLES=100
// Measured on each line: a public draw (its answer carries the newcomer's estimate) and the
// ticket page's `GET /members/{key}` of the last ticket in line (its place and estimate). (The
// public view `GET /queues/{id}/public` is served from a cache per topic version, so timing it
// here would time the cache; it reads the same way: counts, no members.) The baseline is the
// same request on the short line in the same run: the ratio long/short is the figure, ≤ 1.5 the
// target. The two lines are the demo's two lists of one location, measured alternately request
// by request, so whatever else the machine does falls on both alike.
// The lines are filled in SQL (as many staff draws would, with the session's counter raised):
// 5,000 draws over HTTP took minutes. On PGlite the server is stopped for that (it holds the
// folder), on PostgreSQL it runs on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { DEMO_QUEUE_PATH, demoQueueId, linkKey, openQueue, staffHeaders } from './demo-queue.mjs';
import { freshPostgres, percentile, startServer } from './lib/server.mjs';

const SHORT = 50;
const LONG = Number(process.env.BENCH_LONG_LINE ?? 5000);
const SAMPLES = Number(process.env.BENCH_LONG_LINE_SAMPLES ?? 100);
const WARM_UP = 20;
const TARGET_RATIO = 1.5;
/** The location's other list: the long line. */
const LONG_QUEUE_PATH = `${DEMO_QUEUE_PATH.split('/').slice(0, 2).join('/')}/labor`;

const round = (n) => Number(n.toFixed(2));

async function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Both lists' ids, their sessions opened. */
async function openLines(base) {
  const staff = await staffHeaders(base);
  const short = await demoQueueId(base);
  const route = await expectStatus(await fetch(`${base}/routes/identifier/${LONG_QUEUE_PATH}`), 200, `GET /routes/identifier/${LONG_QUEUE_PATH}`);
  const long = route.queue.id;
  for (const queueId of [short, long]) await openQueue(base, staff, queueId);
  return { short, long };
}

/**
 * `count` waiting tickets in a list with an open session, an hour old (ahead of every draw the
 * bench makes), numbered from the session's counter as draws would be.
 */
const FILL = `
  WITH s AS (
    UPDATE queue_sessions SET last_ordinal = last_ordinal + $2::integer WHERE queue_id = $1::uuid
    RETURNING session_no, last_ordinal - $2::integer AS first)
  INSERT INTO queue_members (account_id, queue_id, number_queue_id, session_no, ordinal, number, origin, order_at, created_at)
  SELECT q.account_id, q.id, q.id, s.session_no, s.first + g, COALESCE(q.number_start, 1) + s.first + g - 1, 'MANUAL',
         now() - interval '1 hour' + g * interval '1 millisecond', now()
  FROM queues q, s, generate_series(1, $2::integer) g WHERE q.id = $1::uuid`;

async function fill(query, lines) {
  await query(FILL, [lines.short, SHORT]);
  await query(FILL, [lines.long, LONG]);
}

const drawOnline = async (base, queueId) =>
  expectStatus(
    await fetch(`${base}/queues/${queueId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'ONLINE' }) }),
    201,
    'draw',
  );
const viewTicket = async (base, key) => expectStatus(await fetch(`${base}/members/${key}`), 200, 'GET ticket');

/** Times of `samples` rounds, each one request on the short line and the same on the long one. */
async function alternately(samples, request) {
  const times = { short: [], long: [] };
  const last = {};
  for (let i = 0; i < samples; i++) {
    for (const line of ['short', 'long']) {
      const t0 = performance.now();
      last[line] = await request(line);
      times[line].push(performance.now() - t0);
    }
  }
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  return { short: stats(times.short), long: stats(times.long), last };
}

/** Draws and ticket views on both lines; figures prefixed with `prefix`. */
async function measure(prefix, base, lines) {
  await alternately(WARM_UP, (line) => drawOnline(base, lines[line]));
  const draw = await alternately(SAMPLES, (line) => drawOnline(base, lines[line]));
  const ticket = await alternately(SAMPLES, (line) => viewTicket(base, linkKey(draw.last[line])));
  const figures = { [`${prefix}_long_line_last_position`]: ticket.last.long.position, [`${prefix}_short_line_last_position`]: ticket.last.short.position };
  for (const [request, result] of [
    ['draw', draw],
    ['ticket', ticket],
  ]) {
    figures[`${prefix}_${request}_short_line_p50_ms`] = round(result.short.p50);
    figures[`${prefix}_${request}_short_line_p99_ms`] = round(result.short.p99);
    figures[`${prefix}_${request}_long_line_p50_ms`] = round(result.long.p50);
    figures[`${prefix}_${request}_long_line_p99_ms`] = round(result.long.p99);
    figures[`${prefix}_${request}_long_to_short_p50_ratio`] = round(result.long.p50 / result.short.p50);
  }
  return figures;
}

/** PGlite: the server seeds and opens the lists, is stopped while the lines are filled, and measured after. */
async function onPglite(dataDir) {
  let server = await startServer(dataDir);
  let lines;
  try {
    lines = await openLines(server.base);
  } finally {
    await server.stop();
  }
  const pglite = new PGlite(dataDir, { extensions: { btree_gist } });
  try {
    await fill((text, params) => pglite.query(text, params), lines);
  } finally {
    await pglite.close();
  }
  server = await startServer(dataDir);
  try {
    return await measure('pglite', server.base, lines);
  } finally {
    await server.stop();
  }
}

/** PostgreSQL: filled beside the running server. */
async function onPostgres(dataDir) {
  const postgres = await freshPostgres().catch((error) => console.warn(`PostgreSQL not reachable, its long line is skipped: ${error.message}`));
  if (!postgres) return {};
  const server = await startServer(dataDir, postgres.url);
  const client = new pg.Client({ connectionString: postgres.url });
  try {
    const lines = await openLines(server.base);
    await client.connect();
    await fill((text, params) => client.query(text, params), lines);
    await client.query('ANALYZE queue_members');
    return await measure('pg', server.base, lines);
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await postgres.drop();
  }
}

export async function longLineBench() {
  const figures = { long_line_short: SHORT, long_line_long: LONG, long_line_samples: SAMPLES };
  for (const [onDatabase, name] of [
    [onPglite, 'pglite'],
    [onPostgres, 'pg'],
  ]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wf-long-line-${name}-`));
    try {
      Object.assign(figures, await onDatabase(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const targets = {};
  for (const prefix of ['pglite', 'pg']) {
    for (const request of ['draw', 'ticket']) {
      const ratio = figures[`${prefix}_${request}_long_to_short_p50_ratio`];
      if (ratio !== undefined) targets[`${prefix}_${request}_long_line_le_${TARGET_RATIO}x`] = ratio <= TARGET_RATIO;
    }
  }
  return { figures, targets };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, targets } = await longLineBench();
  console.table(figures);
  console.table(targets);
}
