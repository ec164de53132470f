import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type RealtimeEvent } from '@wartefrei/shared';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.js';
import { TestClock } from '../../test/test-clock.js';
import { TestSocket } from './test-clients.js';

const redisUrl = process.env.REDIS_URL;

// Two nodes need a shared database and Redis: PostgreSQL only (two PGlite instances in one
// process would be two databases).
describe.runIf(testDatabaseKind === 'postgres' && redisUrl)('GET /ws across two server instances (Redis)', () => {
  // A prefix per run: parallel runs on one Redis share neither versions nor the channel.
  const keyPrefix = `wftest:${randomBytes(6).toString('hex')}:`;
  let nodeA: App;
  let nodeB: App;
  let urlA: string;
  let urlB: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const databaseA = await createTestDatabase();
    const databaseB = await connectDatabase({ databaseUrl: databaseA.url });
    const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SEED_DEMO: 'false', REDIS_URL: redisUrl });
    const clock = new TestClock();
    nodeA = await buildApp({ config, database: databaseA, clock, logger: false, realtimeKeyPrefix: keyPrefix });
    nodeB = await buildApp({ config, database: databaseB, clock, logger: false, realtimeKeyPrefix: keyPrefix });
    urlA = await nodeA.listen({ port: 0, host: '127.0.0.1' });
    urlB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  const called = (memberId: string): RealtimeEvent => ({
    name: 'member.called',
    data: { member_id: memberId, queue_id: randomUUID(), number: 12, status: 'PROCESSING', silent: false },
    public: true,
  });

  it('delivers a publish on one node to sockets on both nodes exactly once, with shared versions', async () => {
    const memberId = randomUUID();
    const topic = topicOf('member', memberId);
    const onA = await TestSocket.connect(urlA);
    const onB = await TestSocket.connect(urlB);
    sockets.push(onA, onB);
    for (const socket of [onA, onB]) {
      socket.send({ type: 'subscribe', topics: [topic] });
      expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic, version: 0 }] });
    }

    expect(await nodeA.ctx.realtime.publish(topic, called(memberId))).toBe(1);
    expect(await onB.nextJson()).toMatchObject({ type: 'event', topic, version: 1, name: 'member.called', data: { member_id: memberId } });
    expect(await onA.nextJson()).toMatchObject({ type: 'event', topic, version: 1 });
    expect(await nodeA.ctx.realtime.publish(topic, called(memberId))).toBe(2);
    expect(await onB.nextJson()).toMatchObject({ version: 2 });
    expect(await onA.nextJson()).toMatchObject({ version: 2 });

    // Redis delivers in publish order: had node A echoed its own events to its socket, the copies
    // of 1 and 2 would come before node B's event 3.
    expect(await nodeB.ctx.realtime.publish(topic, called(memberId))).toBe(3);
    expect(await onA.nextJson()).toMatchObject({ version: 3 });
    expect(await onB.nextJson()).toMatchObject({ version: 3 });
    expect(await nodeA.ctx.realtime.publish(topic, called(memberId))).toBe(4);
    expect(await onB.nextJson()).toMatchObject({ version: 4 });
    expect(await onA.nextJson()).toMatchObject({ version: 4 });
    await onA.expectNothingPending();
    await onB.expectNothingPending();
  });

  it('delivers nothing to a socket on the other node subscribed to another topic', async () => {
    const subscribed = topicOf('member', randomUUID());
    const other = await TestSocket.connect(urlB);
    sockets.push(other);
    other.send({ type: 'subscribe', topics: [topicOf('member', randomUUID())] });
    expect(await other.nextJson()).toMatchObject({ type: 'subscribed' });
    const watcher = await TestSocket.connect(urlB);
    sockets.push(watcher);
    watcher.send({ type: 'subscribe', topics: [subscribed] });
    expect(await watcher.nextJson()).toMatchObject({ type: 'subscribed' });
    await nodeA.ctx.realtime.publish(subscribed, called(subscribed.slice(7)));
    expect(await watcher.nextJson()).toMatchObject({ type: 'event', topic: subscribed, version: 1 });
    // The watcher got it, so node B has handled the message: the other socket must have nothing.
    await other.expectNothingPending();
  });
});
