import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type MemberActionResult, type RealtimeEvent } from '@wartefrei/shared';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/support/smtp.js';
import { basic, type TestApp } from '../../../test/support/test-app.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/support/test-database.js';
import { TestClock } from '../../../test/support/test-clock.js';
import { TestSocket } from '../../../test/support/test-clients.js';

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
  let smtp: TestSmtpServer;
  /** Node A in the shape the factories take: accounts, queues and tickets are made through it. */
  let viaA: TestApp;
  let accountId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const databaseA = await createTestDatabase();
    const databaseB = await connectDatabase({ databaseUrl: databaseA.url });
    smtp = await startSmtpServer();
    const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SMTP_URL: smtp.url, SEED_DEMO: 'false', REDIS_URL: redisUrl });
    const clock = new TestClock();
    nodeA = await buildApp({ config, database: databaseA, clock, logger: false, realtimeKeyPrefix: keyPrefix, rateLimitKeyPrefix: `${keyPrefix}rl:` });
    nodeB = await buildApp({ config, database: databaseB, clock, logger: false, realtimeKeyPrefix: keyPrefix, rateLimitKeyPrefix: `${keyPrefix}rl:` });
    urlA = await nodeA.listen({ port: 0, host: '127.0.0.1' });
    urlB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
    viaA = { app: nodeA, smtp, clock, config, databaseUrl: databaseA.url, inject: (options) => nodeA.inject(options), close: () => Promise.resolve() };
    accountId = (await givenAdmin(viaA)).accountId;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
    await smtp?.close();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  const updated = (queueId: string): RealtimeEvent => ({ name: 'queue.updated', data: { queue_id: queueId, waiting: 3 }, public: true });
  /** A queue nobody has published on yet: its topic starts at version 0 on both nodes. */
  const freshQueue = () => givenQueue(viaA, accountId);

  it('delivers a publish on one node to sockets on both nodes exactly once, with shared versions', async () => {
    const queueId = await freshQueue();
    const topic = topicOf('queue', queueId);
    const onA = await TestSocket.connect(urlA);
    const onB = await TestSocket.connect(urlB);
    sockets.push(onA, onB);
    for (const socket of [onA, onB]) {
      socket.send({ type: 'subscribe', topics: [topic] });
      expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic, version: 0 }] });
    }

    expect(await nodeA.ctx.realtime.publish(topic, updated(queueId))).toBe(1);
    expect(await onB.nextJson()).toMatchObject({ type: 'queue.updated', topic, version: 1, queue_id: queueId });
    expect(await onA.nextJson()).toMatchObject({ type: 'queue.updated', topic, version: 1 });
    expect(await nodeA.ctx.realtime.publish(topic, updated(queueId))).toBe(2);
    expect(await onB.nextJson()).toMatchObject({ version: 2 });
    expect(await onA.nextJson()).toMatchObject({ version: 2 });

    // Redis delivers in publish order: had node A echoed its own events to its socket, the copies
    // of 1 and 2 would come before node B's event 3.
    expect(await nodeB.ctx.realtime.publish(topic, updated(queueId))).toBe(3);
    expect(await onA.nextJson()).toMatchObject({ version: 3 });
    expect(await onB.nextJson()).toMatchObject({ version: 3 });
    expect(await nodeA.ctx.realtime.publish(topic, updated(queueId))).toBe(4);
    expect(await onB.nextJson()).toMatchObject({ version: 4 });
    expect(await onA.nextJson()).toMatchObject({ version: 4 });
    await onA.expectNothingPending();
    await onB.expectNothingPending();
    // Node B measured the fan-out of node A's events (three of them) as remote ones.
    const remote = (await nodeB.ctx.metrics.fanoutDelay.get()).values.find((v) => v.metricName === 'wartefrei_realtime_fanout_delay_seconds_count' && v.labels.origin === 'remote');
    expect(remote?.value).toBe(3);
  });

  it('delivers nothing to a socket on the other node subscribed to another topic', async () => {
    const queueId = await freshQueue();
    const subscribed = topicOf('queue', queueId);
    const other = await TestSocket.connect(urlB);
    sockets.push(other);
    other.send({ type: 'subscribe', topics: [topicOf('queue', await freshQueue())] });
    expect(await other.nextJson()).toMatchObject({ type: 'subscribed' });
    const watcher = await TestSocket.connect(urlB);
    sockets.push(watcher);
    watcher.send({ type: 'subscribe', topics: [subscribed] });
    expect(await watcher.nextJson()).toMatchObject({ type: 'subscribed' });
    await nodeA.ctx.realtime.publish(subscribed, updated(queueId));
    expect(await watcher.nextJson()).toMatchObject({ type: 'queue.updated', topic: subscribed, version: 1 });
    // The watcher got it, so node B has handled the message: the other socket must have nothing.
    await other.expectNothingPending();
  });

  it('delivers a call made over the HTTP API of one node to the patient socket on the other node', async () => {
    const queueId = await givenOpenQueue(viaA, accountId);
    const processor = await givenProcessor(viaA, accountId, [queueId]);
    const ticket = await givenTicket(viaA, queueId);
    const topic = topicOf('member', linkKey(ticket));
    const patient = await TestSocket.connect(urlB);
    sockets.push(patient);
    patient.send({ type: 'subscribe', topics: [topic] });
    // Node B finds the ticket node A wrote, and the version node A's draw took from Redis.
    expect(await patient.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic, version: 1 }] });

    const res = await fetch(new URL(`/queues/${queueId}/call-next`, urlA), {
      method: 'POST',
      headers: { authorization: basic(processor.id, processor.token), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as MemberActionResult).member.id).toBe(ticket.id);

    expect(await patient.nextJson()).toEqual({
      type: 'member.called',
      topic,
      version: 2,
      member_id: ticket.id,
      queue_id: queueId,
      number: ticket.number,
      status: 'PROCESSING',
      silent: false,
    });
    await patient.expectNothingPending();
  });
});
