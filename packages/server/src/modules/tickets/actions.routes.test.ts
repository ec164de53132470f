import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError, InfoTag, Member, MemberActionResult, TicketView } from '@wartefrei/shared';
import { queueMembers, queueProcessors, queues } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProcessor } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket, linkKey, linkKeyIn, memberAction, memberOf } from '../../../test/support/tickets.js';

const t = useTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 } });
const admin = useAdmin(t);

const errorOf = (res: { json: <T>() => T }) => res.json<ApiError>();
/** The ticket page as its patient opens it: by the token of the draw's link (or of a mailed one). */
const ticket = async (drawn: TicketView | string) => {
  const res = await t.inject({ method: 'GET', url: `/members/${typeof drawn === 'string' ? drawn : linkKey(drawn)}` });
  expect(res.statusCode).toBe(200);
  return res.json<TicketView>();
};
const list = async (queueId: string, query = '') => {
  const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/members${query}`, headers: asUser(admin.user) });
  expect(res.statusCode).toBe(200);
  return res.json<Member[]>();
};
const numbers = (members: { number: number }[]) => members.map((m) => m.number);
const infoTag = async (payload: Record<string, unknown>) => {
  const res = await t.inject({ method: 'POST', url: '/info-tags', headers: asUser(admin.user), payload });
  expect(res.statusCode).toBe(201);
  return res.json<InfoTag>();
};

describe('the states of a ticket (docs/product.md#states-and-transitions)', () => {
  it('call → processing, finish → finished; the ticket page follows each state', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    const called = memberOf(await callNext(t, admin.user, queueId));
    expect(called).toMatchObject({ id: drawn.id, status: 'PROCESSING', view: 'processing', processor_id: admin.user.id, called_silently: false });
    expect(await ticket(drawn)).toMatchObject({ view: 'processing', position: null, called_numbers: [drawn.number] });
    t.clock.advanceSeconds(300);
    const finished = memberOf(await memberAction(t, admin.user, drawn.id, 'finish'));
    expect(finished).toMatchObject({ status: 'FINISHED_BY_PROCESSOR', view: 'finished', processing_minutes: 5 });
    expect(await ticket(drawn)).toMatchObject({ view: 'finished', called_numbers: [] });
  });

  it('a repeated action changes nothing and answers MEMBER_STATE', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    memberOf(await callNext(t, admin.user, queueId));
    const first = memberOf(await memberAction(t, admin.user, drawn.id, 'finish'));
    const again = await memberAction(t, admin.user, drawn.id, 'finish');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'MEMBER_STATE', message: expect.stringContaining('nichts geändert') });
    const [row] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, drawn.id));
    expect(row?.version).toBe(first.version);
  });

  it('with the version the client saw, a stale action is refused with MEMBER_CHANGED', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    const called = memberOf(await callNext(t, admin.user, queueId));
    memberOf(await memberAction(t, admin.user, drawn.id, 'requeue'));
    memberOf(await callNext(t, admin.user, queueId));
    const stale = await memberAction(t, admin.user, drawn.id, 'finish', { version: called.version });
    expect(errorOf(stale).code).toBe('MEMBER_CHANGED');
  });

  it('requeue puts a called member back to its place in the line', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const first = await givenTicket(t, queueId);
    await givenTicket(t, queueId);
    memberOf(await callNext(t, admin.user, queueId));
    const requeued = memberOf(await memberAction(t, admin.user, first.id, 'requeue'));
    expect(requeued).toMatchObject({ status: 'WAITING', processor_id: null, actual_start: null, position: 1 });
  });

  it('cancel by the processor: struck out of the line and the estimates, the patient sees cancelled; restore brings it back', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { averageProcessMinutes: 10 });
    const a = await givenTicket(t, queueId);
    const b = await givenTicket(t, queueId);
    const beforeCancel = await ticket(b);
    const cancelled = memberOf(await memberAction(t, admin.user, a.id, 'cancel'));
    expect(cancelled).toMatchObject({ status: 'WAITING', cancel_state: 'PROCESSOR', view: 'cancelled', position: null });
    expect(await ticket(a)).toMatchObject({ view: 'cancelled', estimated_start: null });
    const afterCancel = await ticket(b);
    expect(afterCancel.position).toBe(1);
    expect(Date.parse(afterCancel.estimated_start ?? '')).toBeLessThan(Date.parse(beforeCancel.estimated_start ?? ''));
    // Still on the staff list (struck through), not callable.
    expect(numbers(await list(queueId))).toEqual([a.number, b.number]);
    expect(memberOf(await callNext(t, admin.user, queueId)).id).toBe(b.id);
    expect(errorOf(await memberAction(t, admin.user, a.id, 'cancel')).code).toBe('MEMBER_STATE');
    const restored = memberOf(await memberAction(t, admin.user, a.id, 'restore'));
    expect(restored).toMatchObject({ status: 'WAITING', cancel_state: null, view: 'waiting', position: 1 });
    expect(errorOf(await memberAction(t, admin.user, a.id, 'restore')).code).toBe('MEMBER_STATE');
  });

  it('the processor cancel mails a patient who left an address, in their language, with the ticket link', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      name: 'Labor',
      patientInputs: { display_name: 'OPTIONAL', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'OPTIONAL', phone: 'NONE' },
    });
    const drawn = await givenTicket(t, queueId, { display_name: 'Jane', mail: 'jane@patient.example', lang: 'en' });
    const since = t.smtp.mails.length;
    memberOf(await memberAction(t, admin.user, drawn.id, 'cancel'));
    const mail = await t.smtp.waitForMail('jane@patient.example', { since });
    expect(mail.subject).toBe('Your ticket has been cancelled');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain(`no. ${drawn.number} for “Labor”`);
    // The mail's link is one of its own, not the draw's: it opens the ticket, which says why.
    const mailed = linkKeyIn(mail.text);
    expect(mail.text).toContain(`http://wartefrei.test/ticket/${mailed}`);
    expect(mailed).not.toBe(linkKey(drawn));
    expect(await ticket(mailed)).toMatchObject({ id: drawn.id, view: 'cancelled' });
    // No address, no mail — and restoring sends nothing.
    const silent = await givenTicket(t, queueId);
    const count = t.smtp.mails.length;
    memberOf(await memberAction(t, admin.user, silent.id, 'cancel'));
    memberOf(await memberAction(t, admin.user, drawn.id, 'restore'));
    expect(t.smtp.mails.length).toBe(count);
  });

  it('remove takes a member off the list without serving it', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    const removed = memberOf(await memberAction(t, admin.user, drawn.id, 'remove'));
    expect(removed).toMatchObject({ status: 'FINISHED_BY_PROCESSOR', removed: true, actual_start: null });
    expect(await list(queueId)).toEqual([]);
    expect(numbers(await list(queueId, '?status=FINISHED_BY_PROCESSOR'))).toEqual([drawn.number]);
  });

  it('the patient cancels their own ticket by their link: no processor can restore or call it', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    const res = await t.inject({ method: 'DELETE', url: `/members/${linkKey(drawn)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<TicketView>()).toMatchObject({ status: 'FINISHED_BY_USER', cancel_state: 'USER', view: 'cancelled' });
    expect(errorOf(await t.inject({ method: 'DELETE', url: `/members/${linkKey(drawn)}` })).code).toBe('MEMBER_STATE');
    for (const action of ['restore', 'call', 'requeue']) expect(errorOf(await memberAction(t, admin.user, drawn.id, action)).code).toBe('MEMBER_STATE');
    expect(errorOf(await callNext(t, admin.user, queueId)).code).toBe('NO_WAITING_MEMBER');
  });

  it('TERMINATE ends every waiting and processing member: the ticket shows expired', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const waiting = await givenTicket(t, queueId);
    const processing = await givenTicket(t, queueId);
    const done = await givenTicket(t, queueId);
    await memberAction(t, admin.user, done.id, 'call');
    await memberAction(t, admin.user, done.id, 'finish');
    await memberAction(t, admin.user, processing.id, 'call');
    const res = await t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { event: 'TERMINATE' } });
    expect(res.statusCode).toBe(200);
    for (const open of [waiting, processing]) {
      expect(await ticket(open)).toMatchObject({ status: 'FINISHED_BY_TIMEOUT', cancel_state: 'SESSION_END', view: 'expired' });
    }
    expect(await ticket(done)).toMatchObject({ view: 'finished', cancel_state: null });
  });

  it('a called member not finished within the queue timeout ends by the timeout job, once', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { timeoutMinutes: 15 });
    const drawn = await givenTicket(t, queueId);
    await callNext(t, admin.user, queueId);
    t.clock.advanceSeconds(14 * 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await ticket(drawn)).status).toBe('PROCESSING');
    t.clock.advanceSeconds(60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect(await ticket(drawn)).toMatchObject({ status: 'FINISHED_BY_TIMEOUT', cancel_state: 'TIMEOUT', view: 'cancelled' });
  });

  it('the timeout of an earlier call does not end a member that was requeued and called again', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { timeoutMinutes: 10 });
    const drawn = await givenTicket(t, queueId);
    await callNext(t, admin.user, queueId);
    t.clock.advanceSeconds(5 * 60);
    await memberAction(t, admin.user, drawn.id, 'requeue');
    await callNext(t, admin.user, queueId);
    t.clock.advanceSeconds(6 * 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await ticket(drawn)).status).toBe('PROCESSING');
    t.clock.advanceSeconds(5 * 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test' });
    expect((await ticket(drawn)).status).toBe('FINISHED_BY_TIMEOUT');
  });
});

describe('call next', () => {
  it('calls in the order of the line, publicly or silently; a silent call is not among the called numbers', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const a = await givenTicket(t, queueId);
    const b = await givenTicket(t, queueId);
    expect(memberOf(await callNext(t, admin.user, queueId)).id).toBe(a.id);
    expect(memberOf(await callNext(t, admin.user, queueId, { silent: true }))).toMatchObject({ id: b.id, called_silently: true });
    expect((await ticket(a)).called_numbers).toEqual([a.number]);
    expect(errorOf(await callNext(t, admin.user, queueId)).code).toBe('NO_WAITING_MEMBER');
  });

  it('refuses beyond maxConcurrentProcessing with the spec warning, and with force calls and warns', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 1 });
    await givenTicket(t, queueId);
    const second = await givenTicket(t, queueId);
    memberOf(await callNext(t, admin.user, queueId));
    const refused = await callNext(t, admin.user, queueId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'MAX_CONCURRENT_PROCESSING', message: 'Es werden nur 1 gleichzeitig bearbeitete Patienten empfohlen.' });
    const forced = await callNext(t, admin.user, queueId, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json<MemberActionResult>()).toMatchObject({ member: { id: second.id }, warning: { code: 'MAX_CONCURRENT_PROCESSING', max: 1 } });
  });

  it('an info tag with time priority moves a member ahead and puts a called one back to waiting', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const urgent = await infoTag({ name: 'Akut', delay: 'EARLIER', delay_minutes: 30, time_priority: true });
    const a = await givenTicket(t, queueId);
    t.clock.advanceSeconds(60);
    const b = await givenTicket(t, queueId);
    const tagged = await t.inject({ method: 'POST', url: `/members/${b.id}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: urgent.id } });
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json<MemberActionResult>().member).toMatchObject({ position: 1, info_tag_ids: [urgent.id] });
    expect(memberOf(await callNext(t, admin.user, queueId)).id).toBe(b.id);
    // Tagging a member being processed sends it back to waiting.
    const other = await infoTag({ name: 'Notfall', delay: 'EARLIER', delay_minutes: 10, time_priority: true });
    const called = memberOf(await callNext(t, admin.user, queueId));
    expect(called.id).toBe(a.id);
    const back = await t.inject({ method: 'POST', url: `/members/${a.id}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: other.id } });
    expect(back.json<MemberActionResult>().member).toMatchObject({ status: 'WAITING', processor_id: null });
    // Only one time-priority tag per member (docs/product.md#validation-rules).
    const second = await t.inject({ method: 'POST', url: `/members/${a.id}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: urgent.id } });
    expect(errorOf(second).code).toBe('TIME_PRIORITY_TAG_EXISTS');
    // Removing the tag undoes its shift.
    const removed = await t.inject({ method: 'DELETE', url: `/members/${a.id}/info-tags/${other.id}`, headers: asUser(admin.user) });
    expect(removed.json<MemberActionResult>().member.info_tag_ids).toEqual([]);
  });

  it('POST /call-next serves the most urgent of the processor queues first', async () => {
    const low = await givenOpenQueue(t, admin.accountId, { priority: 100 });
    const high = await givenOpenQueue(t, admin.accountId, { priority: 1 });
    const lowTicket = await givenTicket(t, low);
    t.clock.advanceSeconds(60);
    const highTicket = await givenTicket(t, high);
    const processor = await givenProcessor(t, admin.accountId, [low, high]);
    const call = () => t.inject({ method: 'POST', url: '/call-next', headers: asUser(processor), payload: {} });
    expect(memberOf(await call()).id).toBe(highTicket.id);
    // The high queue is at its limit now (1): the low queue comes next.
    expect(memberOf(await call()).id).toBe(lowTicket.id);
    expect(errorOf(await call()).code).toBe('NO_WAITING_MEMBER');
    // A queue the processor only manages (not actively processing) is not served.
    await givenTicket(t, high);
    await t.app.ctx.db.update(queueProcessors).set({ active: false }).where(eq(queueProcessors.userId, processor.id));
    expect(errorOf(await call()).code).toBe('NO_WAITING_MEMBER');
  });

  it('automatically-next: finishing calls the next member for the same processor', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { automaticallyNext: true });
    const a = await givenTicket(t, queueId);
    const b = await givenTicket(t, queueId);
    await callNext(t, admin.user, queueId);
    const res = await memberAction(t, admin.user, a.id, 'finish');
    expect(res.json<MemberActionResult>()).toMatchObject({ member: { id: a.id, status: 'FINISHED_BY_PROCESSOR' }, next: { id: b.id, status: 'PROCESSING' } });
    expect((await memberAction(t, admin.user, b.id, 'finish')).json<MemberActionResult>().next).toBeNull();
  });
});

describe('move', () => {
  it('to a position in the line, and to another queue of the account keeping the number', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const a = await givenTicket(t, queueId);
    t.clock.advanceSeconds(10);
    const b = await givenTicket(t, queueId);
    t.clock.advanceSeconds(10);
    const c = await givenTicket(t, queueId);
    const moved = memberOf(await memberAction(t, admin.user, c.id, 'move', { position: 1 }));
    expect(moved.position).toBe(1);
    expect(numbers((await list(queueId)).sort((x, y) => (x.position ?? 0) - (y.position ?? 0)))).toEqual([c.number, a.number, b.number]);
    memberOf(await memberAction(t, admin.user, a.id, 'move', { position: 3 }));
    expect((await list(queueId)).sort((x, y) => (x.position ?? 0) - (y.position ?? 0)).map((m) => m.id)).toEqual([c.id, b.id, a.id]);

    const other = await givenOpenQueue(t, admin.accountId);
    const there = memberOf(await memberAction(t, admin.user, b.id, 'move', { queue_id: other }));
    expect(there).toMatchObject({ queue_id: other, number: b.number, position: 1 });
    expect((await ticket(b)).queue_id).toBe(other);
  });

  it('only a member waiting in line moves', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const drawn = await givenTicket(t, queueId);
    await callNext(t, admin.user, queueId);
    expect(errorOf(await memberAction(t, admin.user, drawn.id, 'move', { position: 1 })).code).toBe('MEMBER_STATE');
    expect(errorOf(await memberAction(t, admin.user, drawn.id, 'move', {})).code).toBe('VALIDATION');
  });
});

describe('views', () => {
  it('GET /members/{token}: unknown and malformed keys are MEMBER_NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'A'.repeat(22), 'abc', "1' OR '1'='1"]) {
      const res = await t.inject({ method: 'GET', url: `/members/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('MEMBER_NOT_FOUND');
    }
  });

  it('shows the queue texts, visible info tags and hides times when a tag says so', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { ticketTextAfter: 'Bitte Versicherungskarte bereithalten', phone: '+43 1 234' });
    const drawn = await givenTicket(t, queueId);
    const shown = await infoTag({ name: 'Labor', ticket_text: 'Bitte nüchtern kommen', hide_times_on_ticket: true });
    const hidden = await infoTag({ name: 'Intern', visible_on_ticket: false });
    for (const tag of [shown, hidden]) {
      await t.inject({ method: 'POST', url: `/members/${drawn.id}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: tag.id } });
    }
    const view = await ticket(drawn);
    expect(view.queue).toMatchObject({ ticket_text_after: 'Bitte Versicherungskarte bereithalten', phone: '+43 1 234' });
    expect(view.info_tags.map((tag) => tag.name)).toEqual(['Labor']);
    expect(view).toMatchObject({ estimated_start: null, first_estimated_start: null, wait_minutes: null, position: 1 });
  });

  it('the first estimated start stays; the current one follows the line', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { averageProcessMinutes: 10 });
    const a = await givenTicket(t, queueId);
    const b = await givenTicket(t, queueId);
    expect(b.first_estimated_start).toBe(b.estimated_start);
    await memberAction(t, admin.user, a.id, 'remove');
    const after = await ticket(b);
    expect(after.first_estimated_start).toBe(b.first_estimated_start);
    expect(Date.parse(after.estimated_start ?? '')).toBeLessThan(Date.parse(b.estimated_start ?? ''));
  });

  it('learns the average from real durations once there are enough', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { averageProcessMinutes: 5, maxConcurrentProcessing: 1 });
    for (let i = 0; i < 8; i++) {
      const drawn = await givenTicket(t, queueId);
      await callNext(t, admin.user, queueId);
      t.clock.advanceSeconds(20 * 60);
      await memberAction(t, admin.user, drawn.id, 'finish');
    }
    const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/public` });
    // Nobody waits: the next ticket starts now. One waiting: it starts after a learned 20, not the configured 5.
    await givenTicket(t, queueId);
    const withOne = await t.inject({ method: 'GET', url: `/queues/${queueId}/public` });
    expect(res.json<{ estimated_wait: { wait_minutes: number } }>().estimated_wait.wait_minutes).toBeLessThanOrEqual(1);
    expect(withOne.json<{ estimated_wait: { wait_minutes: number } }>().estimated_wait.wait_minutes).toBeGreaterThanOrEqual(20);
  });

  it('filters the staff list by status, origin, info tag and text', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      kioskEnabled: true,
      patientInputs: { display_name: 'OPTIONAL', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    });
    const online = await givenTicket(t, queueId, { display_name: 'Maria Huber' });
    const kiosk = await givenTicket(t, queueId, { origin: 'KIOSK', display_name: 'Karl' });
    const tag = await infoTag({ name: 'Rezept' });
    await t.inject({ method: 'POST', url: `/members/${kiosk.id}/info-tags`, headers: asUser(admin.user), payload: { info_tag_id: tag.id } });
    expect(numbers(await list(queueId, '?origin=KIOSK'))).toEqual([kiosk.number]);
    expect(numbers(await list(queueId, `?info_tag=${tag.id}`))).toEqual([kiosk.number]);
    expect(numbers(await list(queueId, '?q=huber'))).toEqual([online.number]);
    expect(numbers(await list(queueId, `?q=${kiosk.number}`))).toEqual([kiosk.number]);
    expect(numbers(await list(queueId, '?q=%25'))).toEqual([]);
    expect(numbers(await list(queueId, '?status=PROCESSING'))).toEqual([]);
    const bad = await t.inject({ method: 'GET', url: `/queues/${queueId}/members?status=SLEEPING`, headers: asUser(admin.user) });
    expect(bad.statusCode).toBe(400);
  });
});

void queues;
