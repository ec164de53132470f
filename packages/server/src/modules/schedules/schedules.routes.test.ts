import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiError, LoggedUser, ScheduleEntry } from '@wartefrei/shared';
import { jobs } from '../../db/schema/index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';
import { SCHEDULE_OCCURRENCE_JOB, SMART_SUSPEND_JOB } from './index.js';

const t = useTestApp();
const admin = useAdmin(t);
beforeAll(() => {
  // Friday 9 January 2026, 12:00 Vienna.
  setNow(t.clock, '2026-01-09T11:00:00.000Z');
});

const create = (user: LoggedUser, queueId: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: `/queues/${queueId}/schedule`, headers: asUser(user), payload });
const list = (user: LoggedUser, queueId: string) => t.inject({ method: 'GET', url: `/queues/${queueId}/schedule`, headers: asUser(user) });

/** The pending jobs planned for an entry, by kind and run time. */
async function pendingJobsOf(entryId: string) {
  const rows = await t.app.ctx.db
    .select({ kind: jobs.kind, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'PENDING'), sql`${jobs.payload} ->> 'entryId' = ${entryId}`))
    .orderBy(jobs.kind);
  return rows.map((r) => [r.kind, r.runAt.toISOString()]);
}

describe('weekly schedule CRUD', () => {
  it('creates an entry with defaults, lists it and plans its next occurrence in the location’s zone', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const res = await create(admin.user, queueId, { event: 'START', weekday: 1, local_time: '07:30' });
    expect(res.statusCode).toBe(201);
    const entry = res.json<ScheduleEntry>();
    expect(entry).toEqual({ id: expect.any(String), queue_id: queueId, event: 'START', weekday: 1, local_time: '07:30', activated: true, valid_on_holiday: false });
    expect((await list(admin.user, queueId)).json<ScheduleEntry[]>()).toEqual([entry]);
    // Monday 12 January 2026 07:30 Vienna (winter) = 06:30 UTC.
    expect(await pendingJobsOf(entry.id)).toEqual([[SCHEDULE_OCCURRENCE_JOB, '2026-01-12T06:30:00.000Z']]);
  });

  it('plans the smart suspend with a TERMINATE', async () => {
    const queueId = await givenQueue(t, admin.accountId, { smartSuspendMinutes: 20 });
    const entry = (await create(admin.user, queueId, { event: 'TERMINATE', weekday: 5, local_time: '18:00' })).json<ScheduleEntry>();
    expect(await pendingJobsOf(entry.id)).toEqual([
      [SCHEDULE_OCCURRENCE_JOB, '2026-01-09T17:00:00.000Z'],
      [SMART_SUSPEND_JOB, '2026-01-09T16:40:00.000Z'],
    ]);
  });

  it('rejects an entry of the same event at the same weekday and time with a field error', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    expect((await create(admin.user, queueId, { event: 'START', weekday: 2, local_time: '08:00' })).statusCode).toBe(201);
    const dup = await create(admin.user, queueId, { event: 'START', weekday: 2, local_time: '08:00', activated: false });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      fields: { local_time: { code: 'SCHEDULE_ENTRY_EXISTS', message: 'Es gibt bereits einen gleichen Eintrag zu dieser Zeit' } },
    });
    // Another event at that time, or the same event at another time, is fine.
    expect((await create(admin.user, queueId, { event: 'TERMINATE', weekday: 2, local_time: '08:00' })).statusCode).toBe(201);
    expect((await create(admin.user, queueId, { event: 'START', weekday: 3, local_time: '08:00' })).statusCode).toBe(201);
    // A change onto an existing entry is rejected the same way.
    const other = (await create(admin.user, queueId, { event: 'START', weekday: 2, local_time: '09:00' })).json<ScheduleEntry>();
    const clash = await t.inject({
      method: 'PATCH',
      url: `/queues/${queueId}/schedule/${other.id}`,
      headers: asUser(admin.user),
      payload: { local_time: '08:00' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ApiError>().fields?.local_time?.code).toBe('SCHEDULE_ENTRY_EXISTS');
    expect((await list(admin.user, queueId)).json<ScheduleEntry[]>()).toHaveLength(4);
  });

  it.each([
    [{ event: 'START', weekday: 0, local_time: '08:00' }, 'weekday', 'INVALID_VALUE'],
    [{ event: 'START', weekday: 8, local_time: '08:00' }, 'weekday', 'INVALID_VALUE'],
    [{ event: 'START', weekday: 1, local_time: '24:00' }, 'local_time', 'INVALID_VALUE'],
    [{ event: 'START', weekday: 1, local_time: '7:30' }, 'local_time', 'INVALID_VALUE'],
    [{ event: 'SUSPEND_ONLINE_TIMED', weekday: 1, local_time: '07:30' }, 'event', 'INVALID_VALUE'],
    [{ weekday: 1, local_time: '07:30' }, 'event', 'REQUIRED'],
    [{ event: 'START', weekday: 1, local_time: '07:30', foo: true }, 'foo', 'UNKNOWN_FIELD'],
  ])('refuses %j: %s %s', async (payload, field, code) => {
    const queueId = await givenQueue(t, admin.accountId);
    const res = await create(admin.user, queueId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]?.code).toBe(code);
  });

  it('changes an entry and re-plans it; deactivating drops its jobs; deleting removes it', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const entry = (await create(admin.user, queueId, { event: 'START', weekday: 1, local_time: '07:30' })).json<ScheduleEntry>();
    const patch = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/queues/${queueId}/schedule/${entry.id}`, headers: asUser(admin.user), payload });
    const moved = await patch({ weekday: 2, local_time: '08:15', valid_on_holiday: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<ScheduleEntry>()).toMatchObject({ weekday: 2, local_time: '08:15', valid_on_holiday: true, activated: true });
    expect(await pendingJobsOf(entry.id)).toEqual([[SCHEDULE_OCCURRENCE_JOB, '2026-01-13T07:15:00.000Z']]);
    expect((await patch({ activated: false })).json<ScheduleEntry>().activated).toBe(false);
    expect(await pendingJobsOf(entry.id)).toEqual([]);
    expect((await patch({ activated: true })).statusCode).toBe(200);
    expect(await pendingJobsOf(entry.id)).toHaveLength(1);

    const del = await t.inject({ method: 'DELETE', url: `/queues/${queueId}/schedule/${entry.id}`, headers: asUser(admin.user) });
    expect(del.statusCode).toBe(204);
    expect(await pendingJobsOf(entry.id)).toEqual([]);
    expect((await list(admin.user, queueId)).json<ScheduleEntry[]>()).toEqual([]);
    const again = await t.inject({ method: 'DELETE', url: `/queues/${queueId}/schedule/${entry.id}`, headers: asUser(admin.user) });
    expect(again.statusCode).toBe(404);
  });
});

describe('schedule access', () => {
  it('an assigned processor reads but may not write (403); an unassigned one gets 404', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const entry = (await create(admin.user, queueId, { event: 'START', weekday: 1, local_time: '07:30' })).json<ScheduleEntry>();
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    expect((await list(processor, queueId)).json<ScheduleEntry[]>()).toEqual([entry]);
    expect((await create(processor, queueId, { event: 'START', weekday: 2, local_time: '07:30' })).statusCode).toBe(403);
    const patch = await t.inject({ method: 'PATCH', url: `/queues/${queueId}/schedule/${entry.id}`, headers: asUser(processor), payload: { activated: false } });
    expect(patch.json<ApiError>().code).toBe('FORBIDDEN');
    const del = await t.inject({ method: 'DELETE', url: `/queues/${queueId}/schedule/${entry.id}`, headers: asUser(processor) });
    expect(del.statusCode).toBe(403);
    const unassigned = await givenProcessor(t, admin.accountId, []);
    expect((await list(unassigned, queueId)).statusCode).toBe(404);
    expect((await list(admin.user, queueId)).json<ScheduleEntry[]>()).toEqual([entry]);
  });

  it('another account’s queue or entry, unknown ids and non-UUIDs answer 404 on every endpoint', async () => {
    const other = await givenAdmin(t);
    const foreignQueue = await givenQueue(t, other.accountId);
    const foreignEntry = (await create(other.user, foreignQueue, { event: 'START', weekday: 1, local_time: '07:30' })).json<ScheduleEntry>();
    const ownQueue = await givenQueue(t, admin.accountId);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET' as const, url: `/queues/${foreignQueue}/schedule` },
      { method: 'GET' as const, url: `/queues/kein-uuid/schedule` },
      { method: 'POST' as const, url: `/queues/${foreignQueue}/schedule`, payload: { event: 'START', weekday: 2, local_time: '07:30' } },
      { method: 'POST' as const, url: `/queues/${unknown}/schedule`, payload: { event: 'START', weekday: 2, local_time: '07:30' } },
      { method: 'PATCH' as const, url: `/queues/${foreignQueue}/schedule/${foreignEntry.id}`, payload: { activated: false } },
      // Own queue, foreign entry: still not found.
      { method: 'PATCH' as const, url: `/queues/${ownQueue}/schedule/${foreignEntry.id}`, payload: { activated: false } },
      { method: 'PATCH' as const, url: `/queues/${ownQueue}/schedule/kein-uuid`, payload: { activated: false } },
      { method: 'DELETE' as const, url: `/queues/${foreignQueue}/schedule/${foreignEntry.id}` },
      { method: 'DELETE' as const, url: `/queues/${ownQueue}/schedule/${foreignEntry.id}` },
    ];
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: asUser(admin.user) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await list(other.user, foreignQueue)).json<ScheduleEntry[]>()).toEqual([foreignEntry]);
  });
});
