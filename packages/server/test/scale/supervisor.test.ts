import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, topicOf } from '@wartefrei/shared';
import { serverBundle } from '../support/server-bundle.js';
import { TestSocket } from '../support/test-clients.js';
import { createTestDatabase, testDatabaseKind } from '../support/test-database.js';
import { freePort } from './processes.js';

// `npm start`'s supervisor (src/supervisor.ts), as a process: SIGHUP reloads the server without
// closing its port on PostgreSQL (a replacement listens before the old worker lets go), and in
// turn on PGlite; a worker that dies is started again; SIGTERM stops it all.

interface Supervised {
  process: ChildProcess;
  base: string;
  output(): string;
  waitForOutput(text: string, from: number, timeoutMs?: number): Promise<void>;
}

const running: Supervised[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.process.exitCode !== null || s.process.signalCode !== null) continue;
    const gone = new Promise((resolve) => s.process.once('exit', resolve));
    s.process.kill('SIGKILL');
    await gone;
  }
});

async function startSupervised(env: Record<string, string>): Promise<Supervised> {
  const { supervisor } = await serverBundle();
  const port = await freePort();
  const child = spawn(process.execPath, [supervisor], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_SOCKET_SPREAD_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const supervised: Supervised = {
    process: child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    waitForOutput: async (text, from, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!output.slice(from).includes(text)) {
        if (Date.now() > deadline) throw new Error(`no "${text}" in the supervisor's output:\n${output.slice(from)}`);
        if (child.exitCode !== null) throw new Error(`the supervisor exited (${child.exitCode}):\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  running.push(supervised);
  await supervised.waitForOutput('wartefrei ready', 0, 90_000);
  return supervised;
}

/** One GET on a connection of its own (no keep-alive to outlive a worker): the status, or the error's code. */
function getOnce(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('ETIMEDOUT')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Keeps asking until stopped; answers every result that was not a 200. */
function askWithoutPause(url: string): { stop(): Promise<{ asked: number; failed: (number | string)[] }> } {
  let go = true;
  let asked = 0;
  const failed: (number | string)[] = [];
  const loop = (async () => {
    while (go) {
      const result = await getOnce(url);
      asked += 1;
      if (result !== 200) failed.push(result);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      go = false;
      await loop;
      return { asked, failed };
    },
  };
}

/** The demo list's id and a public socket subscribed to it. */
async function watchDemoList(base: string): Promise<{ socket: TestSocket; topic: string }> {
  const route = (await (await fetch(`${base}/routes/identifier/praxis-demo/wien/allgemein`)).json()) as { queue: { id: string } };
  const topic = topicOf('queue', route.queue.id);
  const socket = await TestSocket.connect(base);
  socket.send({ type: 'subscribe', topics: [topic] });
  for (;;) if ((await socket.nextJson<{ type: string }>(10_000)).type === 'subscribed') return { socket, topic };
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe.runIf(testDatabaseKind === 'postgres')("npm start's supervisor on PostgreSQL", () => {
  it('reloads on SIGHUP without a refused or failed request, and tells sockets to reconnect to the new server', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const s = await startSupervised({ DATABASE_URL: database.url ?? '' });
      const { socket, topic } = await watchDemoList(s.base);
      const asking = askWithoutPause(`${s.base}/health/live`);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const from = s.output().length;
      s.process.kill('SIGHUP');
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.SERVER_RESTART);
      // At once, with no retry: the replacement was listening before the socket was told.
      const again = await TestSocket.connect(s.base);
      again.send({ type: 'subscribe', topics: [topic] });
      expect((await again.nextJson<{ type: string }>(10_000)).type).toBe('subscribed');
      await s.waitForOutput('supervisor: reloaded in', from);
      const { asked, failed } = await asking.stop();
      again.close();

      expect(failed).toEqual([]);
      expect(asked).toBeGreaterThan(10);
      // Two servers logged they were ready: the first, and the one that took over.
      expect(s.output().match(/wartefrei ready/g)).toHaveLength(2);

      s.process.kill('SIGTERM');
      expect(await exitOf(s.process)).toBe(0);
      expect(await getOnce(`${s.base}/health/live`)).toBe('ECONNREFUSED');
    } finally {
      await database.close();
    }
  });

  it('starts a server that died again, and gives up on one that cannot start', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const s = await startSupervised({ DATABASE_URL: database.url ?? '' });
      const pid = Number(/"pid":(\d+)[^\n]*wartefrei ready/.exec(s.output())?.[1]);
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(s.process.pid);
      const from = s.output().length;
      process.kill(pid, 'SIGKILL');
      await s.waitForOutput('wartefrei ready', from);
      expect(s.output().slice(from)).toContain('the server stopped unexpectedly (SIGKILL)');
      expect(await getOnce(`${s.base}/health/live`)).toBe(200);
    } finally {
      await database.close();
    }

    // A setting the server refuses: the supervisor ends with its exit code instead of looping.
    const { supervisor } = await serverBundle();
    const wrong = spawn(process.execPath, [supervisor], { env: { PATH: process.env.PATH ?? '', PORT: 'no-port' }, stdio: 'ignore' });
    expect(await exitOf(wrong)).toBe(1);
  });
});

describe.runIf(testDatabaseKind === 'pglite')("npm start's supervisor on PGlite", () => {
  it('reloads on SIGHUP in turn — the folder belongs to one process — and keeps its data', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-supervisor-'));
    try {
      const s = await startSupervised({ DATA_DIR: dataDir });
      const { socket } = await watchDemoList(s.base);
      const before = (await (await fetch(`${s.base}/routes/identifier/praxis-demo/wien/allgemein`)).json()) as { queue: { id: string } };

      const from = s.output().length;
      s.process.kill('SIGHUP');
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.SERVER_RESTART);
      await s.waitForOutput('supervisor: reloaded in', from);
      const after = (await (await fetch(`${s.base}/routes/identifier/praxis-demo/wien/allgemein`)).json()) as { queue: { id: string } };
      expect(after.queue.id).toBe(before.queue.id);

      s.process.kill('SIGTERM');
      expect(await exitOf(s.process)).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
