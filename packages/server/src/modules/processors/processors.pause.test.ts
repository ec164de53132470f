import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { topicOf, type ApiError, type AssignedProcessor, type LoggedUser, type OwnQueue, type RealtimeServerMessage } from '@wartefrei/shared';
import { jobs, queueProcessors, queues } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { TestSocket } from '../../../test/support/test-clients.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';
import { estimateLine, loadQueueLine } from '../tickets/index.js';
import { PAUSE_END_JOB } from './processors.pause.js';

let t: TestApp;
let baseUrl: string;
let accountId: string;
let admin: LoggedUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ accountId, user: admin } = await givenAdmin(t));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const patch = (user: LoggedUser, queueId: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'PATCH', url: `/processors/me/queues/${queueId}`, headers: asUser(user), payload });
const ownQueue = async (user: LoggedUser, queueId: string) => {
  const res = await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return res.json<OwnQueue[]>().find((q) => q.queue_id === queueId);
};
/** The flag as stored, apart from how it is read. */
const storedRow = async (queueId: string, userId: string) => {
  const [row] = await t.app.ctx.db
    .select()
    .from(queueProcessors)
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)));
  return row;
};
const pauseEndJobsOf = async (queueId: string) =>
  (await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, PAUSE_END_JOB))).filter((job) => (job.payload as { queueId?: string }).queueId === queueId);
const runJobs = () => runDueJobs(t.app.ctx, { runnerId: 'test' });

async function staffSocketOn(user: LoggedUser, queueId: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(baseUrl, { username: user.username, token: user.token });
  sockets.push(socket);
  socket.send({ type: 'subscribe', topics: [topicOf('queue', queueId)] });
  expect(await socket.nextJson<RealtimeServerMessage>()).toMatchObject({ type: 'subscribed' });
  return socket;
}

describe('PATCH /processors/me/queues/{queueId} with until: a pause with an announced return', () => {
  it('is not active until then, active again from then (on read at once, stored by its job), announced on the queue', async () => {
    const queueId = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [queueId]);
    const socket = await staffSocketOn(admin, queueId);
    const until = inMinutes(30);

    const res = await patch(processor, queueId, { active: false, until });
    expect(res.statusCode).toBe(200);
    expect(res.json<OwnQueue>()).toMatchObject({ queue_id: queueId, active: false, inactive_until: until });
    expect(await socket.nextJson()).toMatchObject({ type: 'queue.updated', topic: topicOf('queue', queueId), queue_id: queueId });
    const onQueue = await t.inject({ method: 'GET', url: `/queues/${queueId}/processors`, headers: asUser(admin) });
    expect(onQueue.json<AssignedProcessor[]>().find((p) => p.id === processor.id)?.active).toBe(false);

    // A minute before: still away, and the job is not due.
    t.clock.advanceSeconds(29 * 60);
    await runJobs();
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: false, inactive_until: until });

    // At the return, before any job ran: read as active (the runner may be down or behind).
    t.clock.advanceSeconds(60);
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: true, inactive_until: null });
    const afterReturn = await t.inject({ method: 'GET', url: `/queues/${queueId}/processors`, headers: asUser(admin) });
    expect(afterReturn.json<AssignedProcessor[]>().find((p) => p.id === processor.id)?.active).toBe(true);
    expect(await storedRow(queueId, processor.id)).toMatchObject({ active: false });

    // The job makes the stored flag follow, and tells the queue's subscribers.
    await runJobs();
    expect(await storedRow(queueId, processor.id)).toMatchObject({ active: true, inactiveUntil: null });
    expect(await socket.nextJson()).toMatchObject({ type: 'queue.updated', queue_id: queueId });
    expect((await pauseEndJobsOf(queueId)).map((job) => job.status)).toEqual(['DONE']);
  });

  it('switched back by hand, or replaced by a pause without return, is not ended again by its job', async () => {
    const queueId = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [queueId]);
    await patch(processor, queueId, { active: false, until: inMinutes(15) });

    const back = await patch(processor, queueId, { active: true });
    expect(back.json<OwnQueue>()).toMatchObject({ active: true, inactive_until: null });
    // Only managing from now on, with no return announced: that lasts.
    const managing = await patch(processor, queueId, { active: false });
    expect(managing.json<OwnQueue>()).toMatchObject({ active: false, inactive_until: null });

    t.clock.advanceSeconds(16 * 60);
    await runJobs();
    expect(await storedRow(queueId, processor.id)).toMatchObject({ active: false, inactiveUntil: null });
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: false, inactive_until: null });
  });

  it('a later pause replaces an earlier one: only the current return ends it', async () => {
    const queueId = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [queueId]);
    await patch(processor, queueId, { active: false, until: inMinutes(15) });
    const longer = inMinutes(60);
    await patch(processor, queueId, { active: false, until: longer });

    t.clock.advanceSeconds(16 * 60);
    await runJobs();
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: false, inactive_until: longer });
    t.clock.advanceSeconds(45 * 60);
    await runJobs();
    expect(await storedRow(queueId, processor.id)).toMatchObject({ active: true, inactiveUntil: null });
  });

  it('an admin’s explicit flag replaces the pause', async () => {
    const queueId = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [queueId]);
    await patch(processor, queueId, { active: false, until: inMinutes(15) });
    const put = await t.inject({ method: 'PUT', url: `/queues/${queueId}/processors/${processor.id}`, headers: asUser(admin), payload: { active: false } });
    expect(put.statusCode).toBe(200);
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: false, inactive_until: null });
    t.clock.advanceSeconds(16 * 60);
    await runJobs();
    expect(await storedRow(queueId, processor.id)).toMatchObject({ active: false, inactiveUntil: null });
  });

  it('validates until: a time ahead of now, at most 12 hours ahead, only with active false', async () => {
    const queueId = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [queueId]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ active: false, until: inMinutes(-1) }, 'UNTIL_IN_PAST', 'Bis muss in der Zukunft liegen'],
      [{ active: false, until: inMinutes(0) }, 'UNTIL_IN_PAST', 'Bis muss in der Zukunft liegen'],
      [{ active: false, until: inMinutes(12 * 60 + 1) }, 'MAX_VALUE', 'Bis darf höchstens 12 h sein'],
      [{ active: false, until: 'gleich' }, 'INVALID_VALUE', 'Bis ist ungültig'],
      [{ active: false, until: '2030-01-01T10:00:00' }, 'INVALID_VALUE', 'Bis ist ungültig'],
      [{ active: true, until: inMinutes(15) }, 'NOT_WITH_EVENT', 'Bis passt nicht zu diesem Ereignis'],
    ];
    for (const [payload, code, message] of cases) {
      const res = await patch(processor, queueId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ApiError>().fields?.until, JSON.stringify(payload)).toEqual({ code, message });
    }
    expect(await ownQueue(processor, queueId)).toMatchObject({ active: true, inactive_until: null });
    expect(await pauseEndJobsOf(queueId)).toEqual([]);

    // Exactly 12 hours is allowed; null means no return announced.
    const longest = inMinutes(12 * 60);
    expect((await patch(processor, queueId, { active: false, until: longest })).json<OwnQueue>().inactive_until).toBe(longest);
    expect((await patch(processor, queueId, { active: false, until: null })).json<OwnQueue>()).toMatchObject({ active: false, inactive_until: null });
  });

  it('answers 404 for another account’s queue and for a queue the caller is not assigned to, changing nothing', async () => {
    const ownQueueId = await givenQueue(t, accountId);
    const notMine = await givenQueue(t, accountId);
    const processor = await givenProcessor(t, accountId, [ownQueueId]);
    const other = await givenAdmin(t);
    const foreignQueueId = await givenQueue(t, other.accountId);
    const foreignProcessor = await givenProcessor(t, other.accountId, [foreignQueueId]);

    for (const queueId of [foreignQueueId, notMine, 'kein-uuid']) {
      const res = await patch(processor, queueId, { active: false, until: inMinutes(30) });
      expect({ queueId, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ queueId, status: 404, code: 'NOT_FOUND' });
    }
    expect(await ownQueue(foreignProcessor, foreignQueueId)).toMatchObject({ active: true, inactive_until: null });
    expect(await pauseEndJobsOf(foreignQueueId)).toEqual([]);
    expect(await pauseEndJobsOf(notMine)).toEqual([]);
  });
});

describe('the wait estimate with a processor on a pause', () => {
  it('counts the lane from the announced return: who would be served after it is told an earlier start', async () => {
    // Two processors, 10-minute visits, no buffer; four patients waiting, nobody called yet.
    const queueId = await givenOpenQueue(t, accountId, { averageProcessMinutes: 10, preprocessingBufferMinutes: 0, maxConcurrentProcessing: 2 });
    const [stays, pauses] = [await givenProcessor(t, accountId, [queueId]), await givenProcessor(t, accountId, [queueId])];
    for (let i = 0; i < 4; i++) expect((await drawRequest(t, queueId, {}, `198.51.100.${20 + i}`)).statusCode).toBe(201);
    expect(stays.id).not.toBe(pauses.id);

    const estimateNow = async () => {
      const [queue] = await t.app.ctx.db.select().from(queues).where(eq(queues.id, queueId));
      const line = await loadQueueLine(t.app.ctx.db, queueId, t.clock.now());
      const now = t.clock.now();
      const estimate = estimateLine(queue!, line, now);
      const minutes = (at: Date | null | undefined) => (at ? Math.round((at.getTime() - now.getTime()) / MINUTE) : undefined);
      return {
        waiting: line.waiting.map((w) => minutes(estimate.places.get(w.id)?.estimatedStart)),
        newTicket: estimate.newTicket?.waitMinutes,
      };
    };
    const start = await estimateNow();

    // Away with no return announced: one lane for the whole wait.
    await patch(pauses, queueId, { active: false });
    expect((await loadQueueLine(t.app.ctx.db, queueId, t.clock.now())).away).toEqual([]);
    const unannounced = await estimateNow();

    // Back in 15 minutes: the lane counts from then.
    const until = inMinutes(15);
    await patch(pauses, queueId, { active: false, until });
    expect((await loadQueueLine(t.app.ctx.db, queueId, t.clock.now())).away).toEqual([{ returnsAt: new Date(until) }]);
    const announced = await estimateNow();
    // The server's own answer to a patient about to draw says the same.
    const publicWait = async () =>
      (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<{ estimated_wait: { wait_minutes: number } }>().estimated_wait.wait_minutes;
    expect(await publicWait()).toBe(announced.newTicket);

    expect(start.waiting).toHaveLength(4);
    expect(unannounced.waiting.map((m, i) => m! - start.waiting[i]!)).toEqual([0, 10, 10, 20]);
    // Served before the return: as without it; after it: earlier than without it.
    expect(announced.waiting[0]).toBe(unannounced.waiting[0]);
    expect(announced.waiting[1]).toBe(unannounced.waiting[1]);
    expect(announced.waiting[2]).toBeLessThan(unannounced.waiting[2]!);
    expect(announced.waiting[3]).toBeLessThan(unannounced.waiting[3]!);
    expect(announced.newTicket).toBeLessThan(unannounced.newTicket!);

    // Switched back by hand: nobody is away any more.
    await patch(pauses, queueId, { active: true });
    expect((await loadQueueLine(t.app.ctx.db, queueId, t.clock.now())).away).toEqual([]);
    expect(await estimateNow()).toEqual(start);
  });
});
