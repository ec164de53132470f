// A long line costs no more than a short one (issue 23 §2): the same requests with 50 and with
// 5,000 tickets waiting in the list, on PGlite and on PostgreSQL, one request at a time.
//   node bench/long-line.mjs   env: BENCH_LONG_LINE=5000 (the long line), BENCH_LONG_LINE_SAMPLES=100
// Measured per line length: a public draw (its answer carries the newcomer's estimate) and the
// ticket page's `GET /members/{id}` of the last ticket in line (its place and estimate). (The
// public view `GET /queues/{id}/public` is served from a cache per topic version, so timing it
// here would time the cache; it reads the same way: counts, no members.) The baseline is the
// same request on the short line in the same run: the ratio long/short is the figure, ≤ 1.5 the
// target. A warm-up first, so the short line does not pay for the server's first requests.
// The line is filled with staff draws (MANUAL, not rate limited) a few at a time; the measured
// draws lengthen it by their count, which is small beside either length.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoQueueId, openQueue, staffHeaders } from './demo-queue.mjs';
import { freshPostgres, percentile, startServer } from './lib/server.mjs';

const SHORT = 50;
const LONG = Number(process.env.BENCH_LONG_LINE ?? 5000);
const SAMPLES = Number(process.env.BENCH_LONG_LINE_SAMPLES ?? 100);
const FILL_CONCURRENCY = 4;
const TARGET_RATIO = 1.5;

const round = (n) => Number(n.toFixed(2));

async function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Staff draws until `count` tickets wait (each a MANUAL draw, as a processor adds a walk-in). */
async function fillTo(base, staff, queueId, count) {
  const waiting = async () => (await expectStatus(await fetch(`${base}/queues/${queueId}/public`), 200, 'GET public')).waiting;
  let missing = count - (await waiting());
  const drawOne = async () => {
    while (missing > 0) {
      missing -= 1;
      await expectStatus(await fetch(`${base}/queues/${queueId}/members`, { method: 'POST', headers: staff, body: JSON.stringify({ origin: 'MANUAL' }) }), 201, 'staff draw');
    }
  };
  await Promise.all(Array.from({ length: FILL_CONCURRENCY }, drawOne));
}

/** p50 and p99 of `samples` runs of `request`, one at a time (ms); the last answer beside them. */
async function timed(request, samples = SAMPLES) {
  const times = [];
  let last;
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    last = await request();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), last };
}

/** Both requests on the line as it stands now, `samples` times each. */
async function measureLine(base, queueId, samples = SAMPLES) {
  const draw = await timed(
    async () =>
      expectStatus(await fetch(`${base}/queues/${queueId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'ONLINE' }) }), 201, 'draw'),
    samples,
  );
  const lastTicket = draw.last;
  const ticket = await timed(async () => expectStatus(await fetch(`${base}/members/${lastTicket.id}`), 200, 'GET ticket'), samples);
  return { draw, ticket, position: ticket.last.position };
}

/** One database: the short line, then the long one; figures prefixed with `prefix`. */
async function onServer(prefix, server) {
  const staff = await staffHeaders(server.base);
  const queueId = await demoQueueId(server.base);
  await openQueue(server.base, staff, queueId);
  await measureLine(server.base, queueId, Math.min(SAMPLES, SHORT / 2));
  await fillTo(server.base, staff, queueId, SHORT);
  const short = await measureLine(server.base, queueId);
  const fillStarted = performance.now();
  await fillTo(server.base, staff, queueId, LONG);
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const long = await measureLine(server.base, queueId);
  const figures = { [`${prefix}_long_line_fill_s`]: round(fillSeconds), [`${prefix}_long_line_last_position`]: long.position };
  for (const request of ['draw', 'ticket']) {
    figures[`${prefix}_${request}_short_line_p50_ms`] = round(short[request].p50);
    figures[`${prefix}_${request}_short_line_p99_ms`] = round(short[request].p99);
    figures[`${prefix}_${request}_long_line_p50_ms`] = round(long[request].p50);
    figures[`${prefix}_${request}_long_line_p99_ms`] = round(long[request].p99);
    figures[`${prefix}_${request}_long_to_short_p50_ratio`] = round(long[request].p50 / short[request].p50);
  }
  return figures;
}

export async function longLineBench() {
  const figures = { long_line_short: SHORT, long_line_long: LONG, long_line_samples: SAMPLES };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-long-line-'));
  try {
    const pglite = await startServer(dataDir);
    try {
      Object.assign(figures, await onServer('pglite', pglite));
    } finally {
      await pglite.stop();
    }
    const postgres = await freshPostgres().catch((error) => console.warn(`PostgreSQL not reachable, its long line is skipped: ${error.message}`));
    if (postgres) {
      const onPg = await startServer(dataDir, postgres.url);
      try {
        Object.assign(figures, await onServer('pg', onPg));
      } finally {
        await onPg.stop();
        await postgres.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
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
