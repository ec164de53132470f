import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError, PublicQueue, TicketView } from '@wartefrei/shared';
import { accounts, queueMembers, queueSessions } from '../../db/schema/index.js';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';

const t = useTestApp({ drawLimit: { perIp: 5, windowSeconds: 600 } });
const admin = useAdmin(t);

let ipCounter = 0;
/** A fresh client address per draw, so only the rate-limit test meets the limit. */
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;
const draw = (queueId: string, payload: Record<string, unknown> = {}) => drawRequest(t, queueId, payload, freshIp());
const errorOf = (res: { json: <T>() => T }) => res.json<ApiError>();

describe('POST /queues/{id}/members: numbers', () => {
  it('numbers tickets from number start, one after the other, and answers the ticket view', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { numberStart: 100 });
    const first = await draw(queueId);
    expect(first.statusCode).toBe(201);
    expect(first.json<TicketView>()).toMatchObject({
      queue_id: queueId,
      number: 100,
      status: 'WAITING',
      cancel_state: null,
      view: 'waiting',
      position: 1,
      ahead: 0,
    });
    const second = (await draw(queueId)).json<TicketView>();
    expect(second).toMatchObject({ number: 101, position: 2, ahead: 1 });
  });

  it('starts at 1 without a number start', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    expect((await draw(queueId)).json<TicketView>().number).toBe(1);
  });

  it('wraps to number start at number end (the default), skipping nothing', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { numberStart: 7, numberEnd: 8 });
    const first = (await draw(queueId)).json<TicketView>();
    const second = (await draw(queueId)).json<TicketView>();
    expect([first.number, second.number]).toEqual([7, 8]);
    // 7 is still waiting: a wrapped 7 would show one number twice, so the range is exhausted.
    const third = await draw(queueId);
    expect(third.statusCode).toBe(409);
    expect(errorOf(third).code).toBe('NUMBER_RANGE_EXHAUSTED');
    // Once 7 is gone, the range wraps to it.
    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(first)}` })).statusCode).toBe(200);
    expect((await draw(queueId)).json<TicketView>().number).toBe(7);
  });

  it('refuses at number end when the queue does not wrap, without using up a number', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { numberStart: 1, numberEnd: 2, numberWrap: false });
    await givenTicketVia(queueId);
    const last = (await draw(queueId)).json<TicketView>();
    const refused = await draw(queueId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'NUMBER_RANGE_EXHAUSTED', message: expect.stringContaining('Ticketnummern') });
    const [session] = await t.app.ctx.db.select().from(queueSessions).where(eq(queueSessions.queueId, queueId));
    expect(session?.lastOrdinal).toBe(2);
    expect(last.number).toBe(2);
  });

  it('starts numbering again in a new session', async () => {
    const queueId = await givenQueue(t, admin.accountId);
    const send = (event: string) => t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { event } });
    expect((await send('START')).statusCode).toBe(200);
    await givenTicketVia(queueId);
    expect((await draw(queueId)).json<TicketView>().number).toBe(2);
    expect((await send('TERMINATE')).statusCode).toBe(200);
    expect((await send('START')).statusCode).toBe(200);
    expect((await draw(queueId)).json<TicketView>().number).toBe(1);
  });
});

async function givenTicketVia(queueId: string): Promise<TicketView> {
  const res = await draw(queueId);
  expect(res.statusCode).toBe(201);
  return res.json<TicketView>();
}

describe('POST /queues/{id}/members: refusals', () => {
  it.each([
    ['closed', { open: false }, 'ONLINE', 409, 'QUEUE_CLOSED', 'Die Warteliste ist aktuell geschlossen'],
    ['online suspended', { onlineSuspended: true }, 'ONLINE', 409, 'INTAKE_SUSPENDED', 'Wir vergeben im Moment keine neuen Tickets'],
    ['kiosk suspended', { kioskSuspended: true }, 'KIOSK', 409, 'INTAKE_SUSPENDED', 'Wir vergeben im Moment keine neuen Tickets'],
    ['blocked', { blocked: true }, 'ONLINE', 409, 'INTAKE_SUSPENDED', 'Wir vergeben im Moment keine neuen Tickets'],
    ['queueing not allowed', { queueingAllowed: false }, 'KIOSK', 409, 'INTAKE_SUSPENDED', 'Wir vergeben im Moment keine neuen Tickets'],
  ] as const)('%s: %s', async (_case, session, origin, status, code, message) => {
    const queueId = await givenOpenQueue(t, admin.accountId, { kioskEnabled: true });
    await t.app.ctx.db.update(queueSessions).set(session).where(eq(queueSessions.queueId, queueId));
    const res = await draw(queueId, { origin });
    expect(res.statusCode).toBe(status);
    expect(errorOf(res)).toMatchObject({ code, message });
  });

  it('an online suspend does not stop the kiosk, nor a kiosk suspend online drawing', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { kioskEnabled: true });
    await t.app.ctx.db.update(queueSessions).set({ onlineSuspended: true }).where(eq(queueSessions.queueId, queueId));
    expect((await draw(queueId, { origin: 'KIOSK' })).statusCode).toBe(201);
    await t.app.ctx.db.update(queueSessions).set({ onlineSuspended: false, kioskSuspended: true }).where(eq(queueSessions.queueId, queueId));
    expect((await draw(queueId, { origin: 'ONLINE' })).statusCode).toBe(201);
  });

  it('online drawing disabled and kiosk disabled each have their code', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, { drawOnlineEnabled: false, kioskEnabled: false });
    expect(errorOf(await draw(queueId, { origin: 'ONLINE' })).code).toBe('DRAWING_DISABLED');
    expect(errorOf(await draw(queueId, { origin: 'KIOSK' })).code).toBe('KIOSK_DISABLED');
  });

  it('a deactivated subscription refuses every draw; an unpaid one or an ended trial does not yet', async () => {
    const other = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, other.accountId);
    await t.app.ctx.db.update(accounts).set({ subscriptionState: 'deactivated' }).where(eq(accounts.id, other.accountId));
    const res = await draw(queueId);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('SUBSCRIPTION_INVALID');
    // The practice is warned first: its trial's end and `notPaid` keep intake open (docs/product.md#billing).
    await t.app.ctx.db
      .update(accounts)
      .set({ subscriptionState: 'trial', trialEnd: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(accounts.id, other.accountId));
    expect((await draw(queueId)).statusCode).toBe(201);
    await t.app.ctx.db.update(accounts).set({ subscriptionState: 'notPaid' }).where(eq(accounts.id, other.accountId));
    expect((await draw(queueId)).statusCode).toBe(201);
  });

  it('an unknown or malformed queue id is QUEUE_NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const res = await draw(id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('QUEUE_NOT_FOUND');
    }
  });

  it('messages come in the caller language', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    await t.app.ctx.db.update(queueSessions).set({ open: false }).where(eq(queueSessions.queueId, queueId));
    const res = await t.inject({
      method: 'POST',
      url: `/queues/${queueId}/members`,
      headers: { 'accept-language': 'en' },
      payload: { origin: 'ONLINE' },
      remoteAddress: freshIp(),
    });
    expect(errorOf(res).message).toBe('The waiting list is currently closed');
  });

  it('public drawing is rate limited per client address; other addresses still draw', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const ip = '192.0.2.200';
    for (let i = 0; i < 5; i++) expect((await drawRequest(t, queueId, {}, ip)).statusCode).toBe(201);
    const limited = await drawRequest(t, queueId, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await draw(queueId)).statusCode).toBe(201);
  });
});

describe('POST /queues/{id}/members: patient data', () => {
  it('requires what the queue requires, with one code per field', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      patientInputs: { display_name: 'REQUIRED', first_name: 'REQUIRED', birth_date: 'OPTIONAL', insurance_number: 'REQUIRED', mail: 'OPTIONAL', phone: 'NONE' },
    });
    const res = await draw(queueId, { first_name: '  ', insurance_number: '1234010180', mail: 'kein-mail', phone: '0664 1234567' });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.code).toBe('VALIDATION');
    expect(Object.fromEntries(Object.entries(body.fields ?? {}).map(([f, e]) => [f, e.code]))).toEqual({
      display_name: 'REQUIRED',
      first_name: 'REQUIRED',
      last_name: 'REQUIRED',
      insurance_number: 'SVNR_CHECK_DIGIT',
      mail: 'INVALID_EMAIL',
    });
    expect(body.fields?.display_name?.message).toMatch(/darf nicht leer sein/);
  });

  it('drops data the list no longer asks for instead of refusing the draw, and never stores it', async () => {
    // A patient's form was opened while the list still asked for the phone number.
    const queueId = await givenOpenQueue(t, admin.accountId, {
      patientInputs: { display_name: 'REQUIRED', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    });
    const res = await draw(queueId, { display_name: 'Anna', phone: '+43 664 1234567', first_name: 'Anna', last_name: 'Berger' });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, res.json<TicketView>().id));
    expect(stored).toMatchObject({ displayName: 'Anna', phone: null, firstName: null, lastName: null });
  });

  it('stores valid data (insurance number and phone without spaces) and shows the display name on the ticket', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      patientInputs: { display_name: 'REQUIRED', first_name: 'OPTIONAL', birth_date: 'REQUIRED', insurance_number: 'OPTIONAL', mail: 'OPTIONAL', phone: 'OPTIONAL' },
    });
    const res = await draw(queueId, {
      display_name: 'Anna',
      first_name: 'Anna',
      last_name: 'Berger',
      birth_date: '1980-01-01',
      insurance_number: '1237 010180',
      phone: '+43 664 1234567',
      lang: 'en',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json<TicketView>();
    expect(ticket.display_name).toBe('Anna');
    expect(ticket).not.toHaveProperty('insurance_number');
    const list = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) });
    expect(list.json<Record<string, unknown>[]>()[0]).toMatchObject({
      first_name: 'Anna',
      last_name: 'Berger',
      birth_date: '1980-01-01',
      insurance_number: '1237010180',
      phone: '+436641234567',
      lang: 'en',
      origin: 'ONLINE',
      drawn_by_processor: false,
    });
  });

  it('checks the birth date against the queue age limits in its location date', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      minAge: 18,
      patientInputs: { display_name: 'NONE', first_name: 'NONE', birth_date: 'REQUIRED', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    });
    const res = await draw(queueId, { birth_date: `${t.clock.now().getUTCFullYear() - 10}-01-01` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.birth_date?.code).toBe('TOO_YOUNG');
  });

  it('silent is for manual tickets only; a manual ticket needs a processor of the queue', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    expect(errorOf(await draw(queueId, { silent: true })).fields?.silent?.code).toBe('INVALID_VALUE');
    const anonymous = await draw(queueId, { origin: 'MANUAL' });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await givenProcessor(t, admin.accountId, []);
    const foreign = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asUser(stranger), payload: { origin: 'MANUAL' } });
    expect(foreign.statusCode).toBe(404);
    const processor = await givenProcessor(t, admin.accountId, [queueId]);
    const manual = await t.inject({
      method: 'POST',
      url: `/queues/${queueId}/members`,
      headers: asUser(processor),
      payload: { origin: 'MANUAL', silent: true },
    });
    expect(manual.statusCode).toBe(201);
    const list = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(processor) });
    expect(list.json<Record<string, unknown>[]>()[0]).toMatchObject({ origin: 'MANUAL', drawn_by_processor: true, silent: true });
  });

  it('a processor may add a manual ticket while online intake is suspended, not while closed', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    await t.app.ctx.db.update(queueSessions).set({ onlineSuspended: true, queueingAllowed: false }).where(eq(queueSessions.queueId, queueId));
    const manual = () => t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asUser(admin.user), payload: { origin: 'MANUAL' } });
    expect((await manual()).statusCode).toBe(201);
    await t.app.ctx.db.update(queueSessions).set({ open: false }).where(eq(queueSessions.queueId, queueId));
    expect(errorOf(await manual()).code).toBe('QUEUE_CLOSED');
  });
});

describe('GET /queues/{id}/public', () => {
  it('shows counts, the refusal per channel and the estimate for a new ticket, and no patient', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId, {
      averageProcessMinutes: 10,
      patientInputs: { display_name: 'REQUIRED', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    });
    await givenTicket(t, queueId, { display_name: 'Geheim' });
    await givenTicket(t, queueId, { display_name: 'Geheim' });
    const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/public` });
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicQueue>();
    expect(body).toMatchObject({ id: queueId, waiting: 2, processing: 0, online_refusal: null, kiosk_refusal: 'KIOSK_DISABLED', called_numbers: [] });
    expect(body.session).toEqual({ open: true, queueing_allowed: true, blocked: false, online_suspended: false, kiosk_suspended: false });
    // Two visits of 10 minutes ahead, rounded up to the full minute (the estimator errs late).
    expect(body.estimated_wait?.wait_minutes).toBeGreaterThanOrEqual(20);
    expect(body.estimated_wait?.wait_minutes).toBeLessThanOrEqual(21);
    expect(res.body).not.toContain('Geheim');
  });

  it('lists the next five numbers in line order: after a move, without cancelled or silently drawn tickets', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    const nextNumbers = async () => (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>().next_numbers;
    expect(await nextNumbers()).toEqual([]);
    const tickets: TicketView[] = [];
    for (let i = 0; i < 4; i++) tickets.push((await draw(queueId)).json<TicketView>());
    const [first, second, third, fourth] = tickets.map((ticket) => ticket.number);
    expect(await nextNumbers()).toEqual([first, second, third, fourth]);

    const silent = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asUser(admin.user), payload: { origin: 'MANUAL', silent: true } });
    expect(silent.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) tickets.push((await draw(queueId)).json<TicketView>());
    const [, , , , fifth, sixth, seventh] = tickets.map((ticket) => ticket.number);
    expect(await nextNumbers()).toEqual([first, second, third, fourth, fifth]);

    const moved = await t.inject({ method: 'POST', url: `/members/${tickets[3]!.id}/move`, headers: asUser(admin.user), payload: { position: 1 } });
    expect(moved.statusCode).toBe(200);
    expect(await nextNumbers()).toEqual([fourth, first, second, third, fifth]);

    expect((await t.inject({ method: 'POST', url: `/members/${tickets[0]!.id}/cancel`, headers: asUser(admin.user), payload: {} })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(tickets[1]!)}` })).statusCode).toBe(200);
    expect(await nextNumbers()).toEqual([fourth, third, fifth, sixth, seventh]);
  });

  it('answers QUEUE_NOT_FOUND for unknown ids', async () => {
    const res = await t.inject({ method: 'GET', url: '/queues/00000000-0000-4000-8000-000000000000/public' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('QUEUE_NOT_FOUND');
  });
});

void givenQueue;
