import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError, Appointment, AuditLog, PatientAppointment, ReportSummary } from '@wartefrei/shared';
import { appointments, jobs } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { givenPastAppointment, givenPastTicket, report } from '../../../test/support/reports.js';

/*
 * Deleting a list or a location never orphans its appointments (issue 40): while upcoming ones
 * are booked the delete answers 409 naming them, until the admin cancels them (patients told) or
 * moves them to another list of the location. History stays reportable.
 */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

type Practice = Awaited<ReturnType<typeof givenBookablePractice>>;
let mailbox = 0;
const del = (p: { user: Practice['user'] }, url: string) => t.inject({ method: 'DELETE', url, headers: asUser(p.user) });
const get = (p: { user: Practice['user'] }, url: string) => t.inject({ method: 'GET', url, headers: asUser(p.user) });

/** A practice whose list has two appointments booked by patients (Monday and Tuesday 08:00), one past appointment and one past ticket. */
async function givenBookedList() {
  const p = await givenBookablePractice(t, { at: SPRING.now });
  const addresses = [`abgesagt-${mailbox++}@example.com`, `abgesagt-${mailbox++}@example.com`];
  const booked = [];
  for (const [i, start] of [SPRING.monday8, SPRING.tuesday8].entries()) {
    const res = await t.inject({
      method: 'POST',
      url: '/appointments',
      payload: bookingBody(p.type.id, start, { mail: addresses[i], notify_mail: true, lang: i === 0 ? 'de' : 'en' }),
    });
    expect(res.statusCode).toBe(201);
    booked.push(res.json<PatientAppointment>());
  }
  // The booking confirmations are in: what comes after them is news of the delete.
  for (const address of addresses) await t.smtp.waitForMail(address);
  const since = t.smtp.mails.length;
  await givenPastAppointment(t, p.queueId, '2026-03-20T09:00:00+01:00');
  await givenPastTicket(t, { queueId: p.queueId, drawn: '2026-03-20T08:00:00+01:00', called: '2026-03-20T08:10:00+01:00', finished: '2026-03-20T08:20:00+01:00' });
  return { ...p, addresses, booked, since };
}

const rowsOf = async (ids: string[]) => (await t.app.ctx.db.select().from(appointments)).filter((row) => ids.includes(row.id));
const pendingReminders = async (ids: string[]) =>
  (
    await t.app.ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'appointment.reminder'),
          eq(jobs.status, 'PENDING'),
          sql`${jobs.payload}->>'appointmentId' in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      )
  ).length;
const theDayBefore = { from: '2026-03-20', to: '2026-03-20' };

describe('DELETE /queues/{id} with upcoming appointments', () => {
  it('answers 409 QUEUE_HAS_APPOINTMENTS with their count and first starts, and keeps the list', async () => {
    const p = await givenBookedList();
    const res = await del(p, `/queues/${p.queueId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'QUEUE_HAS_APPOINTMENTS',
      count: 2,
      first: [new Date(SPRING.monday8).toISOString(), new Date(SPRING.tuesday8).toISOString()],
    });
    expect(res.json<ApiError>().message).toContain('2');
    expect((await get(p, `/queues/${p.queueId}`)).statusCode).toBe(200);
    expect((await rowsOf(p.booked.map((b) => b.id))).every((row) => row.cancelState === null)).toBe(true);
  });

  it('?appointments=cancel: cancels them as staff do, tells each patient by mail in their language, drops the reminders; history still counts', async () => {
    const p = await givenBookedList();
    const ids = p.booked.map((b) => b.id);
    expect(await pendingReminders(ids)).toBe(2);
    expect((await del(p, `/queues/${p.queueId}?appointments=cancel`)).statusCode).toBe(204);
    expect((await rowsOf(ids)).map((row) => row.cancelState)).toEqual(['STAFF', 'STAFF']);
    expect(await pendingReminders(ids)).toBe(0);
    const german = await t.smtp.waitForMail(p.addresses[0]!, { since: p.since });
    expect(german.subject).toContain('abgesagt');
    expect(german.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect((await t.smtp.waitForMail(p.addresses[1]!, { since: p.since })).subject).toMatch(/cancel/i);
    expect((await get(p, `/queues/${p.queueId}`)).statusCode).toBe(404);
    // The audit log records the change of the patients' appointments.
    const audit = (await get(p, '/audit')).json<AuditLog>().entries.filter((e) => e.action === 'appointment.change');
    expect(audit.map((e) => [e.subject_type, e.subject_id, e.detail])).toEqual([['queue', p.queueId, { request: 'DELETE /queues/:id', appointments: 'cancel' }]]);
    // The archived list's past appointment and ticket stay in the account's report.
    const summary = await report<ReportSummary>(t, p.user, 'summary', theDayBefore);
    expect(summary.current).toMatchObject({ drawn: 1, served: 1, appointments_booked: 1 });
  });

  it('?appointments=move&to=: moves them to the same-named type of another list of the location, nobody is told', async () => {
    const p = await givenBookedList();
    const target = await givenQueue(t, p.accountId, { profileId: p.profileId });
    const type = await t.inject({
      method: 'POST',
      url: '/appointment-types',
      headers: asUser(p.user),
      payload: { queue_id: target, name: ` ${p.type.name.toUpperCase()} `, duration_minutes: 30 },
    });
    expect(type.statusCode).toBe(201);
    expect((await del(p, `/queues/${p.queueId}?appointments=move&to=${target}`)).statusCode).toBe(204);
    const moved = await rowsOf(p.booked.map((b) => b.id));
    expect(moved.map((row) => [row.queueId, row.appointmentTypeId, row.cancelState])).toEqual([
      [target, type.json<{ id: string }>().id, null],
      [target, type.json<{ id: string }>().id, null],
    ]);
    // Time and processor as booked; staff see them on the list they went to.
    expect(moved.map((row) => row.startAt.toISOString()).sort()).toEqual([new Date(SPRING.monday8).toISOString(), new Date(SPRING.tuesday8).toISOString()]);
    const listed = (await get(p, `/appointments?from=2026-03-30&to=2026-03-31&queue_id=${target}`)).json<Appointment[]>();
    expect(listed.map((a) => a.id).sort()).toEqual(p.booked.map((b) => b.id).sort());
    expect(t.smtp.mails.slice(p.since).filter((m) => p.addresses.some((a) => m.to.includes(a)))).toEqual([]);
  });

  it('refuses a move it cannot do, and changes nothing: no target, itself, another location, a foreign or unknown list, a missing type', async () => {
    const p = await givenBookedList();
    const other = await givenAdmin(t);
    const foreign = await givenQueue(t, other.accountId);
    const elsewhere = await givenQueue(t, p.accountId, { profileId: await givenProfile(t, p.accountId) });
    const withoutType = await givenQueue(t, p.accountId, { profileId: p.profileId });
    const cases: [string, number, string][] = [
      ['?appointments=move', 400, 'VALIDATION'],
      [`?appointments=move&to=${p.queueId}`, 400, 'HANDOVER_TARGET_INVALID'],
      [`?appointments=move&to=${elsewhere}`, 400, 'HANDOVER_TARGET_INVALID'],
      [`?appointments=move&to=${foreign}`, 404, 'NOT_FOUND'],
      ['?appointments=move&to=kein-uuid', 404, 'NOT_FOUND'],
      [`?appointments=move&to=${withoutType}`, 409, 'HANDOVER_TYPE_MISSING'],
      ['?appointments=delete', 400, 'VALIDATION'],
    ];
    for (const [query, status, code] of cases) {
      const res = await del(p, `/queues/${p.queueId}${query}`);
      expect([query, res.statusCode, res.json<ApiError>().code]).toEqual([query, status, code]);
    }
    expect((await get(p, `/queues/${p.queueId}`)).statusCode).toBe(200);
    expect((await rowsOf(p.booked.map((b) => b.id))).every((row) => row.queueId === p.queueId && row.cancelState === null)).toBe(true);
  });

  it('a list with only past or cancelled appointments is deleted without asking', async () => {
    const p = await givenBookedList();
    for (const b of p.booked) expect((await t.inject({ method: 'POST', url: `/appointments/${b.id}/cancel`, headers: asUser(p.user) })).statusCode).toBe(200);
    expect((await del(p, `/queues/${p.queueId}`)).statusCode).toBe(204);
  });
});

describe('DELETE /profiles/{id} with upcoming appointments', () => {
  it('answers 409 naming them; only cancel is offered (every list of the location goes); cancel tells the patients', async () => {
    const p = await givenBookedList();
    const refused = await del(p, `/profiles/${p.profileId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'QUEUE_HAS_APPOINTMENTS', count: 2, first: [new Date(SPRING.monday8).toISOString(), new Date(SPRING.tuesday8).toISOString()] });
    expect((await del(p, `/profiles/${p.profileId}?appointments=move`)).statusCode).toBe(400);
    expect((await get(p, `/profiles/${p.profileId}`)).statusCode).toBe(200);
    expect((await del(p, `/profiles/${p.profileId}?appointments=cancel`)).statusCode).toBe(204);
    expect((await rowsOf(p.booked.map((b) => b.id))).map((row) => row.cancelState)).toEqual(['STAFF', 'STAFF']);
    expect((await t.smtp.waitForMail(p.addresses[0]!, { since: p.since })).subject).toContain('abgesagt');
    const summary = await report<ReportSummary>(t, p.user, 'summary', theDayBefore);
    expect(summary.current).toMatchObject({ drawn: 1, appointments_booked: 1 });
  });
});
