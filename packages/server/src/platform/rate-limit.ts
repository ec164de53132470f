import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A counter per key over a fixed window; `hit` counts one and answers whether it is within the limit. */
export interface RateLimiter {
  /** Counts one hit; answers whether it is within the limit, and else the seconds until the window turns. */
  hit(key: string, now: Date): Promise<RateVerdict>;
}

export interface RateLimitOptions {
  limit: number;
  windowSeconds: number;
}

const windowOf = (now: Date, windowMs: number) => Math.floor(now.getTime() / windowMs) * windowMs;

function verdictOf(count: number, limit: number, windowStart: number, windowMs: number, now: Date): RateVerdict {
  if (count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000)) };
}

/**
 * In this process's memory: cheap enough to sit in front of every public draw. With several
 * nodes each counts its own share, so the effective limit is at most nodes × limit. Keys of past
 * windows are dropped as the window turns, so memory stays bounded by the keys of one window.
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    hit(key, now) {
      const start = windowOf(now, windowMs);
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return Promise.resolve(verdictOf(n, options.limit, start, windowMs, now));
    },
  };
}

/**
 * One counter per key and window, INCR and PEXPIRE in one script: atomic, so every node counts
 * into the same number, and a key never outlives its window (a crash between two commands
 * could leave a counter without expiry).
 */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

type WithHitCommand = Redis & { wartefreiRateLimitHit(key: string, ttlMs: number): Promise<number> };

/**
 * The script as a command of the connection: ioredis then sends its SHA1 (EVALSHA) and the
 * script itself only once Redis answers NOSCRIPT, instead of the script's text with every draw.
 */
function withHitCommand(redis: Redis): WithHitCommand {
  if (!('wartefreiRateLimitHit' in redis)) redis.defineCommand('wartefreiRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  return redis as WithHitCommand;
}

/**
 * Counted in Redis, one limit for all nodes: keys `<prefix><name>:<window start>:<key>`. The
 * window follows the caller's clock (the injected one), so nodes agree as far as their clocks
 * do. Redis away (down, slow, not yet connected): the hit is counted by an in-process counter
 * instead — fail open to the per-node limit, never refuse or hold a draw — and a warning is
 * logged once per outage.
 */
export function createRedisRateLimiter(redis: Redis, options: RateLimitOptions & { name: string; keyPrefix: string; log: FastifyBaseLogger }): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const fallback = createRateLimiter(options);
  const counter = withHitCommand(redis);
  let warned = false;
  return {
    async hit(key, now) {
      const start = windowOf(now, windowMs);
      // A second beyond the window's end covers clocks of nodes that run a little behind.
      const ttlMs = start + windowMs - now.getTime() + 1000;
      try {
        const count = Number(await counter.wartefreiRateLimitHit(`${options.keyPrefix}${options.name}:${start}:${key}`, ttlMs));
        warned = false;
        return verdictOf(count, options.limit, start, windowMs, now);
      } catch (err) {
        if (!warned) options.log.warn({ err, limiter: options.name }, 'rate limit: redis unreachable; counting in this process until it returns');
        warned = true;
        return fallback.hit(key, now);
      }
    },
  };
}

/** Makes the node's limiters: in Redis where the app has a connection, else in process. */
export interface RateLimiters {
  /** A limiter shared by all nodes (with Redis); `name` keeps its counters apart from other limits. */
  shared(name: string, options: RateLimitOptions): RateLimiter;
}

export function createRateLimiters(options: { redis: Redis | undefined; keyPrefix: string; log: FastifyBaseLogger }): RateLimiters {
  const { redis } = options;
  return {
    shared: (name, limits) =>
      redis ? createRedisRateLimiter(redis, { ...limits, name, keyPrefix: options.keyPrefix, log: options.log }) : createRateLimiter(limits),
  };
}
