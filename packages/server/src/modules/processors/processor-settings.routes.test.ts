import { describe, expect, it } from 'vitest';
import type { ApiError, AssignedProcessor, Availability, LoggedUser, MemberActionResult, PatientAppointment, Processor } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket } from '../../../test/support/tickets.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';

/*
 * Every per-processor setting acts (docs/product.md#processor-settings): set by an admin through
 * `PATCH /processors/{id}`, observed where a processor or a patient meets it. The work view's
 * colour is seen in e2e/specs/processor-settings.e2e.ts; the Microsoft tenant in
 * modules/auth/microsoft.routes.test.ts.
 */

const t = useTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 }, bookingLimit: { perIp: 100_000, windowSeconds: 600 } });
const admin = useAdmin(t);

const errorOf = (res: { json: <T>() => T }) => res.json<ApiError>();

async function setProcessor(by: LoggedUser, processorId: string, settings: Record<string, unknown>): Promise<Processor> {
  const res = await t.inject({ method: 'PATCH', url: `/processors/${processorId}`, headers: asUser(by), payload: settings });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Processor>();
}

describe('a processor’s own max concurrent processing', () => {
  it('refuses a call beyond it with a stable code in the caller’s language, and with force calls and warns', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    await setProcessor(admin.user, processor.id, { max_concurrent_processing: 1 });
    await givenTicket(t, queueId);
    const second = await givenTicket(t, queueId);
    expect((await callNext(t, processor, queueId)).statusCode).toBe(200);

    const refused = await callNext(t, processor, queueId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'PROCESSOR_MAX_CONCURRENT_PROCESSING', message: 'Für Sie werden höchstens 1 gleichzeitig bearbeitete Patienten empfohlen.' });
    const inEnglish = await t.inject({ method: 'POST', url: `/queues/${queueId}/call-next`, headers: { ...asUser(processor), 'accept-language': 'en' }, payload: {} });
    expect(errorOf(inEnglish).message).toBe('At most 1 patients being processed by you at the same time are recommended.');
    // The member out of order is bound as well; the list (limit 5) has room for others.
    expect(errorOf(await t.inject({ method: 'POST', url: `/members/${second.id}/call`, headers: asUser(processor), payload: {} })).code).toBe(
      'PROCESSOR_MAX_CONCURRENT_PROCESSING',
    );
    expect((await callNext(t, admin.user, queueId)).statusCode).toBe(200);

    await givenTicket(t, queueId);
    const forced = await callNext(t, processor, queueId, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json<MemberActionResult>().warning).toMatchObject({ code: 'PROCESSOR_MAX_CONCURRENT_PROCESSING', max: 1 });
  });

  /** A processor who may serve one patient at a time, in two lists (of five) with a ticket each. */
  async function givenProcessorOfOneInTwoLists() {
    const first = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const other = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 5 });
    const processor = await givenProcessor(t, admin.accountId, [first, other]);
    await setProcessor(admin.user, processor.id, { max_concurrent_processing: 1 });
    await givenTicket(t, first);
    await givenTicket(t, other);
    return { first, other, processor };
  }

  it('counts what the processor serves in every list, also for the call over all their lists', async () => {
    const { first, other, processor } = await givenProcessorOfOneInTwoLists();
    expect((await callNext(t, processor, first)).statusCode).toBe(200);
    expect(errorOf(await callNext(t, processor, other)).code).toBe('PROCESSOR_MAX_CONCURRENT_PROCESSING');
    const overAll = await t.inject({ method: 'POST', url: '/call-next', headers: asUser(processor), payload: {} });
    expect(errorOf(overAll).code).toBe('PROCESSOR_MAX_CONCURRENT_PROCESSING');
  });

  it('the stricter limit wins: the list’s below the processor’s refuses with the list’s code', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 1 });
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    await setProcessor(admin.user, processor.id, { max_concurrent_processing: 3 });
    await givenTicket(t, queueId);
    await givenTicket(t, queueId);
    expect((await callNext(t, processor, queueId)).statusCode).toBe(200);
    expect(errorOf(await callNext(t, processor, queueId))).toMatchObject({
      code: 'MAX_CONCURRENT_PROCESSING',
      message: 'Es werden nur 1 gleichzeitig bearbeitete Patienten empfohlen.',
    });
  });

  it('lets only one of two calls at the same instant take the processor’s last free place', async () => {
    const { first, other, processor } = await givenProcessorOfOneInTwoLists();
    const answers = await Promise.all([callNext(t, processor, first), callNext(t, processor, other)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('without an own limit (null) only the list’s applies', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { maxConcurrentProcessing: 2 });
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    expect((await setProcessor(admin.user, processor.id, { max_concurrent_processing: null })).max_concurrent_processing).toBeNull();
    await givenTicket(t, queueId);
    await givenTicket(t, queueId);
    expect((await callNext(t, processor, queueId)).statusCode).toBe(200);
    expect((await callNext(t, processor, queueId)).statusCode).toBe(200);
  });
});

describe('a processor’s own button visibility', () => {
  const start = (user: LoggedUser, queueId: string) => t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(user), payload: { event: 'START' } });

  it('where set, replaces the list’s for them (NOBODY: no session button, not even the queueing switch); not set, the list’s holds', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    await setProcessor(admin.user, processor.id, { button_visibility: 'NOBODY' });
    expect((await start(processor, queueId)).statusCode).toBe(403);
    const queueing = await t.inject({ method: 'PATCH', url: `/queues/${queueId}/session`, headers: asUser(processor), payload: { queueing_allowed: false } });
    expect(queueing.statusCode).toBe(403);
    await setProcessor(admin.user, processor.id, { button_visibility: null });
    expect((await start(processor, queueId)).statusCode).toBe(200);
  });

  it('overrides the list’s both ways: ADMINS_ONLY takes the buttons from a processor, EVERYBODY opens what the list keeps for admins', async () => {
    const open = await givenQueue(t, admin.accountId);
    const processor = await givenProcessor(t, admin.accountId, [open]);
    await setProcessor(admin.user, processor.id, { button_visibility: 'ADMINS_ONLY' });
    expect((await start(processor, open)).statusCode).toBe(403);
    expect((await start(admin.user, open)).statusCode).toBe(200);

    const adminsOnly = await givenQueue(t, admin.accountId, { buttonVisibility: { queue_opened: 'ADMINS_ONLY' } });
    const reception = await givenProcessor(t, admin.accountId, [adminsOnly]);
    expect((await start(reception, adminsOnly)).statusCode).toBe(403);
    await setProcessor(admin.user, reception.id, { button_visibility: 'EVERYBODY' });
    expect((await start(reception, adminsOnly)).statusCode).toBe(200);
    // The admin's own NOBODY closes it for them as well, in a list open to all.
    await setProcessor(admin.user, admin.user.id, { button_visibility: 'NOBODY' });
    expect((await start(admin.user, await givenQueue(t, admin.accountId))).statusCode).toBe(403);
    await setProcessor(admin.user, admin.user.id, { button_visibility: null });
  });

  it('the processor reads their own settings at GET /processors/me (no admin right needed)', async () => {
    const processor = await givenProcessor(t, admin.accountId);
    await setProcessor(admin.user, processor.id, { button_visibility: 'NOBODY', name_order: 'LAST_FIRST', color: '#c2255c' });
    const me = await t.inject({ method: 'GET', url: '/processors/me', headers: asUser(processor) });
    expect(me.statusCode).toBe(200);
    expect(me.json<Processor>()).toMatchObject({ id: processor.id, button_visibility: 'NOBODY', name_order: 'LAST_FIRST', color: '#C2255C' });
  });
});

describe('a processor’s colour and priority where processors are offered', () => {
  it('the list’s processors come by priority (1 first), with their colour, also to a processor of the list', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const anna = await givenProcessor(t, admin.accountId, [queueId]);
    const zora = await givenProcessor(t, admin.accountId, [queueId]);
    await setProcessor(admin.user, anna.id, { display_name: 'Anna', priority: 100 });
    await setProcessor(admin.user, zora.id, { display_name: 'Zora', priority: 1, color: '#2f9e44' });
    const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/processors`, headers: asUser(anna) });
    expect(res.json<AssignedProcessor[]>().map((p) => [p.display_name, p.color])).toEqual([
      ['Zora', '#2F9E44'],
      ['Anna', null],
    ]);
  });

  it('a patient who names no processor gets the free one with the highest priority; free times list them in that order', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, processors: 2 });
    const [first, second] = p.processors as [LoggedUser, LoggedUser];
    await setProcessor(p.user, first.id, { display_name: 'Anna', priority: 500 });
    await setProcessor(p.user, second.id, { display_name: 'Zora', priority: 1 });
    const free = await t.inject({ method: 'GET', url: `/appointment-types/${p.type.id}/availability?from=2026-03-30&to=2026-03-30` });
    const availability = free.json<Availability>();
    expect(availability.slots.filter((s) => s.start === SPRING.monday8).map((s) => s.processor_id)).toEqual([second.id, first.id]);
    expect(availability.processors.map((x) => x.name)).toEqual(['Zora', 'Anna']);

    const booked = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8), remoteAddress: '10.0.0.9' });
    expect(booked.statusCode).toBe(201);
    expect(booked.json<PatientAppointment>().processor_name).toBe('Zora');
    // The priority changes, and so does who is offered first.
    await setProcessor(p.user, first.id, { priority: 1 });
    await setProcessor(p.user, second.id, { priority: 10 });
    const next = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday9), remoteAddress: '10.0.0.9' });
    expect(next.json<PatientAppointment>().processor_name).toBe('Anna');
  });
});
