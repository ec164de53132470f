import { describe, expect, it } from 'vitest';
import type { DashboardQueue, LoggedUser } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';
import { callNext, givenOpenQueue, givenTicket, memberAction, memberOf } from '../../../test/support/tickets.js';

const t = useTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 } });
const admin = useAdmin(t);

const MINUTE = 60_000;

async function dashboardAs(user: LoggedUser): Promise<DashboardQueue[]> {
  const res = await t.inject({ method: 'GET', url: '/dashboard', headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardQueue[]>();
}

async function entryOf(user: LoggedUser, queueId: string): Promise<DashboardQueue | undefined> {
  return (await dashboardAs(user)).find((entry) => entry.queue_id === queueId);
}

describe('GET /dashboard: the figures of a queue', () => {
  it('counts, the average wait of this session and the estimated end of the list', async () => {
    // A whole minute, so that the estimator's rounding up to the minute changes nothing.
    setNow(t.clock, new Date(Math.ceil(t.clock.now().getTime() / MINUTE) * MINUTE + MINUTE));
    const opened = t.clock.now().getTime();
    const queueId = await givenOpenQueue(t, admin.accountId, { averageProcessMinutes: 10 });
    const first = await givenTicket(t, queueId);
    await givenTicket(t, queueId);
    await givenTicket(t, queueId);

    expect(await entryOf(admin.user, queueId)).toMatchObject({
      open: true,
      waiting: 3,
      processing: 0,
      average_wait_minutes: null,
      // Three members of 10 minutes each, one after the other from now.
      estimated_end: new Date(opened + 30 * MINUTE).toISOString(),
    });

    t.clock.advanceSeconds(6 * 60);
    expect(memberOf(await callNext(t, admin.user, queueId)).id).toBe(first.id);
    t.clock.advanceSeconds(4 * 60);
    memberOf(await memberAction(t, admin.user, first.id, 'finish'));
    memberOf(await callNext(t, admin.user, queueId));

    // Called after 6 and after 10 minutes: 8 on average. One waits behind one in process.
    expect(await entryOf(admin.user, queueId)).toMatchObject({
      open: true,
      waiting: 1,
      processing: 1,
      average_wait_minutes: 8,
      estimated_end: new Date(opened + 10 * MINUTE + 20 * MINUTE).toISOString(),
    });
  });

  it('the entry names the queue and its location', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const queues = await t.inject({ method: 'GET', url: `/queues/${queueId}`, headers: asUser(admin.user) });
    const queue = queues.json<{ name: string; profile_id: string }>();
    const profile = (await t.inject({ method: 'GET', url: `/profiles/${queue.profile_id}`, headers: asUser(admin.user) })).json<{ name: string; time_zone: string }>();
    expect(await entryOf(admin.user, queueId)).toEqual({
      queue_id: queueId,
      name: queue.name,
      profile_id: queue.profile_id,
      profile_name: profile.name,
      time_zone: profile.time_zone,
      open: true,
      waiting: 0,
      processing: 0,
      average_wait_minutes: null,
      estimated_end: null,
      appointments_today: 0,
    });
  });

  it('a closed queue is shown closed, without an average wait', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    expect(await entryOf(admin.user, queueId)).toMatchObject({ open: false, waiting: 0, processing: 0, average_wait_minutes: null, estimated_end: null });
  });

  it('a queue that does not calculate wait times has no estimated end, though people wait', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { waitTimeCalculationEnabled: false });
    await givenTicket(t, queueId);
    expect(await entryOf(admin.user, queueId)).toMatchObject({ waiting: 1, estimated_end: null });
  });

  it('only calls of the current session count towards the average wait', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const earlier = await givenTicket(t, queueId);
    t.clock.advanceSeconds(20 * 60);
    memberOf(await callNext(t, admin.user, queueId));
    memberOf(await memberAction(t, admin.user, earlier.id, 'finish'));
    expect((await entryOf(admin.user, queueId))?.average_wait_minutes).toBe(20);

    const session = (event: string) => t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { event } });
    t.clock.advanceSeconds(60);
    expect((await session('TERMINATE')).statusCode).toBe(200);
    expect((await entryOf(admin.user, queueId))?.average_wait_minutes).toBeNull();
    t.clock.advanceSeconds(60);
    expect((await session('START')).statusCode).toBe(200);
    await givenTicket(t, queueId);
    t.clock.advanceSeconds(2 * 60);
    memberOf(await callNext(t, admin.user, queueId));
    expect((await entryOf(admin.user, queueId))?.average_wait_minutes).toBe(2);
  });
});

describe('GET /dashboard: who sees which queues', () => {
  it('an admin sees every queue of the account, a processor only the assigned ones', async () => {
    const assigned = await givenOpenQueue(t, admin.accountId);
    const other = await givenOpenQueue(t, admin.accountId);
    const processor = await givenProcessor(t, admin.accountId, [assigned]);

    const ofAdmin = (await dashboardAs(admin.user)).map((entry) => entry.queue_id);
    expect(ofAdmin).toEqual(expect.arrayContaining([assigned, other]));
    expect((await dashboardAs(processor)).map((entry) => entry.queue_id)).toEqual([assigned]);
  });

  it('a processor without queues gets an empty list', async () => {
    const processor = await givenProcessor(t, admin.accountId, []);
    expect(await dashboardAs(processor)).toEqual([]);
  });

  it('another account’s queues never appear', async () => {
    const other = await givenAdmin(t);
    const foreignQueue = await givenOpenQueue(t, other.accountId);
    await givenTicket(t, foreignQueue);
    const ownQueue = await givenOpenQueue(t, admin.accountId);

    const ofA = await dashboardAs(admin.user);
    expect(ofA.map((entry) => entry.queue_id)).toContain(ownQueue);
    expect(ofA.map((entry) => entry.queue_id)).not.toContain(foreignQueue);
    expect((await dashboardAs(other.user)).map((entry) => entry.queue_id)).toEqual([foreignQueue]);
  });

  it('without a login: 401', async () => {
    const res = await t.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_HEADER_MISSING' });
  });
});
