import { describe, expect, it } from 'vitest';
import type { InfoTag, Member, PublicQueue, TicketView } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket, linkKey, memberAction, memberOf } from '../../../test/support/tickets.js';

/*
 * The draw, the ticket page and the public view read the line's counts, not its members
 * (line.repo.ts); the staff's list still estimates the whole line. Both must tell a patient the
 * same: this drives a line with everything that moves places and estimates and compares them.
 */
const t = useTestApp();
const admin = useAdmin(t);

const infoTag = async (payload: Record<string, unknown>) => {
  const res = await t.inject({ method: 'POST', url: '/info-tags', headers: asUser(admin.user), payload: { time_priority: false, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InfoTag>();
};
const tag = async (memberId: string, infoTagId: string) =>
  expect((await t.inject({ method: 'POST', url: `/members/${memberId}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: infoTagId } })).statusCode).toBe(200);
/** The ticket page as its patient opens it: by the token of the draw's link. */
const ticketOf = async (drawn: TicketView) => (await t.inject({ method: 'GET', url: `/members/${linkKey(drawn)}` })).json<TicketView>();
const waitingOnList = async (queueId: string) =>
  (await t.inject({ method: 'GET', url: `/queues/${queueId}/members?status=WAITING`, headers: asUser(admin.user) })).json<Member[]>();

describe('a line read from counts', () => {
  it('gives every ticket page the place and estimate the staff list gives it', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { averageProcessMinutes: 10, preprocessingBufferMinutes: 2 });
    const later = await infoTag({ name: 'Später', delay: 'LATER', delay_minutes: 15 });
    const hidden = await infoTag({ name: 'Ohne Zeit', delay: 'EARLIER', delay_minutes: 5, hide_times_on_ticket: true });
    const drawn: TicketView[] = [];
    for (let i = 0; i < 12; i++) drawn.push(await givenTicket(t, queueId));
    const silent = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asUser(admin.user), payload: { origin: 'MANUAL', silent: true } });
    expect(silent.statusCode).toBe(201);
    const answers = new Map([...drawn, silent.json<TicketView>()].map((answer) => [answer.id, answer]));
    await tag(drawn[3]!.id, later.id);
    await tag(drawn[5]!.id, hidden.id);
    memberOf(await memberAction(t, admin.user, drawn[8]!.id, 'move', { position: 2 }));
    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(drawn[4]!)}` })).statusCode).toBe(200);
    memberOf(await callNext(t, admin.user, queueId, { force: true }));

    const list = await waitingOnList(queueId);
    expect(list).toHaveLength(11);
    for (const member of list) {
      const ticket = await ticketOf(answers.get(member.id)!);
      const hides = member.id === drawn[5]!.id;
      expect({ position: ticket.position, ahead: ticket.ahead, estimated_start: ticket.estimated_start }, `ticket ${member.number}`).toEqual({
        position: member.position,
        ahead: member.ahead,
        estimated_start: hides ? null : member.estimated_start,
      });
    }
    // Places run 1…11 in the list's order, and the delays moved only their own members.
    expect(list.map((m) => m.position)).toEqual(list.map((_, i) => i + 1));
    const [, second, third] = list;
    expect(second!.id).toBe(drawn[2]!.id);
    expect(Date.parse(third!.estimated_start!) - Date.parse(second!.estimated_start!)).toBe(12 * 60_000 + 15 * 60_000);

    const view = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();
    expect(view.waiting).toBe(11);
    const newcomer = await givenTicket(t, queueId);
    expect(newcomer).toMatchObject({ position: 12, ahead: 11, estimated_start: view.estimated_wait?.estimated_start });
    expect(await ticketOf(newcomer)).toMatchObject({ position: 12, estimated_start: newcomer.estimated_start });
  });

  it('gives no place to a ticket that is not waiting in line', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const [first, second] = [await givenTicket(t, queueId), await givenTicket(t, queueId)];
    memberOf(await callNext(t, admin.user, queueId));
    expect(await ticketOf(first)).toMatchObject({ status: 'PROCESSING', position: null, ahead: null, estimated_start: null });
    expect(await ticketOf(second)).toMatchObject({ status: 'WAITING', position: 1, ahead: 0 });
  });
});
