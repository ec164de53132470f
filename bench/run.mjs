// `npm run bench`: measured figures, written to bench/results/latest.json and printed as a table.
// Figures only — nothing here fails the build. Later issues add load, fan-out and estimate runs.
// Ticket latency runs on PGlite and, when reachable, on PostgreSQL (BENCH_DATABASE_URL or the local one).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = path.join(root, 'bench/results/latest.json');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server on a data folder (or DATABASE_URL); resolves with the ms until it answers, and a stop(). */
async function startServer(dataDir, databaseUrl = '') {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      // One bench client draws hundreds of tickets from one address.
      DRAW_LIMIT_PER_IP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const res = await fetch(`${base}/system-information`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const stop = () => new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { base, ms, stop };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function latency(url, init, count, expectStatus = 200) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (res.status !== expectStatus) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count };
}

const round = (ms) => Number(ms.toFixed(2));

/**
 * Draw and call-next latency on the demo queue, one request at a time over HTTP: `count` public
 * draws, then `count` call-nexts (with force, so the concurrency limit does not refuse them).
 */
async function ticketLatency(base, prefix, count = 300) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin@praxis-demo.example:wartefrei-demo').toString('base64')}` },
  }).then((r) => r.json());
  const staff = { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}`, 'content-type': 'application/json' };
  const queue = (await fetch(`${base}/queues`, { headers: staff }).then((r) => r.json())).find((q) => q.identifier === 'allgemein');
  await fetch(`${base}/queues/${queue.id}/session`, { method: 'POST', headers: staff, body: JSON.stringify({ event: 'START' }) });
  const draw = await latency(`${base}/queues/${queue.id}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'ONLINE' }) }, count, 201);
  const call = await latency(`${base}/queues/${queue.id}/call-next`, { method: 'POST', headers: staff, body: JSON.stringify({ force: true }) }, count, 200);
  return {
    [`${prefix}_draw_p50_ms`]: round(draw.p50),
    [`${prefix}_draw_p99_ms`]: round(draw.p99),
    [`${prefix}_call_next_p50_ms`]: round(call.p50),
    [`${prefix}_call_next_p99_ms`]: round(call.p99),
  };
}

/** A fresh PostgreSQL database for one run (BENCH_DATABASE_URL's server, default the local one); dropped by drop(). */
async function freshPostgres() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wf_bench_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const gzipBytes = (file) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * The gzipped JS a browser really loads for a page: open it in Chromium, record every script
 * it fetches from the build, gzip those files. Lazy chunks count only when the page uses them.
 */
async function pageJs(base, paths) {
  const dist = path.join(root, 'packages/web/dist');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const sizes = {};
  try {
    for (const [name, pagePath] of Object.entries(paths)) {
      const page = await browser.newPage();
      const scripts = new Set();
      page.on('response', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.endsWith('.js')) scripts.add(pathname);
      });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      sizes[`${name}_js_gzip_bytes`] = [...scripts].reduce((sum, p) => sum + gzipBytes(path.join(dist, p)), 0);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

const build = spawn('npm', ['run', 'build', '-w', '@wartefrei/web'], { cwd: root, stdio: 'ignore' });
if ((await new Promise((resolve) => build.once('exit', resolve))) !== 0) throw new Error('web build failed');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-'));
const figures = {};
try {
  const cold = await startServer(dataDir);
  figures.cold_start_ms = Math.round(cold.ms);
  await cold.stop();
  const warm = await startServer(dataDir);
  figures.warm_start_ms = Math.round(warm.ms);

  const login = await fetch(`${warm.base}/auth/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin@praxis-demo.example:wartefrei-demo').toString('base64')}` },
  }).then((r) => r.json());
  const auth = { headers: { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}` } };
  const authLatency = await latency(`${warm.base}/auth`, auth, 500);
  figures.get_auth_p50_ms = Number(authLatency.p50.toFixed(2));
  figures.get_auth_p99_ms = Number(authLatency.p99.toFixed(2));
  try {
    const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    if (fs.existsSync(chromiumPath)) {
      Object.assign(figures, await pageJs(warm.base, { landing: '/', login: '/login', ticket: '/praxis-demo/wien/allgemein' }));
    } else {
      console.warn(`${chromiumPath} not found: page weights skipped (apt-get install chromium, or set CHROME_PATH)`);
    }
    Object.assign(figures, await ticketLatency(warm.base, 'pglite'));
  } finally {
    await warm.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The same ticket paths on PostgreSQL, when one is reachable.
const postgres = await freshPostgres().catch((error) => {
  console.warn(`PostgreSQL not reachable, its figures are skipped: ${error.message}`);
  return undefined;
});
if (postgres) {
  const onPg = await startServer(dataDir, postgres.url);
  try {
    Object.assign(figures, await ticketLatency(onPg.base, 'postgres'));
  } finally {
    await onPg.stop();
    await postgres.drop();
  }
}

const report = {
  measured_at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  database: 'PGlite (embedded); postgres_* figures on PostgreSQL',
  figures,
};
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nmachine: ${report.machine.cpus} × ${report.machine.cpu}, ${report.machine.memory_gb} GB, Node ${report.machine.node}`);
console.table(figures);
console.log(`written to ${path.relative(root, resultsFile)}`);
