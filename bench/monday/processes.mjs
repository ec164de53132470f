// Processes of the Monday bench: the server nodes (main.ts on one PostgreSQL database and one
// Redis), the socket workers, what each node costs (CPU, memory), and the run's Redis keys.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { cpuMs } from '../lib/proc.mjs';
import { startServer } from '../lib/server.mjs';

export { cpuMs };

/**
 * Starts `count` nodes one after the other (the first seeds the demo account the group goes
 * into; the others find it there). The run's keys, event channel and rate-limit counters live
 * under its own REDIS_KEY_PREFIX, removed afterwards (dropRedisKeys); the public draw and
 * booking limits are lifted: the bench's patients all come from a few loopback addresses, a
 * real morning's from thousands.
 */
export async function startNodes(count, { dataDir, databaseUrl, redisUrl, keyPrefix }) {
  const nodes = [];
  try {
    for (let i = 0; i < count; i++) {
      nodes.push(
        await startServer(
          dataDir,
          databaseUrl,
          {
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: keyPrefix,
            SEED_DEMO: i === 0 ? 'true' : 'false',
            BOOKING_LIMIT_PER_IP: '1000000',
            // The bench closes its sockets itself before it stops the nodes: no drain to wait out.
            SHUTDOWN_DRAIN_MS: '0',
            SHUTDOWN_SOCKET_SPREAD_MS: '0',
          },
          { nodeArgs: process.env.BENCH_MONDAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [] },
        ),
      );
    }
  } catch (error) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw error;
  }
  return nodes;
}

/** Deletes the run's keys (SCAN, not KEYS: others use this Redis too); answers how many. */
export async function dropRedisKeys(redisUrl, keyPrefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let dropped = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) dropped += await redis.del(...keys);
    } while (cursor !== '0');
    return dropped;
  } finally {
    await redis.quit();
  }
}

export async function redisVersion(redisUrl) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    return /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  } finally {
    await redis.quit();
  }
}

/** VmRSS in KiB, 0 when the process is gone. */
export function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU ms the whole machine spent busy (all cores; /proc/stat: everything but idle and iowait). */
export function machineBusyMs() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) * 10;
}

/**
 * Watches processes over the measured window: CPU as % of one core, RSS sampled every second
 * (peak and at the end). `stop()` answers `[{ cpuPct, rssPeakKiB, rssEndKiB }]` in `pids` order,
 * and `machineBusyPct`: the whole machine's busy time in the same unit (200 = both cores full),
 * which says how much the others on this shared machine took meanwhile.
 */
export function watchProcesses(pids) {
  const startedAt = performance.now();
  const machineStart = machineBusyMs();
  const cpuStart = pids.map(cpuMs);
  const peak = pids.map(rssKiB);
  const timer = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], rssKiB(pid)))), 1000);
  return {
    stop() {
      clearInterval(timer);
      const wallMs = performance.now() - startedAt;
      const processes = pids.map((pid, i) => {
        const rss = rssKiB(pid);
        return { cpuPct: ((cpuMs(pid) - cpuStart[i]) / wallMs) * 100, rssPeakKiB: Math.max(peak[i], rss), rssEndKiB: rss };
      });
      return { processes, machineBusyPct: ((machineBusyMs() - machineStart) / wallMs) * 100 };
    },
  };
}

/** A socket worker process with a request/answer helper over IPC. */
export function startSocketWorker() {
  const child = fork(new URL('./socket-worker.mjs', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ask = (message, ev) =>
    new Promise((resolve, reject) => {
      const onMessage = (answer) => {
        if (answer.ev !== ev) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(answer);
      };
      const onExit = (code) => reject(new Error(`socket worker exited (${code}) before answering ${message.cmd}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(message);
    });
  return {
    pid: child.pid,
    ask,
    tell: (message) => child.send(message),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.send({ cmd: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
