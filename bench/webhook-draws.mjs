// Webhooks never delay a draw (issue 42 §2): public draws one at a time on the demo list, with
// three webhook endpoints subscribed to every event against none, on PGlite and on PostgreSQL.
//   node bench/webhook-draws.mjs   env: BENCH_WEBHOOK_BLOCKS (default 8), BENCH_WEBHOOK_BLOCK (draws per block, 25)
// The two states alternate block by block on one server (the endpoints are switched off and on
// by PATCH between blocks: a practice whose endpoints are all off pays what one without any
// pays, one index lookup), so whatever else the machine does falls on both alike. The three
// receivers are real HTTP servers on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_ORIGINS) that answer
// after 20 ms, so the server's sender is busy posting while the draws are timed. Beside the
// draw latency: how long after the draw's answer its event reached the receivers (delivery lag).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoQueueId, openQueue, staffHeaders } from './demo-queue.mjs';
import { freshPostgres, percentile, startServer } from './lib/server.mjs';

const BLOCKS = Number(process.env.BENCH_WEBHOOK_BLOCKS ?? 8);
const BLOCK = Number(process.env.BENCH_WEBHOOK_BLOCK ?? 25);
const ENDPOINTS = 3;
const RECEIVER_DELAY_MS = 20;
const TARGET_RATIO = 1.5;
const EVENTS = [
  'ticket.drawn',
  'ticket.called',
  'ticket.finished',
  'ticket.cancelled',
  'appointment.booked',
  'appointment.moved',
  'appointment.cancelled',
  'appointment.checked_in',
];

const round = (n) => Number(n.toFixed(2));
const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** A receiver that notes when each ticket's event arrived. */
async function startReceiver(arrivals) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const at = performance.now();
      try {
        const event = JSON.parse(body);
        if (event.type === 'ticket.drawn') arrivals.push({ id: event.data.id, at });
      } catch {
        // not ours
      }
      setTimeout(() => res.writeHead(200).end(), RECEIVER_DELAY_MS);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/in`, origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

async function json(res, status, what) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function measure(prefix, dataDir, databaseUrl) {
  const arrivals = [];
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, () => startReceiver(arrivals)));
  const server = await startServer(dataDir, databaseUrl, { WEBHOOK_ALLOWED_ORIGINS: receivers.map((r) => r.origin).join(',') });
  try {
    const staff = await staffHeaders(server.base);
    const queueId = await demoQueueId(server.base);
    await openQueue(server.base, staff, queueId);
    const endpoints = [];
    for (const receiver of receivers) {
      endpoints.push(
        await json(
          await fetch(`${server.base}/webhook-endpoints`, { method: 'POST', headers: staff, body: JSON.stringify({ url: receiver.url, events: EVENTS }) }),
          201,
          'POST /webhook-endpoints',
        ),
      );
    }
    const setEnabled = async (enabled) => {
      for (const endpoint of endpoints) {
        await json(
          await fetch(`${server.base}/webhook-endpoints/${endpoint.id}`, { method: 'PATCH', headers: staff, body: JSON.stringify({ disabled: !enabled }) }),
          200,
          'PATCH /webhook-endpoints/{id}',
        );
      }
    };
    const draw = async () => {
      const t0 = performance.now();
      const ticket = await json(
        await fetch(`${server.base}/queues/${queueId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'ONLINE' }) }),
        201,
        'draw',
      );
      const t1 = performance.now();
      return { ms: t1 - t0, id: ticket.id, answeredAt: t1 };
    };
    for (let i = 0; i < 20; i++) await draw(); // warm-up
    const times = { none: [], subscribed: [] };
    const answered = new Map();
    for (let block = 0; block < BLOCKS * 2; block++) {
      const state = block % 2 === 0 ? 'none' : 'subscribed';
      await setEnabled(state === 'subscribed');
      for (let i = 0; i < BLOCK; i++) {
        const { ms, id, answeredAt } = await draw();
        times[state].push(ms);
        if (state === 'subscribed') answered.set(id, answeredAt);
      }
    }
    // The last events still on their way.
    const expected = answered.size * ENDPOINTS;
    const deadline = performance.now() + 30_000;
    while (arrivals.filter((a) => answered.has(a.id)).length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const lags = arrivals.filter((a) => answered.has(a.id)).map((a) => a.at - answered.get(a.id));
    const none = stats(times.none);
    const subscribed = stats(times.subscribed);
    const lag = stats(lags);
    return {
      [`${prefix}_webhooks_draw_none_p50_ms`]: round(none.p50),
      [`${prefix}_webhooks_draw_none_p99_ms`]: round(none.p99),
      [`${prefix}_webhooks_draw_3_endpoints_p50_ms`]: round(subscribed.p50),
      [`${prefix}_webhooks_draw_3_endpoints_p99_ms`]: round(subscribed.p99),
      [`${prefix}_webhooks_draw_p99_ratio`]: round(subscribed.p99 / none.p99),
      [`${prefix}_webhooks_delivered`]: lags.length,
      [`${prefix}_webhooks_expected`]: expected,
      [`${prefix}_webhooks_delivery_lag_p50_ms`]: round(lag.p50),
      [`${prefix}_webhooks_delivery_lag_p99_ms`]: round(lag.p99),
    };
  } finally {
    await server.stop();
    await Promise.all(receivers.map((r) => r.close()));
  }
}

export async function webhookDrawsBench() {
  const figures = { webhooks_draws_per_state: BLOCKS * BLOCK };
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-webhooks-pglite-'));
  try {
    Object.assign(figures, await measure('pglite', pgliteDir, ''));
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
  const postgres = await freshPostgres().catch((error) => console.warn(`PostgreSQL not reachable, its webhook draws are skipped: ${error.message}`));
  if (postgres) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-webhooks-pg-'));
    try {
      Object.assign(figures, await measure('pg', dataDir, postgres.url));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres.drop();
    }
  }
  const targets = {};
  for (const prefix of ['pglite', 'pg']) {
    const ratio = figures[`${prefix}_webhooks_draw_p99_ratio`];
    if (ratio !== undefined) targets[`${prefix}_draw_p99_with_3_webhooks_le_${TARGET_RATIO}x`] = ratio <= TARGET_RATIO;
  }
  return { figures, targets };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, targets } = await webhookDrawsBench();
  console.table(figures);
  console.table(targets);
}
