/**
 * What `npm start` runs: a small process that holds the server's port and runs the server
 * (main.ts, bundled beside this file) in one worker process under Node's `cluster`.
 *
 * Why: a node that runs alone and restarts (a deploy) used to close its port for the seconds a
 * new process needs to start, and every patient's socket knocked on a closed door meanwhile
 * (issue 23's reconnect storm). Here `kill -HUP <pid>` reloads instead: a new worker starts
 * beside the old one on the same port, and only once it listens does the old one stop taking
 * connections and tell its sockets to reconnect (1012) — they land on the new worker at once.
 * A deploy rebuilds (`npm run build`) and sends SIGHUP; the new worker runs the new bundle.
 *
 * - On PGlite (no DATABASE_URL) two processes cannot share the folder: the old worker stops
 *   first, then the new one starts (the port is closed meanwhile, as in a restart).
 * - SIGTERM and SIGINT go to the worker, whose own shutdown runs (docs/architecture.md#shutdown);
 *   the supervisor exits with the worker's exit code.
 * - A worker that dies after it was ready is started again; one that dies before it was ever
 *   ready (a wrong setting) ends the supervisor with its exit code: no restart loop.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_MESSAGES } from './platform/supervised.js';

const log = (message: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: `supervisor: ${message}` }));
const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.mjs');
const exclusiveDatabase = !process.env.DATABASE_URL;

// Each worker accepts from the shared socket itself. Round-robin (Node's default) has this
// process accept every connection and pass it on over IPC: 10,000 sockets reconnecting after a
// reload then took 9 s to be handed over one by one.
cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: serverEntry, execArgv: process.execArgv });

let current: Worker | undefined;
let stopping = false;
let reloading = false;

/** A worker, and a promise of its first 'ready' (rejected when it exits before). */
function start(): { worker: Worker; ready: Promise<void> } {
  const worker = cluster.fork();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if ((message as { wartefrei?: string } | null)?.wartefrei !== WORKER_MESSAGES.ready) return;
      worker.off('message', onMessage).off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      worker.off('message', onMessage);
      reject(new Error(`the server exited with ${code ?? 'a signal'} before it was ready`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
  return { worker, ready };
}

const exited = (worker: Worker) => new Promise<number>((resolve) => (worker.isDead() ? resolve(worker.process.exitCode ?? 1) : worker.once('exit', (code) => resolve(code ?? 1))));

/** Watches the running worker: one that dies unasked is replaced, after a second. */
function adopt(worker: Worker): void {
  current = worker;
  worker.once('exit', (code, signal) => {
    if (stopping || reloading || current !== worker) return;
    log(`the server stopped unexpectedly (${signal ?? `exit ${code}`}); starting it again`);
    setTimeout(() => void launch(), 1000);
  });
}

async function launch(): Promise<void> {
  const { worker, ready } = start();
  try {
    await ready;
  } catch (error) {
    log((error as Error).message);
    process.exit(worker.process.exitCode ?? 1);
  }
  adopt(worker);
}

async function reload(): Promise<void> {
  const old = current;
  if (reloading || stopping || !old) return;
  reloading = true;
  const started = performance.now();
  try {
    if (exclusiveDatabase) {
      // PGlite: the folder belongs to one process; the new worker opens it after the old closed it.
      old.send({ wartefrei: WORKER_MESSAGES.handOver });
      await exited(old);
      const { worker, ready } = start();
      await ready;
      adopt(worker);
    } else {
      const { worker, ready } = start();
      await ready;
      adopt(worker);
      old.send({ wartefrei: WORKER_MESSAGES.handOver });
      await exited(old);
    }
    log(`reloaded in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    // The new worker did not come up: the old one, where it still runs, goes on serving.
    log(`reload failed: ${(error as Error).message}`);
    if (old.isDead()) process.exit(1);
  } finally {
    reloading = false;
  }
}

process.on('SIGHUP', () => void reload());
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
    void Promise.all(workers.map(exited)).then((codes) => process.exit(Math.max(...codes)));
  });
}

log(`running ${path.basename(serverEntry)}; kill -HUP ${process.pid} reloads it`);
await launch();
