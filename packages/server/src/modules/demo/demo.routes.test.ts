import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiError, Processor, Queue, SystemInformation } from '@wartefrei/shared';
import { jobs, queues } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenQueue, logIn } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';
import { DEMO_RESET_JOB, nextDemoReset } from './index.js';
import { DEMO_LOGINS, seedDemoIfEmpty } from './seed-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The Saturday before Vienna's clocks go forward (Sunday 28 March 2027, 02:00 → 03:00).
  setNow(t.clock, '2027-03-27T11:00:00Z');
});
afterAll(async () => t.close());

const demoAdmin = () => logIn(t, DEMO_LOGINS.admin.username, DEMO_LOGINS.admin.password);
const pendingResets = () =>
  t.app.ctx.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, DEMO_RESET_JOB), eq(jobs.status, 'PENDING')));

describe('the public demo (issue 40 §9)', () => {
  it('tells the web app whether this server has a demo', async () => {
    const before = (await t.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>();
    expect(before.demo_available).toBe(false);
    expect(await seedDemoIfEmpty(t.app.ctx)).toBe(true);
    const after = (await t.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>();
    expect(after.demo_available).toBe(true);
  });

  it("refuses what would lock the next visitor out, with DEMO_READ_ONLY in the caller's language", async () => {
    const admin = await demoAdmin();
    const [list] = (await t.inject({ method: 'GET', url: '/queues', headers: asUser(admin) })).json<Queue[]>();
    const paula = (await t.inject({ method: 'GET', url: '/processors', headers: asUser(admin) })).json<Processor[]>().find((p) => p.username === DEMO_LOGINS.processor.username);
    const attempts = [
      {
        method: 'POST' as const,
        url: '/users/me/password',
        payload: { current_password: DEMO_LOGINS.admin.password, password: 'taken-over-1234', password_repeat: 'taken-over-1234' },
      },
      { method: 'POST' as const, url: '/processors', payload: { username: 'friend@example.com', display_name: 'Friend' } },
      { method: 'DELETE' as const, url: `/queues/${list!.id}` },
      { method: 'DELETE' as const, url: `/profiles/${list!.profile_id}` },
      { method: 'DELETE' as const, url: `/profiles/${list!.profile_id}?appointments=cancel` },
      { method: 'DELETE' as const, url: `/processors/${paula!.id}?appointments=cancel` },
      { method: 'POST' as const, url: `/processors/${paula!.id}/password-reset` },
      { method: 'POST' as const, url: `/processors/${paula!.id}/invitation` },
    ];
    const since = t.smtp.mails.length;
    for (const attempt of attempts) {
      const res = await t.inject({ ...attempt, headers: asUser(admin) });
      expect([attempt.url, res.statusCode, res.json<ApiError>().code]).toEqual([attempt.url, 403, 'DEMO_READ_ONLY']);
    }
    const english = await t.inject({ ...attempts[2]!, headers: asUser(admin, { 'accept-language': 'en' }) });
    expect(english.json<ApiError>().message).toMatch(/^This is not possible in the public demo/);
    // Still the same password, both lists and Paula still there, and nobody was mailed.
    await demoAdmin();
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(admin) })).json<Queue[]>()).toHaveLength(2);
    await logIn(t, DEMO_LOGINS.processor.username, DEMO_LOGINS.processor.password);
    expect(t.smtp.mails.slice(since)).toEqual([]);
  });

  it('sends no password reset for the demo logins; a practice of its own still gets one', async () => {
    const other = await givenAdmin(t);
    const since = t.smtp.mails.length;
    expect((await t.inject({ method: 'POST', url: '/password-reset', payload: { username: DEMO_LOGINS.admin.username } })).statusCode).toBe(204);
    expect((await t.inject({ method: 'POST', url: '/password-reset', payload: { username: other.admin.username } })).statusCode).toBe(204);
    await t.smtp.waitForMail(other.admin.username, { since });
    expect(t.smtp.mails.slice(since).filter((mail) => mail.to.includes(DEMO_LOGINS.admin.username))).toEqual([]);
    // Only the demo is read-only: the other practice deletes its list.
    const queueId = await givenQueue(t, other.accountId);
    expect((await t.inject({ method: 'DELETE', url: `/queues/${queueId}`, headers: asUser(other.user) })).statusCode).toBe(204);
  });

  it("resets itself at 03:00 in its location's zone, across the change to summer time", async () => {
    // 03:00 in Vienna on the morning the clocks go forward is 01:00 UTC (an hour earlier than the day before).
    expect((await pendingResets()).map((job) => job.runAt.toISOString())).toEqual(['2027-03-28T01:00:00.000Z']);
    const admin = await demoAdmin();
    const [list] = (await t.inject({ method: 'GET', url: '/queues', headers: asUser(admin) })).json<Queue[]>();
    const renamed = await t.inject({ method: 'PATCH', url: `/queues/${list!.id}`, headers: asUser(admin), payload: { name: 'Übernommen' } });
    expect(renamed.statusCode).toBe(200);

    setNow(t.clock, '2027-03-28T00:59:00Z');
    await runDueJobs(t.app.ctx, { runnerId: 'test', limit: 500 });
    expect((await t.app.ctx.db.select({ name: queues.name }).from(queues).where(eq(queues.id, list!.id)))[0]?.name).toBe('Übernommen');

    setNow(t.clock, '2027-03-28T01:00:00Z');
    await runDueJobs(t.app.ctx, { runnerId: 'test', limit: 500 });
    const fresh = await demoAdmin();
    const lists = (await t.inject({ method: 'GET', url: '/queues', headers: asUser(fresh) })).json<Queue[]>();
    expect(lists.map((q) => q.name).sort()).toEqual(['Allgemeinmedizin', 'Blutabnahme']);
    // The old login is gone with the old practice; the next night is planned, again at 03:00 (now summer time).
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(admin) })).statusCode).toBe(401);
    expect((await pendingResets()).map((job) => job.runAt.toISOString())).toEqual(['2027-03-29T01:00:00.000Z']);
    expect((await t.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>().demo_available).toBe(true);
  });

  it('finds 03:00 on the night the clocks go back too', () => {
    // 25 October 2026: 03:00 → 02:00 in Vienna; 03:00 (once, winter time) is 02:00 UTC.
    expect(nextDemoReset(new Date('2026-10-24T12:00:00Z'), 'Europe/Vienna').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(nextDemoReset(new Date('2026-10-25T02:00:00Z'), 'Europe/Vienna').toISOString()).toBe('2026-10-26T02:00:00.000Z');
  });
});
