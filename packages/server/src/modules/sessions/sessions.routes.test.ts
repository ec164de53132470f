import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError, LoggedUser, QueueSession, RecordedSessionEvent } from '@wartefrei/shared';
import { queues } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { sessionHooks } from './index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';

const t = useTestApp();
const admin = useAdmin(t);

const send = (user: LoggedUser, queueId: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(user), payload });
const events = async (user: LoggedUser, queueId: string) => {
  const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/session/events`, headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return res.json<RecordedSessionEvent[]>();
};
const session = async (user: LoggedUser, queueId: string) => {
  const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/session`, headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return res.json<QueueSession>();
};

describe('POST /queues/{id}/session', () => {
  it('a new queue is closed; START opens it and records who and when', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    expect(await session(admin.user, queueId)).toMatchObject({ open: false, queueing_allowed: true, blocked: false, version: 0 });
    const res = await send(admin.user, queueId, { event: 'START' });
    expect(res.statusCode).toBe(200);
    expect(res.json<QueueSession>()).toMatchObject({ queue_id: queueId, open: true, opened_at: t.clock.now().toISOString(), version: 1 });
    expect(await events(admin.user, queueId)).toEqual([
      { id: expect.any(String), event: 'START', source: 'USER', user_id: admin.user.id, payload: null, created_at: t.clock.now().toISOString() },
    ]);
  });

  it('a repeated event changes nothing: 409 SESSION_UNCHANGED and no record', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    expect((await send(admin.user, queueId, { event: 'START' })).statusCode).toBe(200);
    const again = await send(admin.user, queueId, { event: 'START' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('SESSION_UNCHANGED');
    expect(await events(admin.user, queueId)).toHaveLength(1);
    expect((await session(admin.user, queueId)).version).toBe(1);
    // Terminating a closed queue is unchanged too.
    const other = await givenQueue(t, admin.accountId);
    expect((await send(admin.user, other, { event: 'TERMINATE' })).json<ApiError>().code).toBe('SESSION_UNCHANGED');
    expect(await events(admin.user, other)).toEqual([]);
  });

  it('runs every event through its state, newest event first in the log', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const steps: [Record<string, unknown>, Partial<QueueSession>][] = [
      [{ event: 'START' }, { open: true }],
      [{ event: 'SUSPEND_ONLINE_FIXED' }, { online_suspended: true, online_suspended_until: null }],
      [{ event: 'RESUME_ONLINE_FIXED' }, { online_suspended: false }],
      [{ event: 'SUSPEND_KIOSK_FIXED' }, { kiosk_suspended: true }],
      [{ event: 'RESUME_KIOSK_FIXED' }, { kiosk_suspended: false }],
      [{ event: 'BLOCK' }, { open: true, blocked: true }],
      [{ event: 'START' }, { open: true, blocked: false }],
      [{ event: 'SUSPEND_KIOSK_FIXED' }, { kiosk_suspended: true }],
      [{ event: 'TERMINATE' }, { open: false, blocked: false, kiosk_suspended: false, online_suspended: false }],
    ];
    for (const [payload, expected] of steps) {
      t.clock.advanceSeconds(1);
      const res = await send(admin.user, queueId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json<QueueSession>()).toMatchObject(expected);
    }
    expect((await events(admin.user, queueId)).map((e) => e.event)).toEqual(steps.map(([p]) => p.event).reverse());
  });

  it('a timed suspend ends by itself through its job', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    await send(admin.user, queueId, { event: 'START' });
    const until = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    const res = await send(admin.user, queueId, { event: 'SUSPEND_ONLINE_TIMED', until });
    expect(res.json<QueueSession>()).toMatchObject({ online_suspended: true, online_suspended_until: until });
    const kioskUntil = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    await send(admin.user, queueId, { event: 'SUSPEND_KIOSK_TIMED', until: kioskUntil });

    // Not yet due: nothing changes.
    t.clock.advanceSeconds(29 * 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await session(admin.user, queueId)).online_suspended).toBe(true);

    t.clock.advanceSeconds(60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect(await session(admin.user, queueId)).toMatchObject({ online_suspended: false, online_suspended_until: null, kiosk_suspended: true });
    const [latest] = await events(admin.user, queueId);
    expect(latest).toMatchObject({ event: 'RESUME_ONLINE_FIXED', source: 'JOB', user_id: null, payload: { timed_suspend_ended: until } });

    // Missed while down: the kiosk's end runs however late.
    t.clock.advanceSeconds(5 * 3600);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await session(admin.user, queueId)).kiosk_suspended).toBe(false);
  });

  it('a timed suspend resumed by hand is not resumed again by its job', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const until = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    await send(admin.user, queueId, { event: 'SUSPEND_ONLINE_TIMED', until });
    await send(admin.user, queueId, { event: 'RESUME_ONLINE_FIXED' });
    await send(admin.user, queueId, { event: 'SUSPEND_ONLINE_FIXED' });
    t.clock.advanceSeconds(11 * 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await session(admin.user, queueId)).online_suspended).toBe(true);
    expect(await events(admin.user, queueId)).toHaveLength(3);
  });

  it('validates until and the concurrency change, naming the field', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ event: 'SUSPEND_ONLINE_TIMED' }, 'until', 'REQUIRED'],
      [{ event: 'SUSPEND_ONLINE_FIXED', until: '2030-01-01T00:00:00Z' }, 'until', 'NOT_WITH_EVENT'],
      [{ event: 'SUSPEND_KIOSK_TIMED', until: 'morgen' }, 'until', 'INVALID_VALUE'],
      [{ event: 'SUSPEND_KIOSK_TIMED', until: new Date(t.clock.now().getTime() - 1000).toISOString() }, 'until', 'UNTIL_IN_PAST'],
      [{ event: 'START', max_concurrent_processing: 3 }, 'max_concurrent_processing', 'NOT_WITH_EVENT'],
      [{ event: 'CHANGE_MAX_CONCURRENT_PROCESSING' }, 'event', 'INVALID_VALUE'],
      [{ event: 'OPEN' }, 'event', 'INVALID_VALUE'],
      [{}, 'event', 'REQUIRED'],
      [{ event: 'START', extra: 1 }, 'extra', 'UNKNOWN_FIELD'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await send(admin.user, queueId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ApiError>().fields?.[field]?.code, JSON.stringify(payload)).toBe(code);
    }
    expect(await events(admin.user, queueId)).toEqual([]);
  });

  it('TERMINATE with max_concurrent_processing closes and changes the value, recording both', async () => {
    const queueId = await givenQueue(t, admin.accountId, { maxConcurrentProcessing: 1 });
    await send(admin.user, queueId, { event: 'START' });
    const res = await send(admin.user, queueId, { event: 'TERMINATE', max_concurrent_processing: 3 });
    expect(res.json<QueueSession>().open).toBe(false);
    const [row] = await t.app.ctx.db.select({ max: queues.maxConcurrentProcessing }).from(queues).where(eq(queues.id, queueId));
    expect(row?.max).toBe(3);
    const log = await events(admin.user, queueId);
    expect(log.map((e) => e.event).sort()).toEqual(['CHANGE_MAX_CONCURRENT_PROCESSING', 'START', 'TERMINATE']);
    expect(log.find((e) => e.event === 'CHANGE_MAX_CONCURRENT_PROCESSING')).toMatchObject({ payload: { from: 1, to: 3 }, user_id: admin.user.id });
    // On an already closed queue the change alone still happens; the same value again is unchanged.
    expect((await send(admin.user, queueId, { event: 'TERMINATE', max_concurrent_processing: 4 })).statusCode).toBe(200);
    expect((await send(admin.user, queueId, { event: 'TERMINATE', max_concurrent_processing: 4 })).statusCode).toBe(409);
  });
});

describe('concurrency and the session-end hook', () => {
  it('two STARTs at once: one opens, the other answers SESSION_UNCHANGED, one record', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const results = await Promise.all([send(admin.user, queueId, { event: 'START' }), send(admin.user, queueId, { event: 'START' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await events(admin.user, queueId)).toHaveLength(1);
    expect((await session(admin.user, queueId)).version).toBe(1);
  });

  it('TERMINATE runs the session-end listeners in its transaction: a failing one undoes the close', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const poisoned = await givenQueue(t, admin.accountId);
    const closed: { queueId: string; at: string }[] = [];
    t.app.ctx.hooks.listen(sessionHooks.sessionEnded, async (_tx, { queueId: id, at }) => {
      if (id === poisoned) throw new Error('member update failed');
      if (id === queueId) closed.push({ queueId: id, at: at.toISOString() });
    });
    await send(admin.user, queueId, { event: 'START' });
    expect((await send(admin.user, queueId, { event: 'TERMINATE' })).statusCode).toBe(200);
    expect(closed).toEqual([{ queueId, at: t.clock.now().toISOString() }]);

    await send(admin.user, poisoned, { event: 'START' });
    const failed = await send(admin.user, poisoned, { event: 'TERMINATE' });
    expect(failed.statusCode).toBe(500);
    expect(await session(admin.user, poisoned)).toMatchObject({ open: true, version: 1 });
    expect((await events(admin.user, poisoned)).map((e) => e.event)).toEqual(['START']);
  });
});

describe('PATCH /queues/{id}/session', () => {
  it('switches queueing allowed as a compare-and-set', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const off = await t.inject({ method: 'PATCH', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { queueing_allowed: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json<QueueSession>()).toMatchObject({ queueing_allowed: false, version: 1 });
    const same = await t.inject({ method: 'PATCH', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { queueing_allowed: false } });
    expect(same.statusCode).toBe(409);
    expect(same.json<ApiError>().code).toBe('SESSION_UNCHANGED');
    const bad = await t.inject({ method: 'PATCH', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { queueing_allowed: 'ja' } });
    expect(bad.json<ApiError>().fields?.queueing_allowed?.code).toBe('INVALID_TYPE');
    // Recorded with who and when, once: the refused repeat left no trace.
    expect(await events(admin.user, queueId)).toEqual([
      expect.objectContaining({ event: 'QUEUEING_ALLOWED_CHANGED', source: 'USER', user_id: admin.user.id, payload: { queueing_allowed: false } }),
    ]);
    // It is a record, not an event a client may send.
    const sent = await send(admin.user, queueId, { event: 'QUEUEING_ALLOWED_CHANGED' });
    expect(sent.statusCode).toBe(400);
  });
});

describe('button visibility and access', () => {
  it.each([
    // button setting, event, processor may, admin may
    ['EVERYBODY', 'START', true, true],
    ['ADMINS_ONLY', 'START', false, true],
    ['NOBODY', 'START', false, false],
  ] as const)('queue_opened %s: processor %s → %s, admin → %s', async (visibility, event, processorMay, adminMay) => {
    const queueId = await givenQueue(t, admin.accountId, { buttonVisibility: { queue_opened: visibility } });
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    const byProcessor = await send(processor, queueId, { event });
    expect(byProcessor.statusCode).toBe(processorMay ? 200 : 403);
    if (processorMay) await send(admin.user, queueId, { event: 'TERMINATE' });
    const byAdmin = await send(admin.user, queueId, { event });
    expect(byAdmin.statusCode).toBe(adminMay ? 200 : 403);
    if (!adminMay) expect(byAdmin.json<ApiError>().code).toBe('FORBIDDEN');
  });

  it('maps each event to its button', async () => {
    const queueId = await givenQueue(t, admin.accountId, {
      buttonVisibility: { queue_opened: 'EVERYBODY', terminate: 'ADMINS_ONLY', suspend_online: 'NOBODY', suspend_kiosk: 'EVERYBODY' },
    });
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    expect((await send(processor, queueId, { event: 'START' })).statusCode).toBe(200);
    expect((await send(processor, queueId, { event: 'SUSPEND_KIOSK_FIXED' })).statusCode).toBe(200);
    expect((await send(processor, queueId, { event: 'SUSPEND_ONLINE_FIXED' })).statusCode).toBe(403);
    expect((await send(admin.user, queueId, { event: 'SUSPEND_ONLINE_FIXED' })).statusCode).toBe(403);
    expect((await send(processor, queueId, { event: 'TERMINATE' })).statusCode).toBe(403);
    expect((await send(admin.user, queueId, { event: 'TERMINATE' })).statusCode).toBe(200);
    const log = await events(processor, queueId);
    expect(
      log
        .filter((e) => e.user_id === processor.id)
        .map((e) => e.event)
        .sort(),
    ).toEqual(['START', 'SUSPEND_KIOSK_FIXED']);
  });

  it('a processor not assigned to the queue gets 404, like another account', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const stranger = await givenProcessor(t, admin.accountId, []);
    expect((await send(stranger, queueId, { event: 'START' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/queues/${queueId}/session`, headers: asUser(stranger) })).statusCode).toBe(404);
  });

  it('another account’s queue, an unknown id and a non-UUID answer 404 on every endpoint', async () => {
    const other = await givenAdmin(t);
    const foreign = await givenQueue(t, other.accountId);
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const calls = [
        { method: 'GET' as const, url: `/queues/${id}/session` },
        { method: 'GET' as const, url: `/queues/${id}/session/events` },
        { method: 'POST' as const, url: `/queues/${id}/session`, payload: { event: 'START' } },
        { method: 'PATCH' as const, url: `/queues/${id}/session`, payload: { queueing_allowed: false } },
      ];
      for (const call of calls) {
        const res = await t.inject({ ...call, headers: asUser(admin.user) });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json<ApiError>().code).toBe('NOT_FOUND');
      }
    }
    // Nothing happened to the foreign queue.
    expect((await session(other.user, foreign)).version).toBe(0);
  });

  it('answers 401 without credentials', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    expect((await t.inject({ method: 'POST', url: `/queues/${queueId}/session`, payload: { event: 'START' } })).statusCode).toBe(401);
  });
});

describe('time', () => {
  it('records the injected clock', async () => {
    setNow(t.clock, '2026-05-04T08:00:00.000Z');
    const queueId = await givenQueue(t, admin.accountId);
    await send(admin.user, queueId, { event: 'START' });
    expect((await events(admin.user, queueId))[0]?.created_at).toBe('2026-05-04T08:00:00.000Z');
  });
});
