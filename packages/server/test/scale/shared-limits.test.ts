import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { givenAdmin } from '../support/factories.js';
import { drawRequest, givenOpenQueue } from '../support/tickets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { dropRedisKeys } from './redis-keys.js';

const redisUrl = process.env.REDIS_URL;
const DRAW_LIMIT = 3;
const BOOKING_LIMIT = 2;

/*
 * With REDIS_URL the public draw and booking limits are one count for all nodes
 * (docs/architecture.md#several-nodes). Two apps with the same Redis stand for two nodes; each
 * has its own database (the limit counts addresses, not lists), so this runs on PGlite too.
 */
describe.runIf(redisUrl)('public limits across two nodes (Redis)', () => {
  // A prefix per run: parallel runs on one Redis never count into each other's keys.
  const keyPrefix = `wftest:${randomBytes(6).toString('hex')}:`;
  let nodes: TestApp[] = [];
  let queues: string[] = [];

  beforeAll(async () => {
    const limits = { redisUrl, drawLimit: { perIp: DRAW_LIMIT, windowSeconds: 600 }, bookingLimit: { perIp: BOOKING_LIMIT, windowSeconds: 600 } };
    const build = () => startTestApp(limits, { realtimeKeyPrefix: keyPrefix, rateLimitKeyPrefix: `${keyPrefix}rl:` });
    nodes = [await build(), await build()];
    queues = await Promise.all(nodes.map(async (node) => givenOpenQueue(node, (await givenAdmin(node)).accountId)));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await dropRedisKeys(redisUrl ?? '', keyPrefix);
  });

  it('the (limit + 1)th draw of one address is refused wherever it lands; another address still draws', async () => {
    const ip = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < DRAW_LIMIT; i++) statuses.push((await drawRequest(nodes[i % 2]!, queues[i % 2]!, {}, ip)).statusCode);
    expect(statuses).toEqual(Array(DRAW_LIMIT).fill(201));
    // Each node alone has seen fewer than the limit: only a shared count refuses these.
    for (const [i, node] of nodes.entries()) {
      const refused = await drawRequest(node, queues[i]!, {}, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await drawRequest(nodes[1]!, queues[1]!, {}, '203.0.113.11')).statusCode).toBe(201);
  });

  it('public bookings and kiosk check-ins share one count per address across nodes, apart from draws', async () => {
    const ip = '203.0.113.20';
    // A check-in with a code nobody holds counts like any other: the limit guards against guessing.
    const checkIn = (node: TestApp) => node.inject({ method: 'POST', url: '/appointments/check-in', payload: { profile_id: randomUUID(), code: 'ZZZZ-ZZZZ' }, remoteAddress: ip });
    expect((await checkIn(nodes[0]!)).statusCode).toBe(404);
    expect((await checkIn(nodes[1]!)).statusCode).toBe(404);
    const refused = await checkIn(nodes[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
    // The booking limit is its own: this address may still draw.
    expect((await drawRequest(nodes[1]!, queues[1]!, {}, ip)).statusCode).toBe(201);
  });
});
