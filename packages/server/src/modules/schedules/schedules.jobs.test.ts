import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { QueueSession, RecordedSessionEvent, ScheduleEntry } from '@wartefrei/shared';
import { jobs, profiles } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';
import { planAllSchedules, SCHEDULE_OCCURRENCE_JOB } from './index.js';

const t = useTestApp();
const admin = useAdmin(t);

const run = () => runDueJobs(t.app.ctx, { runnerId: 'test', limit: 500 });
const session = async (queueId: string) => (await t.inject({ method: 'GET', url: `/queues/${queueId}/session`, headers: asUser(admin.user) })).json<QueueSession>();
const events = async (queueId: string) => (await t.inject({ method: 'GET', url: `/queues/${queueId}/session/events`, headers: asUser(admin.user) })).json<RecordedSessionEvent[]>();
const send = (queueId: string, event: string) => t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { event } });

async function entry(queueId: string, payload: Record<string, unknown>): Promise<ScheduleEntry> {
  const res = await t.inject({ method: 'POST', url: `/queues/${queueId}/schedule`, headers: asUser(admin.user), payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<ScheduleEntry>();
}

/** A queue at a location with a START at 07:30 local on every weekday. */
async function givenDailyStart(location: { timeZone?: string; country?: string | null; region?: string | null }, validOnHoliday = false, weekdays = [1, 2, 3, 4, 5, 6, 7]) {
  const profileId = await givenProfile(t, admin.accountId, location);
  const queueId = await givenQueue(t, admin.accountId, { profileId });
  for (const weekday of weekdays) {
    await entry(queueId, { event: 'START', weekday, local_time: '07:30', valid_on_holiday: validOnHoliday });
  }
  return queueId;
}

/**
 * Walks the days: one minute before the expected instant the queue is still closed, at it the
 * schedule has opened it (recorded as SCHEDULE at that instant); then it is closed again by hand.
 * `null` expects no fire all day.
 */
async function expectDays(queueId: string, days: [string, string | null][]) {
  for (const [day, expected] of days) {
    if (expected === null) {
      setNow(t.clock, `${day}T21:00:00.000Z`);
      await run();
      expect((await session(queueId)).open, `${day}: no fire`).toBe(false);
      continue;
    }
    setNow(t.clock, new Date(new Date(expected).getTime() - 60_000));
    await run();
    expect((await session(queueId)).open, `${day}: not before ${expected}`).toBe(false);
    setNow(t.clock, expected);
    await run();
    expect((await session(queueId)).open, `${day}: open at ${expected}`).toBe(true);
    expect((await events(queueId))[0], day).toMatchObject({ event: 'START', source: 'SCHEDULE', user_id: null, created_at: expected });
    t.clock.advanceSeconds(3600);
    expect((await send(queueId, 'TERMINATE')).statusCode).toBe(200);
  }
}

describe('weekly schedule in the location’s time zone', () => {
  it('START at 07:30 Vienna fires at 06:30 UTC in winter and 05:30 UTC in summer around 29 March 2026', async () => {
    setNow(t.clock, '2026-03-26T12:00:00.000Z');
    const queueId = await givenDailyStart({ timeZone: 'Europe/Vienna', country: 'AT', region: null });
    await expectDays(queueId, [
      ['2026-03-27', '2026-03-27T06:30:00.000Z'],
      ['2026-03-28', '2026-03-28T06:30:00.000Z'],
      ['2026-03-29', '2026-03-29T05:30:00.000Z'], // the switch to summer time is at 02:00 that night
      ['2026-03-30', '2026-03-30T05:30:00.000Z'],
      ['2026-03-31', '2026-03-31T05:30:00.000Z'],
    ]);
  });

  it('… and back around 25 October 2026, with no fire on the Austrian national holiday (26 October)', async () => {
    setNow(t.clock, '2026-10-22T12:00:00.000Z');
    const queueId = await givenDailyStart({ timeZone: 'Europe/Vienna', country: 'AT', region: null });
    await expectDays(queueId, [
      ['2026-10-23', '2026-10-23T05:30:00.000Z'],
      ['2026-10-24', '2026-10-24T05:30:00.000Z'],
      ['2026-10-25', '2026-10-25T06:30:00.000Z'], // winter time from 03:00 that night
      ['2026-10-26', null], // Nationalfeiertag
      ['2026-10-27', '2026-10-27T06:30:00.000Z'],
    ]);
    // Skipping the holiday still planned the next Monday.
    const [next] = await t.app.ctx.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULE_OCCURRENCE_JOB), eq(jobs.status, 'PENDING'), sql`${jobs.payload} ->> 'queueId' = ${queueId}`, sql`${jobs.payload} ->> 'weekday' = '1'`));
    expect(next?.runAt.toISOString()).toBe('2026-11-02T06:30:00.000Z');
  });

  it('an entry valid on holidays fires on 26 October 2026', async () => {
    setNow(t.clock, '2026-10-25T12:00:00.000Z');
    const queueId = await givenDailyStart({ timeZone: 'Europe/Vienna', country: 'AT', region: null }, true);
    await expectDays(queueId, [['2026-10-26', '2026-10-26T06:30:00.000Z']]);
  });

  it('Bavaria (DE-BY) as a whole: 15 August is an observance in date-holidays, so the START fires; Saarland is closed', async () => {
    setNow(t.clock, '2026-08-13T12:00:00.000Z');
    const bavaria = await givenDailyStart({ timeZone: 'Europe/Berlin', country: 'DE', region: 'BY' });
    // Saturdays only: 15 August 2026 is a Saturday.
    const saarland = await givenDailyStart({ timeZone: 'Europe/Berlin', country: 'DE', region: 'SL' }, false, [6]);
    await expectDays(bavaria, [
      ['2026-08-14', '2026-08-14T05:30:00.000Z'],
      ['2026-08-15', '2026-08-15T05:30:00.000Z'],
    ]);
    await expectDays(saarland, [['2026-08-15', null]]);
    expect(await events(saarland)).toEqual([]);
  });
});

describe('smart suspend and missed occurrences', () => {
  it('stops online intake 15 minutes before a scheduled TERMINATE, and the TERMINATE closes at its time', async () => {
    // Friday 6 February 2026; TERMINATE Fridays at 18:00 Vienna = 17:00 UTC.
    setNow(t.clock, '2026-02-06T08:00:00.000Z');
    const queueId = await givenQueue(t, admin.accountId);
    await entry(queueId, { event: 'TERMINATE', weekday: 5, local_time: '18:00' });
    expect((await send(queueId, 'START')).statusCode).toBe(200);

    setNow(t.clock, '2026-02-06T16:44:59.000Z');
    await run();
    expect((await session(queueId)).online_suspended).toBe(false);

    setNow(t.clock, '2026-02-06T16:45:00.000Z');
    await run();
    expect(await session(queueId)).toMatchObject({ open: true, online_suspended: true, online_suspended_until: '2026-02-06T17:00:00.000Z' });
    expect((await events(queueId))[0]).toMatchObject({ event: 'SUSPEND_ONLINE_TIMED', source: 'JOB', user_id: null, payload: { smart_suspend: true } });

    setNow(t.clock, '2026-02-06T17:00:00.000Z');
    await run();
    expect(await session(queueId)).toMatchObject({ open: false, online_suspended: false, online_suspended_until: null });
    const log = await events(queueId);
    expect(log.map((e) => [e.event, e.source])).toEqual([
      ['TERMINATE', 'SCHEDULE'],
      ['SUSPEND_ONLINE_TIMED', 'JOB'],
      ['START', 'USER'],
    ]);
  });

  it('does not suspend a closed queue', async () => {
    setNow(t.clock, '2026-02-13T08:00:00.000Z');
    const queueId = await givenQueue(t, admin.accountId);
    await entry(queueId, { event: 'TERMINATE', weekday: 5, local_time: '18:00' });
    setNow(t.clock, '2026-02-13T16:50:00.000Z');
    await run();
    expect((await session(queueId)).online_suspended).toBe(false);
    expect(await events(queueId)).toEqual([]);
  });

  it('a START run more than 15 minutes late is MISSED, and the next one is planned', async () => {
    setNow(t.clock, '2026-02-02T00:00:00.000Z'); // Monday
    const queueId = await givenQueue(t, admin.accountId);
    const start = await entry(queueId, { event: 'START', weekday: 1, local_time: '07:30' });
    setNow(t.clock, '2026-02-02T06:46:00.000Z'); // 16 minutes late
    await run();
    expect((await session(queueId)).open).toBe(false);
    const rows = await t.app.ctx.db
      .select({ status: jobs.status, runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'entryId' = ${start.id}`)
      .orderBy(jobs.runAt);
    expect(rows.map((r) => [r.status, r.runAt.toISOString()])).toEqual([
      ['MISSED', '2026-02-02T06:30:00.000Z'],
      ['PENDING', '2026-02-09T06:30:00.000Z'],
    ]);
  });

  it('a START run late within 15 minutes still fires; planning on start is idempotent', async () => {
    setNow(t.clock, '2026-03-02T00:00:00.000Z'); // Monday
    const queueId = await givenQueue(t, admin.accountId);
    const start = await entry(queueId, { event: 'START', weekday: 1, local_time: '07:30' });
    await planAllSchedules(t.app.ctx);
    await planAllSchedules(t.app.ctx);
    const pending = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'PENDING'), sql`${jobs.payload} ->> 'entryId' = ${start.id}`));
    expect(pending).toHaveLength(1);
    setNow(t.clock, '2026-03-02T06:40:00.000Z');
    await run();
    expect((await session(queueId)).open).toBe(true);
  });

  it('a deactivated entry does not fire', async () => {
    setNow(t.clock, '2026-04-06T00:00:00.000Z'); // Monday
    const queueId = await givenQueue(t, admin.accountId);
    const start = await entry(queueId, { event: 'START', weekday: 1, local_time: '07:30' });
    await t.inject({ method: 'PATCH', url: `/queues/${queueId}/schedule/${start.id}`, headers: asUser(admin.user), payload: { activated: false } });
    setNow(t.clock, '2026-04-06T05:30:00.000Z');
    await run();
    expect((await session(queueId)).open).toBe(false);
  });

  it('a location moved to another time zone: the job at the old instant does not fire but re-plans', async () => {
    setNow(t.clock, '2026-05-04T00:00:00.000Z'); // Monday
    const profileId = await givenProfile(t, admin.accountId, { timeZone: 'Europe/Vienna' });
    const queueId = await givenQueue(t, admin.accountId, { profileId });
    await entry(queueId, { event: 'START', weekday: 1, local_time: '07:30' });
    await t.app.ctx.db.update(profiles).set({ timeZone: 'Europe/London' }).where(eq(profiles.id, profileId));
    setNow(t.clock, '2026-05-04T05:30:00.000Z'); // 07:30 Vienna
    await run();
    expect((await session(queueId)).open).toBe(false);
    setNow(t.clock, '2026-05-04T06:30:00.000Z'); // 07:30 London (summer time)
    await run();
    expect((await session(queueId)).open).toBe(true);
  });
});
