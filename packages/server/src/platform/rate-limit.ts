import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { clientKeyOf } from './client-address.js';
import { AppError } from './errors.js';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A counter per key over a fixed window; `hit` counts one and answers whether it is within the limit. */
export interface RateLimiter {
  /** Counts one hit; answers whether it is within the limit, and else the seconds until the window turns. */
  hit(key: string, now: Date): Promise<RateVerdict>;
  /**
   * Counts nothing; answers whether one more hit would be within the limit. For limits on
   * failures: peek before the attempt, hit after a failed one.
   */
  peek(key: string, now: Date): Promise<RateVerdict>;
}

export interface RateLimitOptions {
  limit: number;
  windowSeconds: number;
}

const windowOf = (now: Date, windowMs: number) => Math.floor(now.getTime() / windowMs) * windowMs;

/** The verdict on a key that has `count` hits in this window (a peek asks about `count + 1`). */
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
  const turn = (now: Date) => {
    const start = windowOf(now, windowMs);
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    return start;
  };
  return {
    hit(key, now) {
      const start = turn(now);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return Promise.resolve(verdictOf(n, options.limit, start, windowMs, now));
    },
    peek(key, now) {
      const start = turn(now);
      return Promise.resolve(verdictOf((counts.get(key) ?? 0) + 1, options.limit, start, windowMs, now));
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
  const keyOf = (start: number, key: string) => `${options.keyPrefix}${options.name}:${start}:${key}`;
  /** The count from Redis, or (Redis away) the fallback's verdict. */
  async function counted(now: Date, count: (start: number) => Promise<number>, otherwise: () => Promise<RateVerdict>): Promise<RateVerdict> {
    const start = windowOf(now, windowMs);
    try {
      const n = await count(start);
      warned = false;
      return verdictOf(n, options.limit, start, windowMs, now);
    } catch (err) {
      if (!warned) options.log.warn({ err, limiter: options.name }, 'rate limit: redis unreachable; counting in this process until it returns');
      warned = true;
      return otherwise();
    }
  }
  return {
    hit: (key, now) =>
      counted(
        now,
        // A second beyond the window's end covers clocks of nodes that run a little behind.
        async (start) => Number(await counter.wartefreiRateLimitHit(keyOf(start, key), start + windowMs - now.getTime() + 1000)),
        () => fallback.hit(key, now),
      ),
    peek: (key, now) =>
      counted(
        now,
        async (start) => Number((await redis.get(keyOf(start, key))) ?? 0) + 1,
        () => fallback.peek(key, now),
      ),
  };
}

/** Makes the node's limiters: in Redis where the app has a connection, else in process. */
export interface RateLimiters {
  /**
   * A limiter shared by all nodes (with Redis), keyed by whatever the caller names: a list's id,
   * a location's, a phone number's hash. `name` keeps its counters apart from other limits.
   */
  shared(name: string, options: RateLimitOptions): RateLimiter;
  /**
   * The same, for limits per client: `hit(req.ip, now)` counts the address's key
   * (`clientKeyOf`: an IPv6 client's whole /64 as one), so no limit forgets the rule.
   */
  perAddress(name: string, options: RateLimitOptions): RateLimiter;
}

export function createRateLimiters(options: { redis: Redis | undefined; keyPrefix: string; log: FastifyBaseLogger }): RateLimiters {
  const { redis } = options;
  const shared = (name: string, limits: RateLimitOptions) =>
    redis ? createRedisRateLimiter(redis, { ...limits, name, keyPrefix: options.keyPrefix, log: options.log }) : createRateLimiter(limits);
  return {
    shared,
    perAddress: (name, limits) => {
      const limiter = shared(name, limits);
      return { hit: (address, now) => limiter.hit(clientKeyOf(address), now), peek: (address, now) => limiter.peek(clientKeyOf(address), now) };
    },
  };
}

/** Refuses the request when the verdict does: 429 `RATE_LIMITED`, and when to come back (`Retry-After`). */
export function refuseIfLimited(verdict: RateVerdict): void {
  if (!verdict.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
}

/** Counts one hit of `key` and refuses the request beyond the limit (`refuseIfLimited`). */
export async function hitOrRefuse(limiter: RateLimiter, key: string, now: Date): Promise<void> {
  refuseIfLimited(await limiter.hit(key, now));
}
