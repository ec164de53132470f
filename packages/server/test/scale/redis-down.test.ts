import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type LoggedUser, type Member, type TicketView } from '@wartefrei/shared';
import type { TestSocket } from '../support/test-clients.js';
import { givenAdmin, givenProcessor } from '../support/factories.js';
import { givenOpenQueue } from '../support/tickets.js';
import { testDatabaseKind } from '../support/test-database.js';
import { callNext, collect, draw, staffRequest, startCluster, subscribedSocket, type Cluster, type VersionedMessage } from './cluster.js';
import { startRedis, startServerNode, type RedisProcess } from './processes.js';

const BACK = 'realtime: redis is back';

interface Watcher {
  name: string;
  socket: TestSocket;
  /** The last version this socket took in order, as the web client (live.ts) keeps it. */
  last: number;
}

/**
 * What the web client does with the next messages: applies `last + 1`, ignores what it has,
 * refetches on a gap. Answers the messages and whether a refetch happened.
 */
function replayClient(watcher: Watcher, messages: VersionedMessage[]): { applied: VersionedMessage[]; refetched: boolean } {
  const applied: VersionedMessage[] = [];
  let refetched = false;
  for (const message of messages) {
    if (message.version <= watcher.last) continue;
    if (message.version === watcher.last + 1) applied.push(message);
    else refetched = true;
    watcher.last = message.version;
  }
  return { applied, refetched };
}

// Issue 8 part 4: Redis is the only link between the nodes. Without it each node must go on
// alone (draws, calls, its own sockets), and when it returns — empty, it kept nothing — the
// sockets that missed events on the other node must learn it (a version gap → refetch).
describe.runIf(testDatabaseKind === 'postgres' && process.env.REDIS_URL)('two server processes when Redis goes down and returns', () => {
  let redis: RedisProcess;
  let cluster: Cluster;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    // info: the nodes log when they are back on Redis, which the test waits for.
    cluster = await startCluster({ count: 2, env: { REDIS_URL: redis.url, LOG_LEVEL: 'info' } });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.close();
    await redis?.stop();
  }, 60_000);

  it('serves each node alone while Redis is down and makes the other nodes refetch when it is back', async () => {
    const [nodeA, nodeB] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const { accountId, user: admin } = await givenAdmin(cluster.setup);
    const queueId = await givenOpenQueue(cluster.setup, accountId, { maxConcurrentProcessing: 100 });
    const processor: LoggedUser = await givenProcessor(cluster.setup, accountId, [queueId]);
    const topic = topicOf('queue', queueId);
    const watch = async (name: string, url: string, user?: LoggedUser): Promise<Watcher> => {
      const { socket, versions } = await subscribedSocket(url, [topic], user);
      sockets.push(socket);
      return { name, socket, last: versions.get(topic) ?? 0 };
    };
    const onA = [await watch('staff on A', nodeA.url, admin), await watch('patient on A', nodeA.url)];
    const onB = [await watch('staff on B', nodeB.url, processor), await watch('patient on B', nodeB.url)];
    const everyone = [...onA, ...onB];
    /** The next `count` messages of each watcher, run through the client's rules. */
    const next = (watchers: Watcher[], count: number) =>
      Promise.all(watchers.map(async (w) => ({ w, ...replayClient(w, await collect(w.socket, (got) => got.length >= count, 15_000)) })));

    // Healthy: a draw on A reaches everyone in order.
    await draw(nodeA.url, queueId);
    for (const { w, applied, refetched } of await next(everyone, 1)) expect({ name: w.name, n: applied.length, refetched }).toEqual({ name: w.name, n: 1, refetched: false });

    await redis.kill();
    const logMark = cluster.nodes.map((node) => node.output().length);

    // Alone: draws and a call on each node work, and each node's sockets get its own events in order.
    const drawnOnA = [await draw(nodeA.url, queueId), await draw(nodeA.url, queueId), await draw(nodeA.url, queueId)];
    const calledOnA = await callNext(nodeA.url, admin, queueId);
    const drawnOnB = [await draw(nodeB.url, queueId), await draw(nodeB.url, queueId)];
    const calledOnB = await callNext(nodeB.url, processor, queueId);
    const idsOf = (tickets: TicketView[]) => tickets.map((t) => t.id);
    for (const { w, applied, refetched } of await next(onA, 4)) {
      expect(refetched, w.name).toBe(false);
      expect(
        applied.map((m) => m.type),
        w.name,
      ).toEqual(w.name.startsWith('staff') ? ['member.updated', 'member.updated', 'member.updated', 'member.called'] : ['version', 'version', 'version', 'member.called']);
      if (w.name.startsWith('staff')) expect(applied.slice(0, 3).map((m) => m.member_id)).toEqual(idsOf(drawnOnA));
      expect(applied[3]?.number).toBe(calledOnA.member.number);
    }
    for (const { w, applied, refetched } of await next(onB, 3)) {
      expect(refetched, w.name).toBe(false);
      expect(applied.at(-1)?.number, w.name).toBe(calledOnB.member.number);
      if (w.name.startsWith('staff')) expect(applied.slice(0, 2).map((m) => m.member_id)).toEqual(idsOf(drawnOnB));
    }
    // …and nothing of the other node's: it could not be told.
    for (const w of everyone) await w.socket.expectNothingPending();

    // Redis returns on the same port, empty. Both nodes reconnect, repair and announce.
    await redis.restart();
    await Promise.all(cluster.nodes.map((node, i) => node.waitForLog(BACK, logMark[i] ?? 0, 20_000)));
    for (const { w, applied, refetched } of await next(everyone, 1)) {
      // The first word after the outage is a gap for everyone: the client refetches.
      expect({ name: w.name, refetched, applied: applied.length }).toEqual({ name: w.name, refetched: true, applied: 0 });
    }
    // The other node's announcement may come too; drain what is there.
    for (const w of everyone) {
      const rest: VersionedMessage[] = [];
      for (;;) {
        const message = await w.socket.nextJson<VersionedMessage>(1_000).catch(() => undefined);
        if (!message) break;
        rest.push(message);
      }
      replayClient(w, rest);
    }

    // The refetch of a staff screen on B shows what was done on A while B could not hear it.
    const listOnB = await staffRequest<Member[]>(nodeB.url, processor, 'GET', `/queues/${queueId}/members`);
    expect(listOnB.map((m) => m.id)).toEqual(expect.arrayContaining([...idsOf(drawnOnA), calledOnA.member.id]));

    // Back to normal: an event on one node reaches every socket in order again.
    const after = await draw(nodeB.url, queueId);
    for (const { w, applied, refetched } of await next(everyone, 1)) {
      expect({ name: w.name, refetched, n: applied.length }).toEqual({ name: w.name, refetched: false, n: 1 });
      if (w.name.startsWith('staff')) expect(applied[0]?.member_id).toBe(after.id);
    }
  }, 120_000);

  it('starts a node while Redis is down, which joins the others when Redis returns', async () => {
    const [nodeA] = cluster.nodes as [(typeof cluster.nodes)[0]];
    const { accountId } = await givenAdmin(cluster.setup);
    const queueId = await givenOpenQueue(cluster.setup, accountId);
    const topic = topicOf('queue', queueId);
    await redis.kill();
    const nodeC = await startServerNode({ DATABASE_URL: cluster.setup.databaseUrl ?? '', REDIS_URL: redis.url, LOG_LEVEL: 'info' });
    try {
      expect(nodeC.output()).toContain('redis unreachable at start');
      await draw(nodeC.url, queueId);

      const nodes = [...cluster.nodes, nodeC];
      const logMark = nodes.map((node) => node.output().length);
      await redis.restart();
      await Promise.all(nodes.map((node, i) => node.waitForLog(BACK, logMark[i] ?? 0, 20_000)));
      const { socket, versions } = await subscribedSocket(nodeC.url, [topic]);
      sockets.push(socket);
      const watcher: Watcher = { name: 'patient on C', socket, last: versions.get(topic) ?? 0 };
      await draw(nodeA.url, queueId);
      const { applied, refetched } = replayClient(watcher, await collect(socket, (got) => got.length >= 1, 15_000));
      expect({ refetched, n: applied.length }).toEqual({ refetched: false, n: 1 });
    } finally {
      await nodeC.stop();
    }
  }, 120_000);
});
