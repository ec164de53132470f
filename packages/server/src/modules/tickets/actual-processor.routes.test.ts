import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiError, LoggedUser, PublicQueue, Queue, TicketView } from '@wartefrei/shared';
import { queueMembers, queueProcessors, users } from '../../db/schema/index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProcessor } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket, linkKey, memberAction, memberOf } from '../../../test/support/tickets.js';

// The list switches show_processor_on_processing and
// allow_actual_processor_selection_for_non_active_processors, through the HTTP contract.

const t = useTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 } });
const admin = useAdmin(t);

/** The ticket page as its patient opens it: by the token of the draw's link. */
const ticket = async (drawn: TicketView) => (await t.inject({ method: 'GET', url: `/members/${linkKey(drawn)}` })).json<TicketView>();
const publicQueue = async (queueId: string) => (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();
/** A processor of the list with a display name of their own. */
async function processorNamed(queueIds: string[], name: string): Promise<LoggedUser> {
  const user = await givenProcessor(t, admin.accountId, queueIds);
  await t.app.ctx.db.update(users).set({ displayName: name }).where(eq(users.id, user.id));
  return user;
}
const onlyManaging = (queueId: string, user: LoggedUser) =>
  t.app.ctx.db
    .update(queueProcessors)
    .set({ active: false })
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, user.id)));
const patchQueue = (queueId: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/queues/${queueId}`, headers: asUser(admin.user), payload });
const choose = (user: LoggedUser, memberId: string, processorId: string, extra: Record<string, unknown> = {}) =>
  memberAction(t, user, memberId, 'processor', { processor_id: processorId, ...extra });

describe('show_processor_on_processing: the ticket page and the monitor name who serves', () => {
  it('names nobody while the switch is off', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const drawn = await givenTicket(t, queueId);
    memberOf(await callNext(t, huber, queueId));
    expect(await ticket(drawn)).toMatchObject({ view: 'processing', processor_name: null });
    expect(await publicQueue(queueId)).toMatchObject({ called_numbers: [drawn.number], called_processors: [] });
  });

  it('switched on through the list settings: the processing ticket and the public queue name them, until the visit ends', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    expect((await patchQueue(queueId, { show_processor_on_processing: true })).json<Queue>().show_processor_on_processing).toBe(true);
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const first = await givenTicket(t, queueId);
    const second = await givenTicket(t, queueId);
    memberOf(await callNext(t, huber, queueId));
    expect(await ticket(first)).toMatchObject({ view: 'processing', processor_name: 'Dr. Huber' });
    // Still waiting: nobody serves them yet.
    expect(await ticket(second)).toMatchObject({ view: 'waiting', processor_name: null });
    expect((await publicQueue(queueId)).called_processors).toEqual([{ number: first.number, processor_name: 'Dr. Huber', processor_room: null }]);

    memberOf(await memberAction(t, huber, first.id, 'finish'));
    expect(await ticket(first)).toMatchObject({ view: 'finished', processor_name: null });
    expect((await publicQueue(queueId)).called_processors).toEqual([]);
  });

  it("a processor's room, set by an admin, is named beside them on the ticket page and the monitor", async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { showProcessorOnProcessing: true });
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const set = await t.inject({ method: 'PATCH', url: `/processors/${huber.id}`, headers: asUser(admin.user), payload: { room: '  Raum 2 ' } });
    expect(set.json()).toMatchObject({ room: 'Raum 2' });
    const drawn = await givenTicket(t, queueId);
    memberOf(await callNext(t, huber, queueId));
    expect(await ticket(drawn)).toMatchObject({ processor_name: 'Dr. Huber', processor_room: 'Raum 2' });
    expect((await publicQueue(queueId)).called_processors).toEqual([{ number: drawn.number, processor_name: 'Dr. Huber', processor_room: 'Raum 2' }]);
    // Cleared again: the name alone.
    await t.inject({ method: 'PATCH', url: `/processors/${huber.id}`, headers: asUser(admin.user), payload: { room: null } });
    expect(await ticket(drawn)).toMatchObject({ processor_room: null });
  });

  it("a silent call stays off the monitor, while the patient's own ticket still names who serves", async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { showProcessorOnProcessing: true });
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const drawn = await givenTicket(t, queueId);
    memberOf(await memberAction(t, huber, drawn.id, 'call', { silent: true }));
    expect(await ticket(drawn)).toMatchObject({ view: 'processing', processor_name: 'Dr. Huber' });
    expect(await publicQueue(queueId)).toMatchObject({ called_numbers: [], called_processors: [] });
  });
});

describe('POST /members/{id}/processor: choosing who serves (the actual processor)', () => {
  it('an active processor hands the member to another active one; the ticket page names the new one', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { showProcessorOnProcessing: true });
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const berger = await processorNamed([queueId], 'Dr. Berger');
    const drawn = await givenTicket(t, queueId);
    const called = memberOf(await callNext(t, huber, queueId));
    const chosen = memberOf(await choose(huber, drawn.id, berger.id, { version: called.version }));
    expect(chosen).toMatchObject({ status: 'PROCESSING', processor_id: berger.id, version: called.version + 1 });
    expect(await ticket(drawn)).toMatchObject({ processor_name: 'Dr. Berger', processor_room: null });
    expect((await publicQueue(queueId)).called_processors).toEqual([{ number: drawn.number, processor_name: 'Dr. Berger', processor_room: null }]);
    // The same choice again changes nothing.
    expect(memberOf(await choose(huber, drawn.id, berger.id)).version).toBe(chosen.version);
    // A choice on a state the caller no longer sees is refused.
    expect((await choose(huber, drawn.id, huber.id, { version: called.version })).json<ApiError>().code).toBe('MEMBER_CHANGED');
  });

  it('a processor who only manages the list may not choose while the switch is off, and may once it is on', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const reception = await processorNamed([queueId], 'Empfang');
    await onlyManaging(queueId, reception);
    const drawn = await givenTicket(t, queueId);
    memberOf(await memberAction(t, reception, drawn.id, 'call'));

    const refused = await choose(reception, drawn.id, huber.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>()).toMatchObject({ code: 'PROCESSOR_SELECTION_NOT_ALLOWED', message: expect.stringContaining('nicht aktiv') });
    const [row] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, drawn.id));
    expect(row?.processorId).toBe(reception.id);

    expect((await patchQueue(queueId, { allow_actual_processor_selection_for_non_active_processors: true })).statusCode).toBe(200);
    expect(memberOf(await choose(reception, drawn.id, huber.id)).processor_id).toBe(huber.id);
  });

  it("the recipient's own limit holds as in a call: refused, or handed over anyway with a warning", async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const berger = await processorNamed([queueId], 'Dr. Berger');
    await t.inject({ method: 'PATCH', url: `/processors/${berger.id}`, headers: asUser(admin.user), payload: { max_concurrent_processing: 1 } });
    const bergers = await givenTicket(t, queueId);
    const drawn = await givenTicket(t, queueId);
    memberOf(await callNext(t, berger, queueId));
    expect(memberOf(await callNext(t, huber, queueId)).id).toBe(drawn.id);

    const refused = await choose(huber, drawn.id, berger.id);
    expect([refused.statusCode, refused.json<ApiError>().code]).toEqual([409, 'RECIPIENT_MAX_CONCURRENT_PROCESSING']);
    const [still] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, drawn.id));
    expect(still?.processorId).toBe(huber.id);

    const forced = await choose(huber, drawn.id, berger.id, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ member: { processor_id: berger.id }, warning: { code: 'RECIPIENT_MAX_CONCURRENT_PROCESSING', max: 1 } });
    // Both of theirs finished, a hand-over to them needs no force again.
    memberOf(await memberAction(t, berger, bergers.id, 'finish'));
    memberOf(await memberAction(t, berger, drawn.id, 'finish'));
    const third = await givenTicket(t, queueId);
    memberOf(await callNext(t, huber, queueId));
    expect(memberOf(await choose(huber, third.id, berger.id)).processor_id).toBe(berger.id);
  });

  it('an administrator may always choose', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const drawn = await givenTicket(t, queueId);
    memberOf(await callNext(t, admin.user, queueId));
    expect(memberOf(await choose(admin.user, drawn.id, huber.id)).processor_id).toBe(huber.id);
  });

  it('only someone actively processing the list can be chosen, and only for a member in processing', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const otherQueueId = await givenOpenQueue(t, admin.accountId);
    const huber = await processorNamed([queueId], 'Dr. Huber');
    const away = await processorNamed([queueId], 'Dr. Weg');
    await onlyManaging(queueId, away);
    const elsewhere = await processorNamed([otherQueueId], 'Dr. Anderswo');
    const waiting = await givenTicket(t, queueId);
    const drawn = await givenTicket(t, queueId);

    const notServing = await choose(huber, drawn.id, away.id);
    expect(notServing.statusCode).toBe(409);
    expect(notServing.json<ApiError>().code).toBe('MEMBER_STATE');
    memberOf(await memberAction(t, huber, drawn.id, 'call'));
    const inactive = await choose(huber, drawn.id, away.id);
    expect([inactive.statusCode, inactive.json<ApiError>().code]).toEqual([409, 'PROCESSOR_NOT_SERVING']);
    // Not a processor of this list (or no id at all): not found, like a missing id.
    expect((await choose(huber, drawn.id, elsewhere.id)).statusCode).toBe(404);
    expect((await choose(huber, drawn.id, 'kein-bearbeiter')).statusCode).toBe(404);
    expect((await choose(huber, waiting.id, huber.id)).json<ApiError>().code).toBe('MEMBER_STATE');
  });
});
