import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser, Member, TicketView } from '@wartefrei/shared';
import { systemResolver, type HostResolver } from '../../platform/public-address.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey, memberAction } from '../../../test/support/tickets.js';

/*
 * A push address whose name looks public but resolves inside (docs/security.md, push services).
 * DNS is the process edge: the app gets a resolver that maps two names onto what `localhost`
 * really resolves to on this machine; every other name goes to the system's resolver.
 */
const INSIDE_NAME = 'drucker.praxis-netz.example';
const REBINDING_NAME = 'push.rebinding.example';
let rebound = false;
const resolveHost: HostResolver = async (hostname) => {
  if (hostname === INSIDE_NAME) return systemResolver('localhost');
  // Public when the patient subscribes, this machine by the time of the alert.
  if (hostname === REBINDING_NAME) return rebound ? systemResolver('localhost') : [{ address: '203.0.113.10', family: 4 }];
  return systemResolver(hostname);
};

let t: TestApp;
let admin: LoggedUser;
let accountId: string;
/** Stands where the rebinding name points at the end: counts every connection the server makes. */
let inside: net.Server;
let connections = 0;
beforeAll(async () => {
  inside = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 } }, { resolveHost });
  ({ user: admin, accountId } = await givenAdmin(t));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => inside.close(resolve));
});

/** Keys as a browser's PushManager makes them, so that encrypting for them works. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = (ticket: TicketView, endpoint: string) =>
  t.inject({ method: 'PUT', url: `/members/${linkKey(ticket)}/alerts`, payload: { push: { endpoint, keys: browserKeys() } } });

async function givenLine(n: number) {
  const queueId = await givenOpenQueue(t, accountId, { name: 'Allgemeinmedizin' });
  const tickets: TicketView[] = [];
  for (let i = 0; i < n; i++) tickets.push(await givenTicket(t, queueId));
  return { queueId, tickets, patient: tickets.at(-1)! };
}

/** The ticket as staff see it once an alert was tried and is no longer on its way. */
async function settledAlert(queueId: string, memberId: string): Promise<Member | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin) });
    const member = res.json<Member[]>().find((m) => m.id === memberId);
    const deliveries = member?.alerts.deliveries ?? [];
    if ((deliveries.length > 0 && deliveries.every((d) => d.state !== 'SENDING')) || Date.now() > deadline) return member;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('push addresses judged by what their name resolves to', () => {
  it('refuses a public-looking name that resolves to this machine, and stores nothing', async () => {
    expect((await systemResolver('localhost')).every((answer) => ['127.0.0.1', '::1'].includes(answer.address))).toBe(true);
    const { patient } = await givenLine(2);
    const res = await subscribe(patient, `https://${INSIDE_NAME}/push/abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.['push.endpoint']?.code).toBe('INVALID_VALUE');
    const ticket = await t.inject({ method: 'GET', url: `/members/${linkKey(patient)}` });
    expect(ticket.json<TicketView>().alerts.push).toBe(false);
  });

  it('sends nothing when the name turned to this machine after the subscription (DNS rebinding)', async () => {
    const { queueId, tickets, patient } = await givenLine(4);
    const { port } = inside.address() as net.AddressInfo;
    expect((await subscribe(patient, `https://${REBINDING_NAME}:${port}/push/abc`)).statusCode).toBe(200);
    rebound = true;

    const call = await memberAction(t, admin, tickets[0]!.id, 'call', { force: true });
    expect(call.statusCode).toBe(200);
    const member = await settledAlert(queueId, patient.id);
    expect(connections).toBe(0);
    expect(member?.alerts.deliveries).toEqual([expect.objectContaining({ channel: 'PUSH', kind: 'AHEAD', state: 'FAILED', error: `${REBINDING_NAME} is not a public address` })]);
  });
});
