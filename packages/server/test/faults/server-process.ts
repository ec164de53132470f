import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../support/server-bundle.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on right now (the OS picks it; others run servers on this machine too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** Everything the server wrote to stderr so far (LOG_LEVEL=warn: warnings and errors only). */
  stderr(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9: no shutdown hook runs, nothing is flushed. */
  crash(): Promise<void>;
  /** SIGTERM, the orderly shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerOptions {
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** How long the start may take; the default fits a first start on a loaded CI machine. */
  startTimeoutMs?: number;
}

/*
 * A first start on a new data folder (initdb, every migration, the demo practice) takes 7.5-10 s
 * on an idle 2-core machine; beside CI's three lanes, lint, typecheck and three busy loops (load
 * 12-15) it took over 60 s once, which failed the run with nothing wrong. Waiting longer loses no
 * assertion: the tests check what the server keeps, not how fast it starts (bench/ does that).
 */
const START_TIMEOUT_MS = 180_000;

/**
 * Starts the real server (its bundle, as `npm start` runs it) as a child process on
 * a free loopback port and waits until GET /system-information answers. The server migrates the
 * database and seeds the demo practice on its first start.
 */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  // Without either the server would open ./data of the checkout: never in a test.
  if (!options.databaseUrl && !options.dataDir) throw new Error('startServerProcess needs a databaseUrl or a dataDir');
  const port = await freePort();
  const { main } = await serverBundle();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: options.dataDir ?? '',
      LOG_LEVEL: 'warn',
      // One test client draws a thousand tickets from one address, into one list.
      DRAW_LIMIT_PER_IP: '1000000',
      DRAW_LIMIT_PER_LIST: '1000000',
      REDIS_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    base,
    pid: child.pid ?? -1,
    stderr: () => stderr,
    alive: () => running,
    exited,
    crash: async () => {
      if (running) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (running) child.kill('SIGTERM');
      return (await exited).code;
    },
  };
  try {
    await waitUntilAnswering(base, () => running, options.startTimeoutMs ?? START_TIMEOUT_MS);
  } catch (error) {
    await server.crash();
    throw new Error(`${(error as Error).message}\n--- server stderr ---\n${stderr}`, { cause: error });
  }
  return server;
}

async function waitUntilAnswering(base: string, running: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running()) throw new Error('the server exited during its start');
    try {
      const res = await fetch(`${base}/system-information`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer GET /system-information within ${timeoutMs} ms`);
}
