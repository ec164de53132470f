import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type LoggedUser, type QueueSession, type RecordedSessionEvent } from '@wartefrei/shared';
import { jobs, queueMembers } from '../../src/db/schema/index.js';
import { TIMED_SUSPEND_END_JOB } from '../../src/modules/sessions/index.js';
import type { TestSocket } from '../support/test-clients.js';
import { givenAdmin, givenProcessor } from '../support/factories.js';
import { givenOpenQueue } from '../support/tickets.js';
import { testDatabaseKind } from '../support/test-database.js';
import { callNext, collect, draw, staffRequest, startCluster, subscribedSocket, type Cluster, type VersionedMessage } from './cluster.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { dropRedisKeys } from './redis-keys.js';

const redisUrl = process.env.REDIS_URL;
const DRAWS = 200;
const CALLS = 40;
const PROCESSORS = 4;
const TIMED_SUSPENDS = 8;

/** The versions a socket got, each once: `1..last` means it saw every event of the topic. */
function versionsOf(messages: VersionedMessage[], topic: string): number[] {
  return messages.filter((m) => m.topic === topic).map((m) => m.version);
}
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// Real processes: `main.ts` twice on one PostgreSQL database and Redis, behind a round-robin
// proxy without affinity. realtime.scale.test.ts covers two apps in one process; this is the
// deployment shape: separate processes, separate job runners, real sockets through a proxy.
describe.runIf(testDatabaseKind === 'postgres' && redisUrl)('two server processes behind a round-robin proxy', () => {
  // main.ts has no key prefix setting; ioredis takes options from the URL's query, so the run's
  // version keys get their own prefix (the channel `wf:events` stays shared: nodes filter by topic).
  const keyPrefix = `wftest:${randomBytes(6).toString('hex')}:`;
  let cluster: Cluster;
  let proxy: RoundRobinProxy;
  let admin: LoggedUser;
  let accountId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const url = new URL(redisUrl ?? '');
    url.searchParams.set('keyPrefix', keyPrefix);
    cluster = await startCluster({ count: 2, env: { REDIS_URL: url.toString() } });
    proxy = await startRoundRobinProxy(cluster.nodes.map((node) => node.url));
    ({ accountId, user: admin } = await givenAdmin(cluster.setup));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await proxy?.close();
    await cluster?.close();
    await dropRedisKeys(redisUrl ?? '', keyPrefix);
  }, 60_000);

  it(`numbers ${DRAWS} concurrent draws 1..${DRAWS} and shows every draw and call on sockets of both nodes`, async () => {
    const [nodeA, nodeB] = cluster.nodes.map((node) => node.url) as [string, string];
    const queueId = await givenOpenQueue(cluster.setup, accountId, { maxConcurrentProcessing: 1000 });
    const processors = await Promise.all(Array.from({ length: PROCESSORS }, () => givenProcessor(cluster.setup, accountId, [queueId])));
    const topic = topicOf('queue', queueId);
    // Staff and patients on each node directly, and one staff socket through the proxy.
    const watchers = {
      staffA: await subscribedSocket(nodeA, [topic], admin),
      staffB: await subscribedSocket(nodeB, [topic], processors[0]),
      patientA: await subscribedSocket(nodeA, [topic]),
      patientB: await subscribedSocket(nodeB, [topic]),
      staffViaProxy: await subscribedSocket(proxy.url, [topic], admin),
    };
    for (const { socket, versions } of Object.values(watchers)) {
      sockets.push(socket);
      expect(versions.get(topic)).toBe(0);
    }

    const before = [...proxy.counts];
    const tickets = await Promise.all(Array.from({ length: DRAWS }, () => draw(proxy.url, queueId)));
    expect(tickets.map((t) => t.number).sort((a, b) => a - b)).toEqual(oneTo(DRAWS));
    // Both nodes drew: round robin without affinity (half each, give or take the sockets).
    expect(proxy.counts.map((n, i) => n - (before[i] ?? 0))).toEqual([DRAWS / 2, DRAWS / 2]);

    // Calls from several processors at once, through the proxy (so from both nodes).
    const calls = await Promise.all(Array.from({ length: CALLS }, (_, i) => callNext(proxy.url, processors[i % PROCESSORS] as LoggedUser, queueId)));
    const calledNumbers = calls.map((c) => c.member.number).sort((a, b) => a - b);
    // SKIP LOCKED: no member called twice, and the called ones are the head of the line (its
    // order is the draw time, which concurrent draws on two nodes need not give in number order).
    const line = await cluster.setup.app.ctx.db
      .select({ number: queueMembers.number })
      .from(queueMembers)
      .where(eq(queueMembers.queueId, queueId))
      .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal));
    expect(calledNumbers).toEqual(
      line
        .slice(0, CALLS)
        .map((m) => m.number)
        .sort((a, b) => a - b),
    );

    // Every draw and call is one event on the queue topic: versions 1..N, each on every socket.
    const probe = await subscribedSocket(proxy.url, [topic]);
    sockets.push(probe.socket);
    const last = probe.versions.get(topic) ?? 0;
    expect(last).toBe(DRAWS + CALLS);
    for (const [name, { socket }] of Object.entries(watchers)) {
      const messages = await collect(socket, (got) => new Set(versionsOf(got, topic)).size >= last, 20_000);
      await socket.expectNothingPending();
      expect(
        versionsOf(messages, topic).sort((a, b) => a - b),
        name,
      ).toEqual(oneTo(last));
      // Each call's event arrived here, with its number (patients get the public part).
      const called = messages.filter((m) => m.type === 'member.called').map((m) => m.number);
      expect(
        called.sort((a, b) => (a ?? 0) - (b ?? 0)),
        name,
      ).toEqual(calledNumbers);
    }
  }, 120_000);

  it('runs each timed-suspend end job exactly once though both nodes run a job runner', async () => {
    const queueIds = await Promise.all(Array.from({ length: TIMED_SUSPENDS }, () => givenOpenQueue(cluster.setup, accountId)));
    const topics = queueIds.map((id) => topicOf('queue', id));
    const onA = await subscribedSocket(cluster.nodes[0]?.url ?? '', topics, admin);
    const onB = await subscribedSocket(cluster.nodes[1]?.url ?? '', topics, admin);
    sockets.push(onA.socket, onB.socket);

    // Staggered ends a few seconds ahead, each suspend sent through the proxy (either node).
    const start = Date.now() + 2_000;
    await Promise.all(
      queueIds.map((id, i) =>
        staffRequest<QueueSession>(proxy.url, admin, 'POST', `/queues/${id}/session`, {
          event: 'SUSPEND_ONLINE_TIMED',
          until: new Date(start + i * 500).toISOString(),
        }),
      ),
    );
    // The runners poll every 5 s: wait for every job to be finished, generously.
    const timedJobs = async () =>
      (await cluster.setup.app.ctx.db.select().from(jobs).where(eq(jobs.kind, TIMED_SUSPEND_END_JOB))).filter((job) =>
        queueIds.includes((job.payload as { queueId: string }).queueId),
      );
    const deadline = Date.now() + 40_000;
    while ((await timedJobs()).some((job) => job.status !== 'DONE') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));

    const finished = await timedJobs();
    expect(finished).toHaveLength(TIMED_SUSPENDS);
    for (const job of finished) expect({ status: job.status, attempts: job.attempts }).toEqual({ status: 'DONE', attempts: 1 });
    const runners = new Set(finished.map((job) => job.lockedBy));
    const nodePids = cluster.nodes.map((node) => `:${node.pid}`);
    for (const runner of runners) expect(nodePids.some((pid) => runner?.endsWith(pid))).toBe(true);

    // Exactly one resume per queue in the session history, written by a job.
    for (const id of queueIds) {
      const history = await staffRequest<RecordedSessionEvent[]>(proxy.url, admin, 'GET', `/queues/${id}/session/events`);
      const resumes = history.filter((e) => e.event === 'RESUME_ONLINE_FIXED');
      expect(resumes.map((e) => e.source)).toEqual(['JOB']);
    }
    // And the job's event reached staff on both nodes, whichever node ran it.
    for (const { socket } of [onA, onB]) {
      const resumed = (got: VersionedMessage[]) => new Set(got.filter((m) => m.type === 'session.updated' && m.online_suspended === false).map((m) => m.topic));
      const messages = await collect(socket, (got) => resumed(got).size >= TIMED_SUSPENDS, 20_000);
      expect([...resumed(messages)].sort()).toEqual([...topics].sort());
    }
    console.info(
      `timed-suspend end jobs per runner: ${JSON.stringify(finished.reduce<Record<string, number>>((n, j) => ({ ...n, [j.lockedBy ?? '?']: (n[j.lockedBy ?? '?'] ?? 0) + 1 }), {}))}`,
    );
  }, 90_000);
});
