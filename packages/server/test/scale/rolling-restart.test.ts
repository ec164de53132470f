import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, topicOf, type LoggedUser } from '@wartefrei/shared';
import { queueMembers } from '../../src/db/schema/index.js';
import { givenAdmin } from '../support/factories.js';
import { givenOpenQueue } from '../support/tickets.js';
import { testDatabaseKind } from '../support/test-database.js';
import { TestSocket } from '../support/test-clients.js';
import { draw, startCluster, type Cluster } from './cluster.js';
import { startServerNode, type ServerNode } from './processes.js';
import { startReadyProxy, type ReadyProxy } from './ready-proxy.js';
import { dropRedisKeys } from './redis-keys.js';

const redisUrl = process.env.REDIS_URL;
/** Patients drawing at once, all the time, through the load balancer. */
const DRAWERS = 8;
const SOCKETS_PER_NODE = 5;
// Short, so the test stays short: the load balancer asks every 100 ms, so 1 s of draining is ten asks.
const SHUTDOWN_ENV = { SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_SOCKET_SPREAD_MS: '500' };

// A rolling restart of two real server processes (main.ts) on PostgreSQL and Redis, behind a load
// balancer that follows /health/ready, while patients keep drawing: SIGTERM makes a node report
// itself not ready, serve on until the balancer has turned away, tell its sockets to reconnect
// (1012), finish what runs and exit. No draw may fail, and every acknowledged ticket is stored.
describe.runIf(testDatabaseKind === 'postgres' && redisUrl)('a rolling restart of two nodes under load', () => {
  const keyPrefix = `wftest:${randomBytes(6).toString('hex')}:`;
  let env: Record<string, string>;
  let cluster: Cluster;
  let proxy: ReadyProxy;
  let admin: LoggedUser;
  let accountId: string;

  beforeAll(async () => {
    const url = new URL(redisUrl ?? '');
    url.searchParams.set('keyPrefix', keyPrefix);
    env = { REDIS_URL: url.toString(), ...SHUTDOWN_ENV };
    cluster = await startCluster({ count: 2, env });
    proxy = await startReadyProxy(cluster.nodes.map((node) => node.url));
    ({ accountId, user: admin } = await givenAdmin(cluster.setup));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await cluster?.close();
    await dropRedisKeys(redisUrl ?? '', keyPrefix);
  }, 60_000);

  /** Stops a node with SIGTERM and starts its successor on the same database, as a deployment does. */
  async function replace(old: ServerNode): Promise<{ successor: ServerNode; told: number[] }> {
    const topic = topicOf('queue', queueId);
    const watchers = await Promise.all(Array.from({ length: SOCKETS_PER_NODE }, () => subscribed(old.url, topic)));
    const successor = await startServerNode({ DATABASE_URL: cluster.setup.databaseUrl ?? '', ...env });
    cluster.nodes.push(successor);
    serving = [...serving.filter((node) => node !== old), successor];
    proxy.setTargets(serving.map((node) => node.url));
    await old.stop();
    const told = await Promise.all(watchers.map(async ({ socket }) => (await socket.closed).code));
    return { successor, told };
  }

  /** A staff socket subscribed to the queue; events of the ongoing draws may come before the answer. */
  async function subscribed(baseUrl: string, topic: string): Promise<{ socket: TestSocket; version: number }> {
    const socket = await TestSocket.connect(baseUrl, { username: admin.username, token: admin.token });
    socket.send({ type: 'subscribe', topics: [topic] });
    for (;;) {
      const message = await socket.nextJson<{ type: string; topics?: { topic: string; version: number }[] }>(10_000);
      if (message.type === 'subscribed') return { socket, version: message.topics?.[0]?.version ?? 0 };
    }
  }

  let queueId: string;
  /** The nodes the load balancer is given: the stopping one leaves it once its successor runs. */
  let serving: ServerNode[] = [];

  it('loses no draw, keeps every ticket, and tells each socket of a stopping node to reconnect', async () => {
    queueId = await givenOpenQueue(cluster.setup, accountId, { maxConcurrentProcessing: 1000 });
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let running = true;
    const drawer = async () => {
      while (running) {
        try {
          acknowledged.push((await draw(proxy.url, queueId)).id);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const drawing = Promise.all(Array.from({ length: DRAWERS }, drawer));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await pause(1000);
    serving = [...cluster.nodes];
    const [first, second] = serving as [ServerNode, ServerNode];
    const a = await replace(first);
    await pause(1000);
    const b = await replace(second);
    await pause(1000);
    running = false;
    await drawing;

    expect(failures).toEqual([]);
    // Draws went on during both restarts (a few hundred on this machine, never a handful).
    expect(acknowledged.length).toBeGreaterThan(50);
    const stored = await cluster.setup.app.ctx.db.select({ id: queueMembers.id, number: queueMembers.number }).from(queueMembers).where(inArray(queueMembers.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);
    expect(new Set(stored.map((m) => m.number)).size).toBe(acknowledged.length);
    for (const told of [a.told, b.told]) expect(told).toEqual(Array(SOCKETS_PER_NODE).fill(REALTIME_CLOSE.SERVER_RESTART));
    // The new nodes serve sockets: one through the balancer subscribes, at a version counting every draw.
    const probe = await subscribed(proxy.url, topicOf('queue', queueId));
    expect(probe.version).toBeGreaterThanOrEqual(acknowledged.length);
    probe.socket.close();
    console.info('rolling restart:', { draws: acknowledged.length, failed: failures.length });
  }, 120_000);
});
