import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditLog, LoggedUser, ReportSummary } from '@wartefrei/shared';
import { appointments, auditLog, jobs, probingAnswers, queueMembers } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, logIn, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenAnswer, givenManyPastTickets, givenPastAppointment, givenPastTicket, report } from '../../../test/support/reports.js';
import { setNow } from '../../../test/support/test-clock.js';
import { planRetention, RETENTION_JOB } from './retention.jobs.js';

/** Retention by its jobs under a moved clock: what goes, what stays, and that the figures still add up. */

let t: TestApp;
let admin: LoggedUser;
let credentials: { username: string; password: string };
let accountId: string;
let queueId: string;

const NOW = '2026-11-20T12:00:00Z';
const run = () => runDueJobs(t.app.ctx, { runnerId: 'test', limit: 500 });
const member = async (id: string) => (await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, id)))[0]!;
const appointment = async (id: string) => (await t.app.ctx.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const patient = {
  firstName: 'Anna',
  lastName: 'Alt',
  displayName: 'Anna A.',
  birthDate: '1980-01-01',
  insuranceNumber: '1234010180',
  mail: 'anna@example.org',
  phone: '+436641234567',
};

/** Plans the sweep, moves the clock past it and runs what is due (the sweep, then each account's run). */
async function sweepAt(at: string): Promise<void> {
  setNow(t.clock, at);
  await planRetention(t.app.ctx);
  setNow(t.clock, new Date(new Date(at).getTime() + 24 * 3_600_000));
  await run();
  // A day later the morning's login has expired.
  admin = await logIn(t, credentials.username, credentials.password);
}

async function auditEntries(action: string): Promise<AuditLog['entries']> {
  const res = await t.inject({ method: 'GET', url: `/audit?action=${action}`, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>().entries;
}

beforeAll(async () => {
  t = await startTestApp();
  setNow(t.clock, NOW);
  const account = await givenAdmin(t);
  admin = account.user;
  credentials = account.admin;
  accountId = account.accountId;
  const profileId = await givenProfile(t, accountId, { timeZone: 'Europe/Berlin' });
  queueId = await givenQueue(t, accountId, { profileId, name: 'Allgemein' });
});
afterAll(async () => t.close());

describe('retention', () => {
  it('erases personal data of finished tickets and past appointments older than the period; figures unchanged', async () => {
    const old = await givenPastTicket(t, { queueId, drawn: '2026-10-01T08:00:00+02:00', called: '2026-10-01T08:10:00+02:00', finished: '2026-10-01T08:20:00+02:00' });
    const recent = await givenPastTicket(t, { queueId, drawn: '2026-11-15T08:00:00+01:00', called: '2026-11-15T08:05:00+01:00', finished: '2026-11-15T08:15:00+01:00' });
    // Still waiting after weeks (a list never closed): open tickets are never erased.
    const open = await givenPastTicket(t, { queueId, drawn: '2026-10-01T09:00:00+02:00', status: 'WAITING' });
    await t.app.ctx.db
      .update(queueMembers)
      .set(patient)
      .where(inArray(queueMembers.id, [old, recent, open]));
    await givenAnswer(t, old, 1, 'Worum geht es?', 'Sonstiges');
    await t.app.ctx.db.update(probingAnswers).set({ freeText: 'Kopfschmerzen seit Tagen' }).where(eq(probingAnswers.memberId, old));
    const pastAppointment = await givenPastAppointment(t, queueId, '2026-10-02T09:00:00+02:00', { status: 'NO_SHOW', lastName: 'Berger' });
    const comingAppointment = await givenPastAppointment(t, queueId, '2026-11-25T09:00:00+01:00', { lastName: 'Clausen' });
    await t.app.ctx.db.update(appointments).set({ description: 'Kontrolle', mail: 'b@example.org' }).where(eq(appointments.id, pastAppointment));
    const period = { from: '2026-09-01', to: '2026-11-30' };
    const before = await report<ReportSummary>(t, admin, 'summary', period);
    expect(before.current.drawn).toBe(3);

    await sweepAt(NOW);

    const erased = await member(old);
    expect(erased).toMatchObject({ firstName: null, lastName: null, displayName: null, birthDate: null, insuranceNumber: null, mail: null, phone: null });
    expect(erased.personalDataErasedAt).not.toBeNull();
    expect(erased).toMatchObject({ status: 'FINISHED_BY_PROCESSOR', queueId, waitMinutes: 10, processingMinutes: 10 });
    const [answer] = await t.app.ctx.db.select().from(probingAnswers).where(eq(probingAnswers.memberId, old));
    expect(answer).toMatchObject({ freeText: null, optionText: 'Sonstiges', questionText: 'Worum geht es?' });
    expect(await member(recent)).toMatchObject({ lastName: 'Alt', personalDataErasedAt: null });
    expect(await member(open)).toMatchObject({ lastName: 'Alt', personalDataErasedAt: null });
    expect(await appointment(pastAppointment)).toMatchObject({ lastName: null, description: null, mail: null, status: 'NO_SHOW' });
    expect(await appointment(comingAppointment)).toMatchObject({ lastName: 'Clausen', personalDataErasedAt: null });

    expect(await report<ReportSummary>(t, admin, 'summary', period)).toEqual(before);
    const [run] = await auditEntries('retention.run');
    expect(run).toMatchObject({ user_id: null, address: null, subject_type: 'account', subject_id: accountId, detail: { retention_days: 30, members: 1, appointments: 1 } });
  });

  it('a shorter period set by the admin applies at the next run, and the change is in the log', async () => {
    const recent = await givenPastTicket(t, { queueId, drawn: '2026-11-18T08:00:00+01:00', finished: '2026-11-18T08:20:00+01:00', lastName: 'Neu' });
    const res = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { retention_days: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ retention_days: 3 });
    await sweepAt('2026-11-22T12:00:00Z');
    expect(await member(recent)).toMatchObject({ lastName: null });
    const [change] = await auditEntries('retention.change');
    expect(change).toMatchObject({ user_id: admin.id, address: '127.0.0.1', detail: { from: 30, to: 3 } });
  });

  it('refuses a period outside 1–3650 days, and a processor', async () => {
    for (const days of [0, 3651, 1.5]) {
      const res = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { retention_days: days } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { retention_days: expect.any(Object) } });
    }
    const processor = await givenProcessor(t, accountId, [queueId]);
    const res = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(processor), payload: { retention_days: 10 } });
    expect(res.statusCode).toBe(403);
  });

  it('a long history is erased in batches, each its own transaction; audit entries older than a year go', async () => {
    await givenManyPastTickets(t, queueId, 2_500, '2026-08-01T06:00:00Z');
    await t.app.ctx.db.insert(auditLog).values({ accountId, at: new Date('2025-11-01T00:00:00Z'), action: 'members.list', subjectType: 'queue', subjectId: queueId });
    setNow(t.clock, '2026-11-23T12:00:00Z');
    await planRetention(t.app.ctx);
    setNow(t.clock, '2026-11-24T01:31:00Z');
    await run();
    const left = async () =>
      (
        await t.app.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(queueMembers)
          .where(and(eq(queueMembers.queueId, queueId), sql`${queueMembers.lastName} like 'Nachname %'`))
      )[0]!.n;
    expect(await left()).toBe(500);
    const pending = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RETENTION_JOB), eq(jobs.status, 'PENDING'), sql`${jobs.key} like ${`${accountId}:2026-11-24T%`}`));
    expect(pending).toHaveLength(1);
    setNow(t.clock, '2026-11-24T01:32:00Z');
    await run();
    expect(await left()).toBe(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.accountId, accountId), sql`${auditLog.at} < '2026-01-01'`)),
    ).toEqual([]);
  });
});
