// Shared by the benchmarks: start the real server on a free port (PGlite data folder or
// PostgreSQL), a throwaway PostgreSQL database, percentiles.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../../packages/server/build.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The server's bundle, as `npm start` runs it: built once per bench process from this checkout. */
let bundle;
const serverBundle = () => (bundle ??= buildServer());

/**
 * Starts the real server on a data folder (or DATABASE_URL); resolves with its base URL, the ms
 * until it answered, its pid (for its memory) and stop(signal). `port` fixes the port (a node
 * restarted in place, where its clients reconnect to); `nodeArgs` go to Node (e.g. --cpu-prof).
 */
export async function startServer(dataDir, databaseUrl = '', extraEnv = {}, { port: fixedPort, nodeArgs = [], supervised = false } = {}) {
  const port = fixedPort ?? (await freePort());
  const { main, supervisor } = await serverBundle();
  const started = performance.now();
  // `supervised`: as `npm start` runs it, under the supervisor (reload() sends it SIGHUP).
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', supervised ? supervisor : main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      // One bench client draws hundreds of tickets a second from one address, into one list.
      DRAW_LIMIT_PER_IP: '1000000',
      DRAW_LIMIT_PER_LIST: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', supervised ? 'pipe' : 'ignore', 'inherit'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`the server exited during start (port ${port} taken?)`);
    try {
      const res = await fetch(`${base}/system-information`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  /** SIGTERM is a deploy's restart: the server closes its sockets and database itself. */
  const stop = async (signal = 'SIGTERM') => {
    if (exited) return;
    const gone = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(timer);
  };
  /** Supervised only: SIGHUP, resolved once the supervisor says the new server took over. */
  const reload = async () => {
    const from = output.length;
    child.kill('SIGHUP');
    while (!output.slice(from).includes('supervisor: reloaded in')) {
      if (exited || /reload failed/.test(output.slice(from))) throw new Error(`the reload failed:\n${output.slice(from)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { base, ms, pid: child.pid, stop, reload };
}

/** Runs `run` `count` times one after the other; the p50 and p95 of the times in ms. */
export async function timed(count, run) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A fresh PostgreSQL database for one run (BENCH_DATABASE_URL's server, default the local one); dropped by drop(). */
export async function freshPostgres() {
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
