import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError, Member, TicketAlerts, TicketView } from '@wartefrei/shared';
import { alertDeliveries, alertSubscriptions, pushKeys } from '../../db/schema/index.js';
import { useAdmin } from '../../../test/support/use-test-app.js';
import { useAlertChannels } from '../../../test/support/message-channels.js';
import { asUser } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey, linkKeyIn, memberAction } from '../../../test/support/tickets.js';
import { ensurePushKeys } from './push-keys.js';
import { checkQueueAlerts } from './check.js';

const world = useAlertChannels();
const t = world.t;
const admin = useAdmin(t);

/** The patient's routes take the token of their link (`linkKey` of the draw's answer), never the id. */
const subscribe = (key: string, payload: Record<string, unknown>) => t.inject({ method: 'PUT', url: `/members/${key}/alerts`, payload });
const ticket = async (key: string) => (await t.inject({ method: 'GET', url: `/members/${key}` })).json<TicketView>();
const call = async (memberId: string) => {
  const res = await memberAction(t, admin.user, memberId, 'call', { force: true });
  expect(res.statusCode).toBe(200);
};
const staffView = async (queueId: string, memberId: string) => {
  const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) });
  return res.json<Member[]>().find((m) => m.id === memberId);
};
/** The pushes a subscription received, once `count` are there (the check runs shortly after a change). */
async function pushesOf(clientHash: string, count: number): Promise<{ title: string; body: string; url: string }[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const messages = (await world.push.messages(clientHash)).map((m) => JSON.parse(m) as { title: string; body: string; url: string });
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
/**
 * The ticket as staff see it once `count` alerts were tried and none is on its way any more (a
 * push arrives at the service a moment before the server has marked it sent).
 */
async function settledAlerts(queueId: string, memberId: string, count: number): Promise<Member | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const member = await staffView(queueId, memberId);
    const deliveries = member?.alerts.deliveries ?? [];
    if ((deliveries.length >= count && deliveries.every((d) => d.state !== 'SENDING')) || Date.now() > deadline) return member;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
/** Lets a check that might wrongly send run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

/** A line of `n` tickets; the last one is the patient under test. */
async function givenLine(n: number, settings: Parameters<typeof givenOpenQueue>[2] = {}) {
  const queueId = await givenOpenQueue(t, admin.accountId, { name: 'Allgemeinmedizin', ...settings });
  const tickets: TicketView[] = [];
  for (let i = 0; i < n; i++) tickets.push(await givenTicket(t, queueId));
  return { queueId, tickets, patient: tickets.at(-1)! };
}

describe('"almost your turn" alerts (docs/product.md#alerts)', () => {
  it('makes the VAPID key once, keeps it in the database, and hands it to the ticket page', async () => {
    const [stored] = await t.app.ctx.db.select().from(pushKeys);
    expect(stored?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Every later start (another node) reads the same key.
    expect(await ensurePushKeys(t.app.ctx.db)).toEqual({ publicKey: stored?.publicKey, privateKey: stored?.privateKey });
    const { patient } = await givenLine(1);
    expect((await ticket(linkKey(patient))).alerts).toEqual<TicketAlerts>({
      members_ahead: 2,
      minutes_left: 10,
      push_key: stored!.publicKey,
      sms_offered: false,
      push: false,
      sms_phone_end: null,
    });
  });

  it('pushes "noch 2 vor Ihnen" once, never again at 1 ahead, then the call — staff see both delivered', async () => {
    const { queueId, tickets, patient } = await givenLine(4);
    const subscription = await world.push.subscribe(t.app.ctx.push.publicKey);
    const res = await subscribe(linkKey(patient), { push: { endpoint: subscription.endpoint, keys: subscription.keys } });
    expect(res.statusCode).toBe(200);
    expect(res.json<TicketAlerts>()).toMatchObject({ push: true });
    await settle();
    expect(await world.push.messages(subscription.clientHash)).toEqual([]); // 3 ahead: not yet

    await call(tickets[0]!.id);
    const [almost] = await pushesOf(subscription.clientHash, 1);
    expect(almost).toEqual({
      title: 'Allgemeinmedizin: Gleich sind Sie dran',
      body: `Nummer ${patient.number}: noch 2 vor Ihnen.`,
      url: expect.stringMatching(/^http:\/\/wartefrei\.test\/ticket\//),
      tag: `wartefrei-${patient.id}`,
      lang: 'de',
    });
    // The push's link is one of its own (not the draw's) and opens the patient's ticket.
    const pushed = linkKeyIn(almost?.url);
    expect(pushed).not.toBe(linkKey(patient));
    expect((await ticket(pushed)).id).toBe(patient.id);

    await call(tickets[1]!.id);
    await settle();
    expect(await world.push.messages(subscription.clientHash)).toHaveLength(1);

    await call(patient.id);
    const all = await pushesOf(subscription.clientHash, 2);
    expect(all.map((m) => m.body)).toEqual([`Nummer ${patient.number}: noch 2 vor Ihnen.`, `Nummer ${patient.number}: Sie sind an der Reihe. Bitte kommen Sie jetzt.`]);
    const member = await settledAlerts(queueId, patient.id, 2);
    expect(member?.alerts.channels).toEqual(['PUSH']);
    expect(member?.alerts.deliveries.map((d) => [d.channel, d.kind, d.state])).toEqual([
      ['PUSH', 'AHEAD', 'SENT'],
      ['PUSH', 'CALLED', 'SENT'],
    ]);
    // Checking again (the sweep, another node) sends nothing twice.
    expect(await checkQueueAlerts(t.app.ctx, queueId)).toBe(0);
  });

  it('sends nothing after a cancel: the subscription goes with the ticket, and the database refuses an alert for it', async () => {
    const { tickets, patient } = await givenLine(4);
    const subscription = await world.push.subscribe(t.app.ctx.push.publicKey);
    expect((await subscribe(linkKey(patient), { push: { endpoint: subscription.endpoint, keys: subscription.keys } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(patient)}` })).statusCode).toBe(200);
    await call(tickets[0]!.id);
    await call(tickets[1]!.id);
    await settle();
    expect(await world.push.messages(subscription.clientHash)).toEqual([]);
    expect(await t.app.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.memberId, patient.id))).toEqual([]);
    await expect(t.app.ctx.db.insert(alertDeliveries).values({ accountId: admin.accountId, memberId: patient.id, channel: 'PUSH', kind: 'AHEAD' })).rejects.toThrow();
    // A cancelled ticket cannot subscribe again.
    const again = await subscribe(linkKey(patient), { push: { endpoint: subscription.endpoint, keys: subscription.keys } });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('MEMBER_STATE');
  });

  it('texts by SMS where the list allows it, in the ticket’s language, with the link back', async () => {
    const { tickets, patient } = await givenLine(3, { mayActivateSmsNotifications: true });
    const res = await subscribe(linkKey(patient), { sms: { phone: '+43 664 7654321' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<TicketAlerts>()).toMatchObject({ sms_offered: true, sms_phone_end: '321' });
    // 2 ahead already: told at once.
    const [text] = await world.sms.waitFor('+436647654321', 1);
    expect(text?.text).toMatch(new RegExp(`^Allgemeinmedizin: Nummer ${patient.number}: noch 2 vor Ihnen\\. http://wartefrei\\.test/ticket/[A-Za-z0-9_-]{22}$`));
    expect((await ticket(linkKeyIn(text?.text))).id).toBe(patient.id);

    const english = await givenTicket(t, (await ticket(linkKey(patient))).queue_id, { lang: 'en' });
    await call(tickets[0]!.id);
    await call(tickets[1]!.id);
    await call(patient.id);
    const [, called] = await world.sms.waitFor('+436647654321', 2);
    expect(called?.text).toContain('Sie sind an der Reihe');
    // Subscribed with nobody ahead, told at once. (Subscribed earlier, which of its alerts came
    // first would depend on whether the checks after each call were coalesced: on timing.)
    expect((await subscribe(linkKey(english), { sms: { phone: '+43 664 1110001' } })).statusCode).toBe(200);
    const [englishText] = await world.sms.waitFor('+436641110001', 1);
    expect(englishText?.text).toMatch(new RegExp(`^Allgemeinmedizin: Number ${english.number}: you are next\\. http://wartefrei\\.test/ticket/[A-Za-z0-9_-]{22}$`));
    expect((await ticket(linkKeyIn(englishText?.text))).id).toBe(english.id);
  });

  it('refuses SMS where the list does not allow it, a bad number, and a push address inside a network', async () => {
    const { patient } = await givenLine(1);
    const noSms = await subscribe(linkKey(patient), { sms: { phone: '+43 664 7654321' } });
    expect(noSms.statusCode).toBe(400);
    expect(noSms.json<ApiError>().code).toBe('SMS_NOT_ALLOWED');
    const { patient: other } = await givenLine(1, { mayActivateSmsNotifications: true });
    const badPhone = await subscribe(linkKey(other), { sms: { phone: 'abc' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<ApiError>().fields?.['sms.phone']?.code).toBe('INVALID_PHONE');
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const endpoint of ['https://10.0.0.7/push', 'http://push.example.com/x', 'https://localhost/x', 'https://[::1]/x']) {
      const res = await subscribe(linkKey(patient), { push: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<ApiError>().fields?.['push.endpoint']?.code).toBe('INVALID_VALUE');
    }
    for (const key of ['00000000-0000-4000-8000-000000000000', 'A'.repeat(22)]) {
      const unknown = await subscribe(key, { push: { endpoint: 'https://push.example.com/x', keys } });
      expect(unknown.statusCode, key).toBe(404);
      expect(unknown.json<ApiError>().code, key).toBe('MEMBER_NOT_FOUND');
    }
  });

  it('records a push the service refused as failed, with its reason, and forgets that browser', async () => {
    const { queueId, tickets, patient } = await givenLine(4);
    const subscription = await world.push.subscribe(t.app.ctx.push.publicKey);
    expect((await subscribe(linkKey(patient), { push: { endpoint: subscription.endpoint, keys: subscription.keys } })).statusCode).toBe(200);
    await world.push.expire(subscription.clientHash);
    await call(tickets[0]!.id);
    const member = await settledAlerts(queueId, patient.id, 1);
    expect(member?.alerts.deliveries).toEqual([
      expect.objectContaining({ channel: 'PUSH', kind: 'AHEAD', state: 'FAILED', error: 'push service answered 410: subscription gone' }),
    ]);
    expect(member?.alerts.channels).toEqual([]);
  });

  it('ends the alerts on the patient’s wish', async () => {
    const { patient } = await givenLine(5);
    const subscription = await world.push.subscribe(t.app.ctx.push.publicKey);
    await subscribe(linkKey(patient), { push: { endpoint: subscription.endpoint, keys: subscription.keys } });
    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(patient)}/alerts` })).statusCode).toBe(204);
    expect((await ticket(linkKey(patient))).alerts.push).toBe(false);
  });
});
