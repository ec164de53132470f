import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A command slower than this counts as Redis being away: the caller goes on without it (a draw
 * must not wait on a limit counter), the same bound the realtime adapter uses.
 */
const COMMAND_TIMEOUT_MS = 1500;

/**
 * The node's one command connection to Redis (`REDIS_URL`) for what is not pub/sub: the shared
 * rate limits and the readiness check. The realtime adapter keeps its own two connections, as a
 * subscribed connection cannot send commands. No offline queue: while Redis is away a command
 * fails at once and its caller falls back; ioredis keeps reconnecting by itself.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  let errorLogged = false;
  redis.on('error', (err: Error) => {
    // Once per outage: a Redis that stays away would otherwise log on every reconnect attempt.
    if (errorLogged) return;
    errorLogged = true;
    log.warn({ err }, 'redis: connection error');
  });
  redis.on('ready', () => {
    errorLogged = false;
  });
  // Waits for the first connection, so the first draws count in Redis; a Redis that is down at
  // start is not fatal: commands fail and fall back until ioredis has reconnected.
  await redis.connect().catch(() => undefined);
  return redis;
}

/** Ends the connection: QUIT when it is up, else just drops the reconnecting socket. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
