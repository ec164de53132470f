import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type LoggedUser, type RealtimeServerMessage, type TicketView } from '@wartefrei/shared';
import { TestSocket } from '../../../test/support/test-clients.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket, linkKey, memberAction, memberOf } from '../../../test/support/tickets.js';

let t: TestApp;
let baseUrl: string;
let accountId: string;
let admin: LoggedUser;
let foreignAdmin: LoggedUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ accountId, user: admin } = await givenAdmin(t));
  foreignAdmin = (await givenAdmin(t)).user;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function connect(query: Record<string, string> = {}): Promise<TestSocket> {
  const socket = await TestSocket.connect(baseUrl, query);
  sockets.push(socket);
  return socket;
}
const patientSocket = () => connect();
const staffSocket = (user: LoggedUser) => connect({ username: user.username, token: user.token });

/** Subscribes to one topic and answers the version the server reported for it. */
async function subscribe(socket: TestSocket, topic: string): Promise<number> {
  socket.send({ type: 'subscribe', topics: [topic] });
  const answer = await socket.nextJson<RealtimeServerMessage>();
  expect(answer, `subscribing to ${topic}`).toMatchObject({ type: 'subscribed', topics: [{ topic }] });
  return answer.type === 'subscribed' ? (answer.topics[0]?.version ?? -1) : -1;
}

/** A queue with an open session and a processor assigned to it. */
async function givenQueueWithProcessor(): Promise<{ queueId: string; processor: LoggedUser }> {
  const queueId = await givenOpenQueue(t, accountId);
  return { queueId, processor: await givenProcessor(t, accountId, [queueId]) };
}

const memberData = (ticket: TicketView, status: string, extra: Record<string, unknown>) => ({
  member_id: ticket.id,
  queue_id: ticket.queue_id,
  number: ticket.number,
  status,
  ...extra,
});

describe('member:{token}: the patient follows their own ticket by the token of their link', () => {
  it('receives member.called with number and PROCESSING when called, and member.updated finished after finish', async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const ticket = await givenTicket(t, queueId);
    const topic = topicOf('member', linkKey(ticket));
    const patient = await patientSocket();
    const version = await subscribe(patient, topic);

    expect(memberOf(await callNext(t, processor, queueId)).id).toBe(ticket.id);
    expect(await patient.nextJson()).toEqual({
      type: 'member.called',
      topic,
      version: version + 1,
      ...memberData(ticket, 'PROCESSING', { silent: false }),
    });

    memberOf(await memberAction(t, processor, ticket.id, 'finish'));
    expect(await patient.nextJson()).toEqual({
      type: 'member.updated',
      topic,
      version: version + 2,
      ...memberData(ticket, 'FINISHED_BY_PROCESSOR', { view: 'finished' }),
    });
    await patient.expectNothingPending();
  });

  it("tells the socket of another member nothing about this member's call, and that member its own", async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const first = await givenTicket(t, queueId);
    const second = await givenTicket(t, queueId);
    const firstSocket = await patientSocket();
    const secondSocket = await patientSocket();
    await subscribe(firstSocket, topicOf('member', linkKey(first)));
    await subscribe(secondSocket, topicOf('member', linkKey(second)));

    expect(memberOf(await callNext(t, processor, queueId)).id).toBe(first.id);
    expect(await firstSocket.nextJson()).toMatchObject({ type: 'member.called', member_id: first.id });
    // The call was published before the HTTP answer came back: had the other socket been sent
    // anything, it would come before the pong.
    await secondSocket.expectNothingPending();

    // The quiet socket is alive and subscribed: its own call does arrive.
    memberOf(await memberAction(t, processor, first.id, 'finish'));
    expect(memberOf(await callNext(t, processor, queueId)).id).toBe(second.id);
    expect(await secondSocket.nextJson()).toMatchObject({ type: 'member.called', member_id: second.id });
    await secondSocket.expectNothingPending();
  });

  it.each([
    ['an unknown member id', topicOf('member', randomUUID())],
    ['an unknown token', topicOf('member', 'A'.repeat(22))],
    ['an id that is not a UUID', topicOf('member', 'not-a-uuid')],
  ])('refuses %s with FORBIDDEN and delivers nothing on it', async (_case, topic) => {
    const socket = await patientSocket();
    socket.send({ type: 'subscribe', topics: [topic] });
    expect(await socket.nextJson()).toEqual({ type: 'error', code: 'FORBIDDEN', topic });
    // Refused means not subscribed: an event on that topic does not reach the socket.
    await t.app.ctx.realtime.publish(topic, {
      name: 'member.updated',
      data: { member_id: topic.slice('member:'.length), queue_id: randomUUID(), number: 1, status: 'WAITING' },
      public: true,
    });
    await socket.expectNothingPending();
  });

  it('refuses a member topic whose id has characters no id has with INVALID_TOPIC', async () => {
    const socket = await patientSocket();
    const topic = 'member:../queue';
    socket.send({ type: 'subscribe', topics: [topic] });
    expect(await socket.nextJson()).toEqual({ type: 'error', code: 'INVALID_TOPIC', topic });
  });
});

describe('queue:{id}: public subscribers see numbers, never member ids', () => {
  it('gets the number of a public call, a bare version bump for everything else, and no member id at all', async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const topic = topicOf('queue', queueId);
    const monitor = await patientSocket();
    const start = await subscribe(monitor, topic);

    const loud = await givenTicket(t, queueId);
    const quiet = await givenTicket(t, queueId);
    const quietSocket = await patientSocket();
    const quietVersion = await subscribe(quietSocket, topicOf('member', linkKey(quiet)));

    memberOf(await callNext(t, processor, queueId));
    memberOf(await memberAction(t, processor, loud.id, 'finish'));
    expect(memberOf(await callNext(t, processor, queueId, { silent: true })).id).toBe(quiet.id);

    const raw = [];
    for (let i = 0; i < 5; i++) raw.push(await monitor.next());
    await monitor.expectNothingPending();
    for (const text of raw) {
      expect(text).not.toContain(loud.id);
      expect(text).not.toContain(quiet.id);
    }
    expect(raw.map((text) => JSON.parse(text) as unknown)).toEqual([
      { type: 'version', topic, version: start + 1 }, // draw
      { type: 'version', topic, version: start + 2 }, // draw
      { type: 'member.called', topic, version: start + 3, queue_id: queueId, number: loud.number, silent: false },
      { type: 'version', topic, version: start + 4 }, // finish
      { type: 'version', topic, version: start + 5 }, // silent call
    ]);

    // The silently called patient still learns it is their turn.
    expect(await quietSocket.nextJson()).toEqual({
      type: 'member.called',
      topic: topicOf('member', linkKey(quiet)),
      version: quietVersion + 1,
      ...memberData(quiet, 'PROCESSING', { silent: true }),
    });
  });

  it('names the ticket’s language with a public call only where the list asks patients for theirs', async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const topic = topicOf('queue', queueId);
    const monitor = await patientSocket();
    const start = await subscribe(monitor, topic);
    const arabic = await givenTicket(t, queueId, { lang: 'ar' });
    memberOf(await callNext(t, processor, queueId));
    memberOf(await memberAction(t, processor, arabic.id, 'finish'));
    expect((await t.inject({ method: 'PATCH', url: `/queues/${queueId}`, headers: asUser(admin), payload: { ask_patient_for_language: true } })).statusCode).toBe(200);
    const polish = await givenTicket(t, queueId, { lang: 'pl' });
    memberOf(await callNext(t, processor, queueId));

    const calls: { type: string }[] = [];
    while (calls.length < 2) {
      const event = await monitor.nextJson<{ type: string }>();
      if (event.type === 'member.called') calls.push(event);
    }
    expect(calls).toEqual([
      { type: 'member.called', topic, version: start + 2, queue_id: queueId, number: arabic.number, silent: false },
      expect.objectContaining({ type: 'member.called', number: polish.number, lang: 'pl' }),
    ]);
  });

  it('gives staff of the account every event in full and staff of another account the public part only', async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const topic = topicOf('queue', queueId);
    const own = await staffSocket(admin);
    const foreign = await staffSocket(foreignAdmin);
    const start = await subscribe(own, topic);
    expect(await subscribe(foreign, topic)).toBe(start);

    const ticket = await givenTicket(t, queueId);
    memberOf(await callNext(t, processor, queueId));
    memberOf(await memberAction(t, processor, ticket.id, 'finish'));

    // The wire shape: the event's name as the type, its fields beside topic and version.
    const event = (version: number, name: string, fields: Record<string, unknown>) => ({ type: name, topic, version, ...fields });
    expect([await own.nextJson(), await own.nextJson(), await own.nextJson()]).toEqual([
      event(start + 1, 'member.updated', memberData(ticket, 'WAITING', { view: 'waiting' })),
      event(start + 2, 'member.called', memberData(ticket, 'PROCESSING', { silent: false })),
      event(start + 3, 'member.updated', memberData(ticket, 'FINISHED_BY_PROCESSOR', { view: 'finished' })),
    ]);
    const foreignRaw = [await foreign.next(), await foreign.next(), await foreign.next()];
    expect(foreignRaw.join('\n')).not.toContain(ticket.id);
    expect(foreignRaw.map((text) => JSON.parse(text) as unknown)).toEqual([
      { type: 'version', topic, version: start + 1 },
      event(start + 2, 'member.called', { queue_id: queueId, number: ticket.number, silent: false }),
      { type: 'version', topic, version: start + 3 },
    ]);
    await own.expectNothingPending();
    await foreign.expectNothingPending();
  });
});

describe('cancel and session end reach the right sockets', () => {
  it("announces a patient's own cancel to the staff socket of the queue", async () => {
    const queueId = await givenOpenQueue(t, accountId);
    const ticket = await givenTicket(t, queueId);
    const topic = topicOf('queue', queueId);
    const staff = await staffSocket(admin);
    const start = await subscribe(staff, topic);

    expect((await t.inject({ method: 'DELETE', url: `/members/${linkKey(ticket)}` })).statusCode).toBe(200);
    expect(await staff.nextJson()).toEqual({
      type: 'member.updated',
      topic,
      version: start + 1,
      ...memberData(ticket, 'FINISHED_BY_USER', { view: 'cancelled' }),
    });
    await staff.expectNothingPending();
  });

  it('TERMINATE expires the ticket on its own topic and tells public queue subscribers the session closed', async () => {
    const queueId = await givenOpenQueue(t, accountId);
    const ticket = await givenTicket(t, queueId);
    const memberTopic = topicOf('member', linkKey(ticket));
    const queueTopic = topicOf('queue', queueId);
    const patient = await patientSocket();
    const monitor = await patientSocket();
    const memberVersion = await subscribe(patient, memberTopic);
    const queueVersion = await subscribe(monitor, queueTopic);

    const res = await t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin), payload: { event: 'TERMINATE' } });
    expect(res.statusCode).toBe(200);

    expect(await patient.nextJson()).toEqual({
      type: 'member.updated',
      topic: memberTopic,
      version: memberVersion + 1,
      ...memberData(ticket, 'FINISHED_BY_TIMEOUT', { view: 'expired' }),
    });
    await patient.expectNothingPending();

    const raw = [await monitor.next(), await monitor.next()];
    expect(raw.join('\n')).not.toContain(ticket.id);
    expect(raw.map((text) => JSON.parse(text) as unknown)).toEqual([
      { type: 'version', topic: queueTopic, version: queueVersion + 1 }, // the ended ticket
      {
        type: 'session.updated',
        topic: queueTopic,
        version: queueVersion + 2,
        queue_id: queueId,
        open: false,
        queueing_allowed: true,
        blocked: false,
        online_suspended: false,
        kiosk_suspended: false,
      },
    ]);
    await monitor.expectNothingPending();
  });
});

describe('versions', () => {
  /** Reads `count` messages and answers their versions. */
  async function versionsOf(socket: TestSocket, count: number): Promise<number[]> {
    const versions: number[] = [];
    for (let i = 0; i < count; i++) {
      const message = await socket.nextJson<RealtimeServerMessage>();
      // Events and bare version bumps carry a version; subscribed, unsubscribed and error do not.
      versions.push('version' in message ? message.version : -1);
    }
    await socket.expectNothingPending();
    return versions;
  }

  it('counts each topic up by exactly one per event, for full, public and own-ticket subscribers alike', async () => {
    const { queueId, processor } = await givenQueueWithProcessor();
    const queueTopic = topicOf('queue', queueId);
    const staff = await staffSocket(admin);
    const monitor = await patientSocket();
    const queueStart = await subscribe(staff, queueTopic);
    expect(await subscribe(monitor, queueTopic)).toBe(queueStart);

    const ticket = await givenTicket(t, queueId);
    const patient = await patientSocket();
    // The draw itself was the ticket topic's first event.
    expect(await subscribe(patient, topicOf('member', linkKey(ticket)))).toBe(1);

    memberOf(await callNext(t, processor, queueId));
    memberOf(await memberAction(t, processor, ticket.id, 'requeue'));
    memberOf(await callNext(t, processor, queueId, { silent: true }));
    memberOf(await memberAction(t, processor, ticket.id, 'finish'));

    const queueVersions = [1, 2, 3, 4, 5].map((n) => queueStart + n);
    expect(await versionsOf(staff, 5)).toEqual(queueVersions);
    expect(await versionsOf(monitor, 5)).toEqual(queueVersions);
    expect(await versionsOf(patient, 4)).toEqual([2, 3, 4, 5]);
  });
});
