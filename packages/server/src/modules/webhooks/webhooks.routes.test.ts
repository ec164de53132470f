import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  DEMO_ACCOUNT_IDENTIFIER,
  type AuditLog,
  type LoggedUser,
  type TicketView,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@wartefrei/shared';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { accounts, queueMembers, queues, webhookDeliveries } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket, memberAction, memberOf } from '../../../test/support/tickets.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { dispatchDueDeliveries, WEBHOOK_RETRY_WINDOW_MS } from './index.js';

const TIMEOUT_MS = 400;
/** Host names the tests resolve themselves (a name outside may point anywhere): changeable per test. */
const hosts = new Map<string, string>([['hooks.example.com', '93.184.216.34']]);

let t: TestApp;
let receiver: WebhookReceiver;
let admin: LoggedUser;
let accountId: string;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp(
    {
      drawLimit: { perIp: 100_000, windowSeconds: 600 },
      // The retry tests move the clock by days: the admin's sign-in must outlast them.
      tokenTtlSeconds: 30 * 86_400,
      webhooks: { allowedOrigins: [receiver.origin], timeoutMs: TIMEOUT_MS },
    },
    {
      resolveHost: async (name) => {
        const address = hosts.get(name);
        if (!address) throw Object.assign(new Error(`no such host ${name}`), { code: 'ENOTFOUND' });
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
    },
  );
  ({ user: admin, accountId } = await givenAdmin(t));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const dispatch = () => dispatchDueDeliveries(t.app.ctx, { runnerId: 'test-node' });

async function createEndpoint(user: LoggedUser, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: '/webhook-endpoints', headers: asUser(user), payload });
}

async function givenEndpoint(events: string[], user = admin, path = '/hooks'): Promise<WebhookEndpointWithSecret> {
  const res = await createEndpoint(user, { url: receiver.url(path), events, description: 'PVS' });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookEndpointWithSecret>();
}

async function deliveries(endpointId: string, user = admin): Promise<WebhookDelivery[]> {
  const res = await t.inject({ method: 'GET', url: `/webhook-endpoints/${endpointId}/deliveries`, headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return res.json<WebhookDelivery[]>();
}

/** Verifies as a receiver does, with the `standardwebhooks` package. */
function verified(secret: string, webhook: { headers: Record<string, string>; body: string }) {
  return new Webhook(secret).verify(webhook.body, webhook.headers) as { type: string; data: Record<string, unknown> };
}

/** Every endpoint of the test account off, so one test's events do not reach the next one's. */
async function quiet(endpoint: { id: string }) {
  const res = await t.inject({ method: 'DELETE', url: `/webhook-endpoints/${endpoint.id}`, headers: asUser(admin) });
  expect(res.statusCode).toBe(204);
}

describe('managing endpoints', () => {
  it('creates with the secret shown once, lists, changes events, disables and deletes', async () => {
    const created = await givenEndpoint(['ticket.drawn', 'ticket.drawn', 'ticket.called']);
    expect(created).toMatchObject({ url: receiver.url('/hooks'), events: ['ticket.drawn', 'ticket.called'], description: 'PVS', disabled: false });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await t.inject({ method: 'GET', url: '/webhook-endpoints', headers: asUser(admin) });
    expect(list.json<WebhookEndpoint[]>().find((e) => e.id === created.id)).toBeDefined();
    expect(list.body).not.toContain(created.secret);
    const one = await t.inject({ method: 'GET', url: `/webhook-endpoints/${created.id}`, headers: asUser(admin) });
    expect(one.json()).not.toHaveProperty('secret');

    const patched = await t.inject({ method: 'PATCH', url: `/webhook-endpoints/${created.id}`, headers: asUser(admin), payload: { events: ['ticket.finished'], disabled: true } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['ticket.finished'], disabled: true, disabled_reason: 'MANUAL' });
    const enabled = await t.inject({ method: 'PATCH', url: `/webhook-endpoints/${created.id}`, headers: asUser(admin), payload: { disabled: false } });
    expect(enabled.json()).toMatchObject({ disabled: false, disabled_reason: null });

    await quiet(created);
    expect((await t.inject({ method: 'GET', url: `/webhook-endpoints/${created.id}`, headers: asUser(admin) })).statusCode).toBe(404);
    // Where the practice's events go is a way out of it: every change is in the audit log, never the secret.
    const { entries } = (await t.inject({ method: 'GET', url: '/audit', headers: asUser(admin) })).json<AuditLog>();
    expect(entries.filter((e) => e.subject_id === created.id).map((e) => [e.action, e.subject_type, e.user_id])).toEqual([
      ['webhook_endpoint.delete', 'webhook_endpoint', admin.id],
      ['webhook_endpoint.change', 'webhook_endpoint', admin.id],
      ['webhook_endpoint.change', 'webhook_endpoint', admin.id],
      ['webhook_endpoint.create', 'webhook_endpoint', admin.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(created.secret.slice(6));
  });

  it('refuses unknown events and an empty list (VALIDATION), and processors (403)', async () => {
    expect((await createEndpoint(admin, { url: receiver.url(), events: ['ticket.exploded'] })).statusCode).toBe(400);
    expect((await createEndpoint(admin, { url: receiver.url(), events: [] })).statusCode).toBe(400);
    const processor = await givenProcessor(t, accountId);
    const res = await createEndpoint(processor, { url: receiver.url(), events: ['ticket.drawn'] });
    expect(res.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/webhook-endpoints', headers: asUser(processor) })).statusCode).toBe(403);
  });

  it('another practice cannot see, change, rotate, test or delete an endpoint: 404 like a missing one', async () => {
    const mine = await givenEndpoint(['ticket.drawn']);
    const { user: stranger } = await givenAdmin(t);
    const [delivery] = await (async () => {
      await t.inject({ method: 'POST', url: `/webhook-endpoints/${mine.id}/test`, headers: asUser(admin) });
      return deliveries(mine.id);
    })();
    const calls = [
      { method: 'GET' as const, url: `/webhook-endpoints/${mine.id}` },
      { method: 'PATCH' as const, url: `/webhook-endpoints/${mine.id}`, payload: { disabled: true } },
      { method: 'DELETE' as const, url: `/webhook-endpoints/${mine.id}` },
      { method: 'POST' as const, url: `/webhook-endpoints/${mine.id}/rotate-secret` },
      { method: 'POST' as const, url: `/webhook-endpoints/${mine.id}/test` },
      { method: 'GET' as const, url: `/webhook-endpoints/${mine.id}/deliveries` },
      { method: 'POST' as const, url: `/webhook-endpoints/${mine.id}/deliveries/${delivery!.id}/retry` },
    ];
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: asUser(stranger) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
    }
    expect((await t.inject({ method: 'GET', url: '/webhook-endpoints', headers: asUser(stranger) })).json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/webhook-endpoints/${mine.id}`, headers: asUser(admin) })).json()).toMatchObject({ disabled: false });
    await dispatch();
    await quiet(mine);
  });
});

describe('SSRF: where an endpoint may point', () => {
  it.each([
    ['plain http', 'http://hooks.example.com/in'],
    ['loopback', 'https://127.0.0.1/in'],
    ['private', 'https://10.1.2.3/in'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
    ['IPv6 loopback', 'https://[::1]/in'],
    ['IPv6 link-local', 'https://[fe80::1]/in'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/in'],
    ['unique-local', 'https://[fd00::5]/in'],
    ['credentials in the URL', 'https://user:pw@hooks.example.com/in'],
    ['a name that does not resolve', 'https://nowhere.example.com/in'],
  ])('refuses %s', async (_why, url) => {
    const res = await createEndpoint(admin, { url, events: ['ticket.drawn'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED', message: expect.stringContaining('https') });
  });

  it('refuses a name that resolves to a private address, accepts a public one', async () => {
    hosts.set('intern.example.com', '192.168.1.20');
    hosts.set('mapped.example.com', '::ffff:10.0.0.1');
    expect((await createEndpoint(admin, { url: 'https://intern.example.com/in', events: ['ticket.drawn'] })).statusCode).toBe(422);
    expect((await createEndpoint(admin, { url: 'https://mapped.example.com/in', events: ['ticket.drawn'] })).statusCode).toBe(422);
    const ok = await createEndpoint(admin, { url: 'https://hooks.example.com/in', events: ['ticket.drawn'] });
    expect(ok.statusCode).toBe(201);
    await quiet(ok.json<WebhookEndpoint>());
  });

  it('the public demo practice may point only at the operator’s listed origins (DEMO_READ_ONLY otherwise)', async () => {
    // A practice made the demo the way the demo is known: by its reserved identifier.
    const { user: demo, accountId: demoId } = await givenAdmin(t);
    await t.app.ctx.db.update(accounts).set({ identifier: DEMO_ACCOUNT_IDENTIFIER }).where(eq(accounts.id, demoId));
    const refused = await createEndpoint(demo, { url: 'https://hooks.example.com/in', events: ['ticket.drawn'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
    const listed = await createEndpoint(demo, { url: receiver.url('/demo'), events: ['ticket.drawn'] });
    expect(listed.statusCode).toBe(201);
    expect((await t.inject({ method: 'DELETE', url: `/webhook-endpoints/${listed.json<WebhookEndpoint>().id}`, headers: asUser(demo) })).statusCode).toBe(204);
  });

  it('a name that turns private after it was saved (DNS rebinding) gets no request: the connection goes to the address checked', async () => {
    hosts.set('rebind.example.com', '93.184.216.35');
    const res = await createEndpoint(admin, { url: 'https://rebind.example.com/in', events: ['ticket.drawn'] });
    expect(res.statusCode).toBe(201);
    const endpoint = res.json<WebhookEndpoint>();
    hosts.set('rebind.example.com', '127.0.0.1');
    await t.inject({ method: 'POST', url: `/webhook-endpoints/${endpoint.id}/test`, headers: asUser(admin) });
    await dispatch();
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, last_response_code: null, last_error: 'address not allowed' });
    await quiet(endpoint);
  });
});

describe('delivering events', () => {
  it('signs each event (verified with standardwebhooks) and sends a ticket’s draw, call and finish in order, without names', async () => {
    const endpoint = await givenEndpoint(['ticket.drawn', 'ticket.called', 'ticket.finished']);
    const queueId = await givenOpenQueue(t, accountId);
    const [queue] = await t.app.ctx.db.select().from(queues).where(eq(queues.id, queueId));
    const drawn = await givenTicket(t, queueId, { display_name: 'Erika Musterfrau' });
    memberOf(await callNext(t, admin, queueId));
    memberOf(await memberAction(t, admin, drawn.id, 'finish'));
    // Sent one at a time per endpoint: three rounds for three events.
    for (let i = 0; i < 3; i++) await dispatch();
    const received = await receiver.waitFor(3);
    const events = received.map((r) => verified(endpoint.secret, r));
    expect(events.map((e) => e.type)).toEqual(['ticket.drawn', 'ticket.called', 'ticket.finished']);
    expect(events[0]!.data).toMatchObject({ id: drawn.id, queue_id: queueId, profile_id: queue!.profileId, number: drawn.number, status: 'WAITING', origin: 'ONLINE' });
    expect(events[1]!.data).toMatchObject({ id: drawn.id, status: 'PROCESSING', processor_id: admin.id, actual_start: expect.any(String) });
    expect(events[2]!.data).toMatchObject({ status: 'FINISHED_BY_PROCESSOR', actual_end: expect.any(String) });
    for (const r of received) {
      expect(r.body).not.toContain('Erika');
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(3);
    const listed = await deliveries(endpoint.id);
    expect(listed.map((d) => [d.event_type, d.status, d.attempts, d.last_response_code])).toEqual([
      ['ticket.finished', 'DELIVERED', 1, 200],
      ['ticket.called', 'DELIVERED', 1, 200],
      ['ticket.drawn', 'DELIVERED', 1, 200],
    ]);
    await quiet(endpoint);
  });

  it('a cancelled ticket is ticket.cancelled; events the endpoint did not subscribe to, and disabled endpoints, get nothing', async () => {
    const endpoint = await givenEndpoint(['ticket.cancelled']);
    const off = await givenEndpoint(['ticket.cancelled', 'ticket.drawn'], admin, '/off');
    await t.inject({ method: 'PATCH', url: `/webhook-endpoints/${off.id}`, headers: asUser(admin), payload: { disabled: true } });
    const queueId = await givenOpenQueue(t, accountId);
    const drawn = await givenTicket(t, queueId);
    memberOf(await memberAction(t, admin, drawn.id, 'cancel'));
    await dispatch();
    const [only] = await receiver.waitFor(1);
    expect(verified(endpoint.secret, only!)).toMatchObject({ type: 'ticket.cancelled', data: { id: drawn.id, cancel_state: 'PROCESSOR' } });
    expect(await deliveries(off.id)).toEqual([]);
    await dispatch();
    expect(receiver.received).toHaveLength(1);
    await quiet(endpoint);
    await quiet(off);
  });

  it('a change that is rolled back never delivers: the outbox row goes with it', async () => {
    const endpoint = await givenEndpoint(['ticket.called']);
    const queueId = await givenOpenQueue(t, accountId);
    const drawn: TicketView = await givenTicket(t, queueId);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tx.update(queueMembers).set({ status: 'PROCESSING', actualStart: t.clock.now() }).where(eq(queueMembers.id, drawn.id));
        expect(await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(1);
        throw new Error('the change fails after the update');
      }),
    ).rejects.toThrow('the change fails');
    expect(await deliveries(endpoint.id)).toEqual([]);
    await dispatch();
    expect(receiver.received).toEqual([]);
    await quiet(endpoint);
  });

  it('retries after a 500 and after no answer within the timeout, with the same webhook-id, the first retry within a minute', async () => {
    const endpoint = await givenEndpoint(['ticket.drawn']);
    const queueId = await givenOpenQueue(t, accountId);
    await givenTicket(t, queueId);
    receiver.reply({ status: 500 }, { status: 200, holdMs: TIMEOUT_MS * 3 }, { status: 204 });
    expect(await dispatch()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, last_response_code: 500 });
    const firstRetryIn = new Date(delivery!.next_attempt_at!).getTime() - t.clock.now().getTime();
    expect(firstRetryIn).toBeGreaterThan(0);
    expect(firstRetryIn).toBeLessThanOrEqual(60_000);
    // Not due before its backoff.
    expect(await dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    t.clock.advanceSeconds(firstRetryIn / 1000);
    expect(await dispatch()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 2, last_response_code: null, last_error: `no answer within ${TIMEOUT_MS} ms` });
    const secondRetryIn = new Date(delivery!.next_attempt_at!).getTime() - t.clock.now().getTime();
    expect(secondRetryIn).toBeGreaterThan(firstRetryIn);

    t.clock.advanceSeconds(secondRetryIn / 1000);
    expect(await dispatch()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 3, last_response_code: 204, next_attempt_at: null });
    const received = await receiver.waitFor(3);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.webhook_id]));
    for (const r of received) expect(verified(endpoint.secret, r).type).toBe('ticket.drawn');
    await quiet(endpoint);
  });

  it('keeps retrying for 24 hours, then marks the delivery failed, disables the endpoint and mails the admins', async () => {
    const endpoint = await givenEndpoint(['ticket.drawn']);
    const queueId = await givenOpenQueue(t, accountId);
    await givenTicket(t, queueId);
    const started = t.clock.now().getTime();
    const mailsBefore = t.smtp.mails.length;
    let attempts = 0;
    for (;;) {
      receiver.reply({ status: 503 });
      const result = await dispatch();
      attempts++;
      const [delivery] = await deliveries(endpoint.id);
      if (result.failed === 1) {
        expect(delivery).toMatchObject({ status: 'FAILED', last_response_code: 503, next_attempt_at: null });
        break;
      }
      expect(result.retried).toBe(1);
      expect(attempts).toBeLessThan(40);
      t.clock.advanceSeconds((new Date(delivery!.next_attempt_at!).getTime() - t.clock.now().getTime()) / 1000);
    }
    expect(t.clock.now().getTime() - started).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(attempts).toBeGreaterThan(5);
    const state = await t.inject({ method: 'GET', url: `/webhook-endpoints/${endpoint.id}`, headers: asUser(admin) });
    expect(state.json()).toMatchObject({ disabled: true, disabled_reason: 'FAILING' });
    const mail = await t.smtp.waitForMail(admin.username, { since: mailsBefore });
    expect(mail.subject).toBe(`Webhook abgeschaltet: ${endpoint.url}`);
    expect(mail.text).toContain('HTTP 503');
    // Switched off: new events are not even written for it.
    await givenTicket(t, queueId);
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    await quiet(endpoint);
  });

  it('retry by hand sends the same message again; "Test senden" sends webhook.test to this endpoint alone', async () => {
    const endpoint = await givenEndpoint(['ticket.finished']);
    const other = await givenEndpoint(['ticket.finished'], admin, '/other');
    const test = await t.inject({ method: 'POST', url: `/webhook-endpoints/${endpoint.id}/test`, headers: asUser(admin) });
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'PENDING', attempts: 0 });
    await dispatch();
    const [first] = await receiver.waitFor(1);
    expect(verified(endpoint.secret, first!)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(await deliveries(other.id)).toEqual([]);

    const delivered = test.json<WebhookDelivery>();
    const retry = await t.inject({ method: 'POST', url: `/webhook-endpoints/${endpoint.id}/deliveries/${delivered.id}/retry`, headers: asUser(admin) });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ id: delivered.id, status: 'PENDING' });
    await dispatch();
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(await deliveries(endpoint.id)).toMatchObject([{ id: delivered.id, status: 'DELIVERED', attempts: 2 }]);
    const unknown = await t.inject({ method: 'POST', url: `/webhook-endpoints/${other.id}/deliveries/${delivered.id}/retry`, headers: asUser(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
    await quiet(endpoint);
    await quiet(other);
  });

  it('after a rotation the old secret signs alongside the new one for 24 hours, then only the new one', async () => {
    const endpoint = await givenEndpoint(['ticket.drawn']);
    const rotated = await t.inject({ method: 'POST', url: `/webhook-endpoints/${endpoint.id}/rotate-secret`, headers: asUser(admin) });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<WebhookEndpointWithSecret>();
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(fresh.previous_secret_until).toBe(new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString());
    const queueId = await givenOpenQueue(t, accountId);
    await givenTicket(t, queueId);
    await dispatch();
    const [during] = await receiver.waitFor(1);
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(fresh.secret, during!).type).toBe('ticket.drawn');
    expect(verified(endpoint.secret, during!).type).toBe('ticket.drawn');

    t.clock.advanceSeconds(24 * 3600 + 1);
    await givenTicket(t, queueId);
    await dispatch();
    const [, after] = await receiver.waitFor(2);
    expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verified(fresh.secret, after!).type).toBe('ticket.drawn');
    expect(() => verified(endpoint.secret, after!)).toThrow('No matching signature');
    await quiet(endpoint);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two nodes sending from one PostgreSQL', () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    second = await connectDatabase({ databaseUrl: t.databaseUrl });
  });
  afterAll(async () => second.close());

  it('send each delivery once, each endpoint’s in the order of the draws', async () => {
    const endpoints = await Promise.all(['/a', '/b', '/c', '/d'].map((path) => givenEndpoint(['ticket.drawn'], admin, path)));
    const queueId = await givenOpenQueue(t, accountId);
    const numbers: number[] = [];
    for (let i = 0; i < 10; i++) numbers.push((await givenTicket(t, queueId)).number);
    const nodeB = { ...t.app.ctx, db: second.db };
    const drain = async (ctx: typeof nodeB, runnerId: string) => {
      for (let idle = 0; idle < 3;) {
        const r = await dispatchDueDeliveries(ctx, { runnerId });
        idle = r.delivered + r.retried + r.failed === 0 ? idle + 1 : 0;
      }
    };
    await Promise.all([drain(t.app.ctx, 'node-a'), drain(nodeB, 'node-b')]);
    const received = await receiver.waitFor(40);
    expect(received).toHaveLength(40);
    // Once each: 40 distinct (endpoint, message) pairs, each delivered at the first attempt.
    expect(new Set(received.map((r) => `${r.path} ${r.headers['webhook-id']}`)).size).toBe(40);
    const rows = await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, accountId));
    const mine = rows.filter((row) => endpoints.some((e) => e.id === row.endpointId));
    expect(mine.map((row) => [row.status, row.attempts, row.leasedBy])).toEqual(Array(40).fill(['DELIVERED', 1, null]));
    for (const path of ['/a', '/b', '/c', '/d']) {
      const sent = received.filter((r) => r.path === path).map((r) => (r.event.data as { number: number }).number);
      expect(sent, path).toEqual(numbers);
    }
    for (const endpoint of endpoints) await quiet(endpoint);
  });
});
