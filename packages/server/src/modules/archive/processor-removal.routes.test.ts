import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError, AssignedProcessor, Availability, PatientAppointment, Processor, ReportProcessors, ReportSummary } from '@wartefrei/shared';
import { appointments, appointmentSlots, queueMembers, users } from '../../db/schema/index.js';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { givenPastAppointment, givenPastTicket, report } from '../../../test/support/reports.js';

/*
 * Removing a processor keeps history (issue 40): the user is deactivated, not deleted — no
 * sign-in, no token, offered nowhere — their past work keeps their name in reports, and their
 * upcoming appointments are cancelled with notice or reassigned when the admin says which.
 */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

const PASSWORD = 'richtig-langes-passwort';
let mailbox = 0;
type Who = { user: { id: string; token: string } };
const del = (p: Who, url: string) => t.inject({ method: 'DELETE', url, headers: asUser(p.user) });
const get = (p: Who, url: string) => t.inject({ method: 'GET', url, headers: asUser(p.user) });

/**
 * Two processors (Anna, Ben) on one list, Monday and Tuesday 08:00–10:00; two patients booked
 * with Anna (Monday 8, Tuesday 9); Anna's past ticket, past appointment and a ticket she is
 * processing now.
 */
async function givenAnnaWithAppointments() {
  const p = await givenBookablePractice(t, { at: SPRING.now, processors: 2 });
  const [anna, ben] = p.processors as [typeof p.processor, typeof p.processor];
  const addresses = [`anna-patientin-${mailbox++}@example.com`, `anna-patientin-${mailbox++}@example.com`];
  const booked: PatientAppointment[] = [];
  for (const [i, start] of [SPRING.monday8, '2026-03-31T09:00:00+02:00'].entries()) {
    const res = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, start, { mail: addresses[i], notify_mail: true, processor_id: anna.id }) });
    expect(res.statusCode).toBe(201);
    booked.push(res.json<PatientAppointment>());
  }
  for (const address of addresses) await t.smtp.waitForMail(address);
  const since = t.smtp.mails.length;
  const pastAppointment = await givenPastAppointment(t, p.queueId, '2026-03-20T09:00:00+01:00', { processorId: anna.id });
  const pastTicket = await givenPastTicket(t, {
    queueId: p.queueId,
    drawn: '2026-03-20T08:00:00+01:00',
    called: '2026-03-20T08:10:00+01:00',
    finished: '2026-03-20T08:20:00+01:00',
    processorId: anna.id,
  });
  const processing = await givenPastTicket(t, {
    queueId: p.queueId,
    drawn: '2026-03-27T11:30:00+01:00',
    called: '2026-03-27T11:50:00+01:00',
    status: 'PROCESSING',
    processorId: anna.id,
  });
  return { ...p, anna, ben, addresses, booked, since, pastAppointment, pastTicket, processing };
}

const processorsOf = async (ids: string[]) =>
  (
    await t.app.ctx.db
      .select({ id: appointments.id, processorId: appointments.processorId, cancelState: appointments.cancelState })
      .from(appointments)
      .where(inArray(appointments.id, ids))
  ).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
const theDayBefore = { from: '2026-03-20', to: '2026-03-20' };

describe('DELETE /processors/{id} with upcoming appointments', () => {
  it('answers 409 PROCESSOR_HAS_APPOINTMENTS with their count and first starts; the processor stays', async () => {
    const p = await givenAnnaWithAppointments();
    const res = await del(p, `/processors/${p.anna.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PROCESSOR_HAS_APPOINTMENTS', count: 2, first: [new Date(SPRING.monday8).toISOString(), '2026-03-31T07:00:00.000Z'] });
    expect((await get(p, `/processors/${p.anna.id}`)).statusCode).toBe(200);
    expect((await get({ user: p.anna }, '/auth')).statusCode).toBe(200);
  });

  it('?appointments=cancel: patients told by mail, the processor deactivated — no sign-in, no token, offered nowhere — and history keeps them', async () => {
    const p = await givenAnnaWithAppointments();
    expect((await del(p, `/processors/${p.anna.id}?appointments=cancel`)).statusCode).toBe(204);
    expect((await processorsOf(p.booked.map((b) => b.id))).map((row) => row.cancelState)).toEqual(['STAFF', 'STAFF']);
    expect((await t.smtp.waitForMail(p.addresses[0]!, { since: p.since })).subject).toContain('abgesagt');
    expect((await t.smtp.waitForMail(p.addresses[1]!, { since: p.since })).subject).toContain('abgesagt');
    // No way in: the token is refused, the password too.
    expect((await get({ user: p.anna }, '/auth')).statusCode).toBe(401);
    const login = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(p.anna.username, PASSWORD) } });
    expect(login.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
    // Offered nowhere: processor lists, the list's assignments, the patient's free times.
    expect((await get(p, '/processors')).json<Processor[]>().map((x) => x.id)).not.toContain(p.anna.id);
    expect((await get(p, `/processors/${p.anna.id}`)).statusCode).toBe(404);
    expect((await get(p, `/queues/${p.queueId}/processors`)).json<AssignedProcessor[]>().map((x) => x.id)).toEqual([p.ben.id]);
    const free = (await t.inject({ method: 'GET', url: `/appointment-types/${p.type.id}/availability?from=2026-03-30&to=2026-03-31` })).json<Availability>();
    expect(free.processors.map((x) => x.id)).toEqual([p.ben.id]);
    expect(new Set(free.slots.map((s) => s.processor_id))).toEqual(new Set([p.ben.id]));
    // History: kept, with their name; their hours kept too (not offered); the ticket in progress still theirs.
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, p.anna.id));
    expect(row?.deactivatedAt).not.toBeNull();
    expect((await t.app.ctx.db.select().from(appointmentSlots).where(eq(appointmentSlots.processorId, p.anna.id))).length).toBe(2);
    const tickets = await t.app.ctx.db
      .select({ id: queueMembers.id, processorId: queueMembers.processorId })
      .from(queueMembers)
      .where(inArray(queueMembers.id, [p.pastTicket, p.processing]));
    expect(tickets.map((x) => x.processorId)).toEqual([p.anna.id, p.anna.id]);
    const summary = await report<ReportSummary>(t, p.user, 'summary', { ...theDayBefore, processor_id: p.anna.id });
    expect(summary.current).toMatchObject({ drawn: 1, served: 1 });
    const byProcessor = await report<ReportProcessors>(t, p.user, 'processors', theDayBefore);
    expect(byProcessor.processors).toEqual([expect.objectContaining({ processor_id: p.anna.id, name: 'Bearbeiter', served: 1 })]);
    expect((await processorsOf([p.pastAppointment]))[0]?.processorId).toBe(p.anna.id);
    // A second removal finds nobody.
    expect((await del(p, `/processors/${p.anna.id}?appointments=cancel`)).statusCode).toBe(404);
  });

  it('?appointments=reassign&to=: the appointments go to the colleague at the same times, nobody is told', async () => {
    const p = await givenAnnaWithAppointments();
    expect((await del(p, `/processors/${p.anna.id}?appointments=reassign&to=${p.ben.id}`)).statusCode).toBe(204);
    expect((await processorsOf(p.booked.map((b) => b.id))).map((row) => [row.processorId, row.cancelState])).toEqual([
      [p.ben.id, null],
      [p.ben.id, null],
    ]);
    expect(t.smtp.mails.slice(p.since).filter((m) => p.addresses.some((a) => m.to.includes(a)))).toEqual([]);
    expect((await get({ user: p.anna }, '/auth')).statusCode).toBe(401);
  });

  it('refuses a handover it cannot do, and changes nothing: no target, oneself, a foreign, removed or unknown one, a taken time', async () => {
    const p = await givenAnnaWithAppointments();
    const other = await givenAdmin(t);
    // Ben is booked on Monday at 8 as well: Anna's Monday 8 cannot go to him.
    const clash = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8, { processor_id: p.ben.id }) });
    expect(clash.statusCode).toBe(201);
    const cases: [string, number, string][] = [
      ['?appointments=reassign', 400, 'VALIDATION'],
      [`?appointments=reassign&to=${p.anna.id}`, 400, 'HANDOVER_TARGET_INVALID'],
      [`?appointments=reassign&to=${other.user.id}`, 404, 'NOT_FOUND'],
      ['?appointments=reassign&to=kein-uuid', 404, 'NOT_FOUND'],
      [`?appointments=reassign&to=${p.ben.id}`, 409, 'APPOINTMENT_SLOT_TAKEN'],
      ['?appointments=move', 400, 'VALIDATION'],
    ];
    for (const [query, status, code] of cases) {
      const res = await del(p, `/processors/${p.anna.id}${query}`);
      expect([query, res.statusCode, res.json<ApiError>().code]).toEqual([query, status, code]);
    }
    expect((await processorsOf(p.booked.map((b) => b.id))).map((row) => row.processorId)).toEqual([p.anna.id, p.anna.id]);
    expect((await get({ user: p.anna }, '/auth')).statusCode).toBe(200);
    // A removed colleague is no target either.
    expect((await del(p, `/processors/${p.ben.id}?appointments=cancel`)).statusCode).toBe(204);
    expect((await del(p, `/processors/${p.anna.id}?appointments=reassign&to=${p.ben.id}`)).statusCode).toBe(404);
  });
});

describe('the address of a removed processor', () => {
  it('can be invited again: a fresh user gets the invitation, while the removed one stays removed', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, processors: 2 });
    const [anna] = p.processors;
    expect((await del(p, `/processors/${anna!.id}`)).statusCode).toBe(204);
    const since = t.smtp.mails.length;
    const again = await t.inject({ method: 'POST', url: '/processors', headers: asUser(p.user), payload: { username: anna!.username.toUpperCase(), display_name: 'Anna' } });
    expect(again.statusCode).toBe(201);
    expect(again.json<Processor>().id).not.toBe(anna!.id);
    expect((await t.smtp.waitForMail(anna!.username, { since })).text).toContain('/passwordReset/');
    // The old password names the removed user no more.
    const login = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(anna!.username, PASSWORD) } });
    expect(login.statusCode).toBe(401);
    expect(
      (await get(p, '/processors'))
        .json<Processor[]>()
        .filter((x) => x.username.toLowerCase() === anna!.username.toLowerCase())
        .map((x) => x.id),
    ).toEqual([again.json<Processor>().id]);
  });
});
