import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, createRateLimiters, createRedisRateLimiter } from './rate-limit.js';
import { closeRedis, connectRedis } from './redis.js';

const redisUrl = process.env.REDIS_URL;
const at = (iso: string) => new Date(iso);

/** A logger that keeps what was logged at warn, so a test can count the warnings. */
function recordingLogger() {
  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
  return { log, warnings };
}

describe('the in-process limiter (no REDIS_URL)', () => {
  it('allows the limit per key and window, refuses the next with the seconds left, and starts over in the next window', async () => {
    const limiter = createRateLimiter({ limit: 2, windowSeconds: 600 });
    const now = at('2026-11-27T10:01:40Z'); // 100 s into a 10-minute window
    expect(await limiter.hit('a', now)).toEqual({ allowed: true });
    expect(await limiter.hit('a', now)).toEqual({ allowed: true });
    expect(await limiter.hit('a', now)).toEqual({ allowed: false, retryAfterSeconds: 500 });
    expect(await limiter.hit('b', now)).toEqual({ allowed: true });
    expect(await limiter.hit('a', at('2026-11-27T10:10:00Z'))).toEqual({ allowed: true });
  });
});

describe('peeking (a limit on failures: peek before the attempt, hit after a failed one)', () => {
  it('answers whether one more hit would pass, and counts nothing', async () => {
    const limiter = createRateLimiter({ limit: 2, windowSeconds: 600 });
    const now = at('2026-11-27T10:01:40Z');
    for (let i = 0; i < 3; i++) expect(await limiter.peek('location', now)).toEqual({ allowed: true });
    await limiter.hit('location', now);
    expect(await limiter.peek('location', now)).toEqual({ allowed: true });
    await limiter.hit('location', now);
    expect(await limiter.peek('location', now)).toEqual({ allowed: false, retryAfterSeconds: 500 });
    expect(await limiter.peek('other location', now)).toEqual({ allowed: true });
    expect(await limiter.peek('location', at('2026-11-27T10:10:00Z'))).toEqual({ allowed: true });
  });
});

describe('limits per address (no REDIS_URL)', () => {
  it('count the key of the address: an IPv6 client’s /64 as one, an IPv4-mapped address as its IPv4', async () => {
    const { log } = recordingLogger();
    const limiter = createRateLimiters({ redis: undefined, keyPrefix: '', log }).perAddress('draw', { limit: 2, windowSeconds: 600 });
    const now = at('2026-11-27T10:01:40Z');
    expect(await limiter.hit('2001:db8:7:7::1', now)).toEqual({ allowed: true });
    expect(await limiter.hit('2001:db8:7:7:ffff::2', now)).toEqual({ allowed: true });
    expect((await limiter.peek('2001:db8:7:7::3', now)).allowed).toBe(false);
    expect((await limiter.hit('2001:db8:7:7::3', now)).allowed).toBe(false);
    expect(await limiter.hit('2001:db8:7:8::1', now)).toEqual({ allowed: true });
    expect(await limiter.hit('192.0.2.5', now)).toEqual({ allowed: true });
    expect(await limiter.hit('::ffff:192.0.2.5', now)).toEqual({ allowed: true });
    expect((await limiter.hit('192.0.2.5', now)).allowed).toBe(false);
  });
});

describe.runIf(redisUrl)('the Redis limiter (REDIS_URL)', () => {
  // A prefix per run: parallel runs on one Redis never count into each other's keys.
  const keyPrefix = `wftest:${randomBytes(6).toString('hex')}:rl:`;
  const { log } = recordingLogger();
  let connections: Redis[] = [];
  beforeAll(async () => {
    connections = [await connectRedis(redisUrl ?? '', log), await connectRedis(redisUrl ?? '', log)];
  });
  afterAll(async () => {
    const cleaner = new Redis(redisUrl ?? '');
    const keys = await cleaner.keys(`${keyPrefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    await Promise.all(connections.map(closeRedis));
  });

  it('two limiters over two connections (two nodes) share one count', async () => {
    const [a, b] = connections.map((redis) => createRedisRateLimiter(redis, { name: 'draw', keyPrefix, limit: 3, windowSeconds: 600, log }));
    const now = new Date();
    const verdicts = [await a!.hit('192.0.2.1', now), await b!.hit('192.0.2.1', now), await a!.hit('192.0.2.1', now), await b!.hit('192.0.2.1', now)];
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    // Another name is another limit, even for the same address.
    const other = createRedisRateLimiter(connections[0]!, { name: 'booking', keyPrefix, limit: 3, windowSeconds: 600, log });
    expect(await other.hit('192.0.2.1', now)).toEqual({ allowed: true });
  });

  it('peeks at the shared count without adding to it', async () => {
    const [a, b] = connections.map((redis) => createRedisRateLimiter(redis, { name: 'peek', keyPrefix, limit: 2, windowSeconds: 600, log }));
    const now = new Date();
    expect(await b!.peek('location-1', now)).toEqual({ allowed: true });
    await a!.hit('location-1', now);
    expect(await b!.peek('location-1', now)).toEqual({ allowed: true });
    await a!.hit('location-1', now);
    expect((await b!.peek('location-1', now)).allowed).toBe(false);
    expect(await b!.peek('location-2', now)).toEqual({ allowed: true });
  });

  it('counts on after Redis forgot its scripts (sent by hash, the text again only on NOSCRIPT)', async () => {
    const limiter = createRedisRateLimiter(connections[0]!, { name: 'flush', keyPrefix, limit: 2, windowSeconds: 600, log });
    const now = new Date();
    expect(await limiter.hit('192.0.2.4', now)).toEqual({ allowed: true });
    await connections[1]!.script('FLUSH');
    expect(await limiter.hit('192.0.2.4', now)).toEqual({ allowed: true });
    expect((await limiter.hit('192.0.2.4', now)).allowed).toBe(false);
  });

  it('a counter expires with its window', async () => {
    const limiter = createRedisRateLimiter(connections[0]!, { name: 'ttl', keyPrefix, limit: 1, windowSeconds: 600, log });
    await limiter.hit('192.0.2.2', new Date());
    const [key] = await connections[0]!.keys(`${keyPrefix}ttl:*`);
    const ttl = await connections[0]!.pttl(key ?? '');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(601_000);
  });
});

describe('the Redis limiter when Redis is unreachable', () => {
  it('fails open to a count in this process (the limit still holds per node) and warns once', async () => {
    const { log, warnings } = recordingLogger();
    // Nothing listens on port 1: every command fails at once.
    const redis = await connectRedis('redis://127.0.0.1:1', log);
    try {
      const limiter = createRedisRateLimiter(redis, { name: 'draw', keyPrefix: 'unused:', limit: 2, windowSeconds: 600, log });
      const now = new Date();
      const verdicts = [await limiter.hit('192.0.2.3', now), await limiter.hit('192.0.2.3', now), await limiter.hit('192.0.2.3', now)];
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
      // A peek falls back the same way, to the same count.
      expect((await limiter.peek('192.0.2.3', now)).allowed).toBe(false);
      expect(warnings.filter((message) => message.startsWith('rate limit:'))).toHaveLength(1);
    } finally {
      await closeRedis(redis);
    }
  });
});
