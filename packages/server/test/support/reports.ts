import { eq, sql } from 'drizzle-orm';
import type { LoggedUser } from '@wartefrei/shared';
import { appointmentTypes, appointments, probingAnswers, queueMemberInfoTags, queueMembers, queues } from '../../src/db/schema/index.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * History for reports, written as it would stand after the fact: a day whose every instant the
 * test chooses, so the expected figures can be worked out by hand. The flows that produce such
 * rows (draw, call, finish, …) have their own tests; a report only reads them.
 */

let ordinal = 0;

/** The day of the member analysis' tests: 10 November 2026 in Vienna, and an instant on it. */
export const MEMBERS_DAY = { from: '2026-11-10', to: '2026-11-10' };
export const onMembersDay = (local: string) => new Date(`2026-11-10T${local}:00+01:00`).toISOString();

/** A new account's admin with two lists, "Allgemein" and "Labor", in a location in Vienna. */
export async function givenGeneralAndLab(t: TestApp) {
  const account = await givenAdmin(t);
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  const general = await givenQueue(t, account.accountId, { profileId, name: 'Allgemein' });
  const lab = await givenQueue(t, account.accountId, { profileId, name: 'Labor' });
  return { admin: account.user, accountId: account.accountId, general, lab };
}

export interface PastTicket {
  queueId: string;
  drawn: string;
  called?: string;
  finished?: string;
  estimate?: string;
  status?: (typeof queueMembers.$inferInsert)['status'];
  cancelState?: (typeof queueMembers.$inferInsert)['cancelState'];
  removed?: boolean;
  origin?: (typeof queueMembers.$inferInsert)['origin'];
  processorId?: string;
  firstName?: string;
  lastName?: string;
  appointmentId?: string;
}

/** A ticket of the past; FINISHED_BY_PROCESSOR unless told otherwise. */
export async function givenPastTicket(t: TestApp, ticket: PastTicket): Promise<string> {
  const [queue] = await t.app.ctx.db.select({ accountId: queues.accountId }).from(queues).where(eq(queues.id, ticket.queueId));
  if (!queue) throw new Error('no queue');
  ordinal += 1;
  const drawn = new Date(ticket.drawn);
  const [row] = await t.app.ctx.db
    .insert(queueMembers)
    .values({
      accountId: queue.accountId,
      queueId: ticket.queueId,
      numberQueueId: ticket.queueId,
      sessionNo: 1,
      ordinal,
      number: ordinal,
      status: ticket.status ?? 'FINISHED_BY_PROCESSOR',
      cancelState: ticket.cancelState ?? null,
      removed: ticket.removed ?? false,
      origin: ticket.origin ?? 'ONLINE',
      processorId: ticket.processorId ?? null,
      orderAt: drawn,
      createdAt: drawn,
      actualStart: ticket.called ? new Date(ticket.called) : null,
      actualEnd: ticket.finished ? new Date(ticket.finished) : null,
      firstEstimatedStart: ticket.estimate ? new Date(ticket.estimate) : null,
      firstName: ticket.firstName ?? null,
      lastName: ticket.lastName ?? null,
      appointmentId: ticket.appointmentId ?? null,
    })
    .returning({ id: queueMembers.id });
  if (!row) throw new Error('no member');
  return row.id;
}

/** An appointment of the past in a list's location. */
export async function givenPastAppointment(
  t: TestApp,
  queueId: string,
  start: string,
  options: { status?: (typeof appointments.$inferInsert)['status']; cancelState?: 'USER' | 'STAFF'; processorId?: string; lastName?: string } = {},
): Promise<string> {
  const [queue] = await t.app.ctx.db.select({ accountId: queues.accountId, profileId: queues.profileId }).from(queues).where(eq(queues.id, queueId));
  if (!queue) throw new Error('no queue');
  const [type] = await t.app.ctx.db
    .insert(appointmentTypes)
    .values({ ...queue, queueId, durationMinutes: 15 })
    .returning({ id: appointmentTypes.id });
  if (!type) throw new Error('no type');
  const [row] = await t.app.ctx.db
    .insert(appointments)
    .values({
      ...queue,
      queueId,
      appointmentTypeId: type.id,
      startAt: new Date(start),
      endAt: new Date(new Date(start).getTime() + 15 * 60_000),
      status: options.status ?? 'BOOKED',
      cancelState: options.cancelState ?? null,
      processorId: options.processorId ?? null,
      source: 'FRONTEND',
      lastName: options.lastName ?? null,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('no appointment');
  return row.id;
}

/** An answer given with a ticket, as the patient saw it. */
export async function givenAnswer(t: TestApp, memberId: string, step: number, questionText: string, optionText: string): Promise<void> {
  const [member] = await t.app.ctx.db.select({ accountId: queueMembers.accountId }).from(queueMembers).where(eq(queueMembers.id, memberId));
  if (!member) throw new Error('no member');
  await t.app.ctx.db.insert(probingAnswers).values({ accountId: member.accountId, memberId, step, questionText, optionText });
}

export async function givenMemberTag(t: TestApp, memberId: string, infoTagId: string): Promise<void> {
  await t.app.ctx.db.insert(queueMemberInfoTags).values({ memberId, infoTagId });
}

/**
 * `count` finished tickets of one list, drawn a minute apart from `start`, written by the
 * database in one statement (the export's volume tests).
 */
export async function givenManyPastTickets(t: TestApp, queueId: string, count: number, start: string): Promise<void> {
  const [queue] = await t.app.ctx.db.select({ accountId: queues.accountId }).from(queues).where(eq(queues.id, queueId));
  if (!queue) throw new Error('no queue');
  const base = ordinal + 1;
  ordinal += count;
  await t.app.ctx.db.execute(sql`
    insert into queue_members (account_id, queue_id, number_queue_id, session_no, ordinal, number, status, origin, order_at, created_at, actual_start, actual_end, first_name, last_name)
    select ${queue.accountId}::uuid, ${queueId}::uuid, ${queueId}::uuid, 1, ${base}::int + i, (${base}::int + i) % 1000, 'FINISHED_BY_PROCESSOR', 'ONLINE',
      d, d, d + interval '7 minutes', d + interval '19 minutes', 'Vorname', 'Nachname ' || i
    from generate_series(0, ${count - 1}::int) as i, lateral (select ${start}::timestamptz + i * interval '1 minute' as d) as drawn`);
}

/** `GET /reports/<path>?<query>` as the user; the parsed answer, failing on anything but 200. */
export async function report<T>(t: TestApp, user: LoggedUser, path: string, query: Record<string, string>): Promise<T> {
  const res = await t.inject({ method: 'GET', url: `/reports/${path}?${new URLSearchParams(query).toString()}`, headers: asUser(user) });
  if (res.statusCode !== 200) throw new Error(`report ${path} failed: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}
