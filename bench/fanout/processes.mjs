// Processes of the fan-out bench: the real server on a FIXED port (a restarted node must come
// back where its clients reconnect to), the bare ws baseline, and the client workers.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import { startServer } from '../lib/server.mjs';

export const now = () => performance.timeOrigin + performance.now();

/** VmRSS of a process in KiB, from /proc/<pid>/status. */
export function rssKiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

/**
 * The kernel's count of connections dropped because a listen queue was full (TcpExt
 * ListenOverflows): machine-wide, so other processes' overflows count too — indicative only.
 */
export function listenOverflows() {
  const lines = fs
    .readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  const at = names.indexOf('ListenOverflows');
  return at > 0 ? Number(values[at]) : 0;
}

/**
 * The real server on `port` with the in-process hub (the bench measures this node's fan-out,
 * not Redis). BENCH_FANOUT_CPU_PROF=<dir> writes a CPU profile of each server process there on exit.
 */
export function startNode(dataDir, databaseUrl, port, extraEnv = {}, { supervised = false } = {}) {
  const profileDir = process.env.BENCH_FANOUT_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startServer(dataDir, databaseUrl, { REDIS_URL: '', ...extraEnv }, { port, nodeArgs, supervised });
}

/** The bare ws baseline on `port` (0 = any), answering with the given canned texts. */
export async function startBare(port, subscribedText, snapshotBody, backlog) {
  const args = [String(port), subscribedText, snapshotBody, ...(backlog ? [String(backlog)] : [])];
  const child = fork(new URL('./bare-server.mjs', import.meta.url), args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [message] = await once(child, 'message');
  return {
    port: message.port,
    pid: child.pid,
    broadcast: (payload) => child.send({ cmd: 'broadcast', payload }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** A client worker process with a request/answer helper over IPC. */
export function startWorker() {
  const child = fork(new URL('./client-worker.mjs', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ask = (message, ev) =>
    new Promise((resolve) => {
      const onMessage = (answer) => {
        if (answer.ev !== ev) return;
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    ask,
    tell: (message) => child.send(message),
    close: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.send({ cmd: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
