import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Appointment, AuditLog, ErasureResult, LoggedUser, Member, WorkViewEntry } from '@wartefrei/shared';
import { alertSubscriptions, appointments, queueMembers, queues } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenPastAppointment, givenPastTicket } from '../../../test/support/reports.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';
import { startSmsGateway } from '../../../test/support/sms.js';

/** A patient's request to erase their data, carried out by staff: what goes, who may, what the log says. */

let t: TestApp;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
let admin: LoggedUser;
let processor: LoggedUser;
let outsider: LoggedUser;
let queueId: string;
/** Written history (numbers of its own, apart from the live draws of `queueId`). */
let historyQueue: string;

const erase = (user: LoggedUser, kind: 'members' | 'appointments', id: string) => t.inject({ method: 'POST', url: `/${kind}/${id}/erase`, headers: asUser(user) });

beforeAll(async () => {
  // A server that sends SMS: a patient may subscribe one, whose number an erasure removes.
  sms = await startSmsGateway();
  t = await startTestApp({ smsUrl: sms.url });
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Berlin' });
  queueId = await givenOpenQueue(t, account.accountId, {}, { profileId });
  const otherQueue = await givenOpenQueue(t, account.accountId, {}, { profileId });
  historyQueue = await givenQueue(t, account.accountId, { profileId });
  processor = await givenProcessor(t, account.accountId, [queueId]);
  outsider = await givenProcessor(t, account.accountId, [otherQueue]);
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

describe('POST /members/{id}/erase', () => {
  it('empties the patient fields of a waiting ticket for good; it stays in line, the work view shows it erased', async () => {
    const ticket = await givenTicket(t, queueId, { first_name: 'Erika', last_name: 'Muster', mail: 'erika@example.org' });
    expect((await erase(outsider, 'members', ticket.id)).statusCode).toBe(404);

    const res = await erase(processor, 'members', ticket.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureResult>()).toMatchObject({ members: [ticket.id], appointments: [] });
    const list = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(processor) });
    const shown = list.json<WorkViewEntry[]>().find((entry) => entry.id === ticket.id) as Member;
    expect(shown).toMatchObject({ status: 'WAITING', first_name: null, last_name: null, mail: null, erased_at: expect.any(String) });
    expect(list.body).not.toContain('Muster');

    const log = await t.inject({ method: 'GET', url: '/audit?action=member.erase', headers: asUser(admin) });
    expect(log.json<AuditLog>().entries).toMatchObject([{ user_id: processor.id, subject_type: 'member', subject_id: ticket.id, detail: { members: 1, appointments: 0 } }]);
    expect(log.body).not.toContain('Muster');
  });

  it('takes the phone number and push address of a ticket’s alerts with it', async () => {
    await t.app.ctx.db.update(queues).set({ mayActivateSmsNotifications: true }).where(eq(queues.id, queueId));
    const ticket = await givenTicket(t, queueId);
    const subscribed = await t.inject({ method: 'PUT', url: `/members/${linkKey(ticket)}/alerts`, payload: { sms: { phone: '+43 664 9998887' } } });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect((await erase(processor, 'members', ticket.id)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.memberId, ticket.id))).toEqual([]);
  });

  it('an appointment and the ticket it became are erased together, whichever is named', async () => {
    const booked = await givenPastAppointment(t, historyQueue, '2026-11-20T09:00:00+01:00', { status: 'CHECKED_IN', lastName: 'Termin' });
    const ticket = await givenPastTicket(t, { queueId: historyQueue, drawn: '2026-11-20T08:55:00+01:00', origin: 'APPOINTMENT', appointmentId: booked, lastName: 'Termin' });
    const res = await erase(admin, 'appointments', booked);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureResult>()).toMatchObject({ members: [ticket], appointments: [booked] });
    const [member] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, ticket));
    const [appointment] = await t.app.ctx.db.select().from(appointments).where(eq(appointments.id, booked));
    expect([member?.lastName, appointment?.lastName]).toEqual([null, null]);
    const list = await t.inject({ method: 'GET', url: `/appointments?from=2026-11-20&to=2026-11-20`, headers: asUser(admin) });
    expect(list.json<Appointment[]>().find((a) => a.id === booked)).toMatchObject({ last_name: null, erased_at: expect.any(String) });
  });

  it('an unknown or malformed id is a 404', async () => {
    expect((await erase(admin, 'members', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await erase(admin, 'appointments', 'kein-uuid')).statusCode).toBe(404);
  });
});
