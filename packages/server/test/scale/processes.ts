import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../support/server-bundle.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on right now (the OS picks it; we close and hand it on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill(signal);
  });
}

export interface ServerNode {
  url: string;
  pid: number;
  /** Everything the node logged so far (pino JSON lines; LOG_LEVEL=warn unless told otherwise). */
  output(): string;
  /** Resolves once the log has `text` after character `from` (an earlier `output().length`). */
  waitForLog(text: string, from: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real server (its bundle, as `npm start` runs it) as its own process on a free port; resolves once it answers. */
export async function startServerNode(env: Record<string, string>): Promise<ServerNode> {
  const port = await freePort();
  const { main } = await serverBundle();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://wartefrei.test',
      // Every draw of the test comes from 127.0.0.1 (through the proxy or not), 200 at once into one list.
      DRAW_LIMIT_PER_IP: '1000000',
      DRAW_LIMIT_PER_LIST: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const url = `http://127.0.0.1:${port}`;
  const node: ServerNode = {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    waitForLog: (text, from, timeoutMs) => until(`"${text}" in the log of ${url}`, timeoutMs, () => Promise.resolve(output.indexOf(text, from) >= 0), child),
    stop: () => stopChild(child, 'SIGTERM', 10_000),
  };
  try {
    await until(`server on ${url}`, 60_000, async () => (await fetch(`${url}/system-information`)).ok, child);
  } catch (error) {
    await node.stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return node;
}

export interface RedisProcess {
  url: string;
  port: number;
  /** Kills redis-server hard (SIGKILL): to the nodes it is gone at once. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence, like a restarted cache). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A private redis-server on a free port, nothing saved to disk. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const answersPing = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  const launch = async () => {
    child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await until(`redis-server on ${port}`, 10_000, answersPing, child);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      if (child) await stopChild(child, 'SIGKILL', 5_000);
    },
    restart: launch,
    stop: async () => {
      if (child) await stopChild(child, 'SIGTERM', 5_000);
    },
  };
}
