import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type LoggedUser, type Queue } from '@wartefrei/shared';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { givenAdmin, givenQueue } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { TestSocket } from '../../../test/support/test-clients.js';

let t: TestApp;
let baseUrl: string;
let staff: LoggedUser;
let queue: Queue;
let profileId: string;
let otherStaff: LoggedUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = (await givenAdmin(t)).user;
  profileId = (await postProfile(t, staff)).id;
  queue = await postQueue(t, staff, profileId);
  otherStaff = (await givenAdmin(t)).user;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function connect(query: Record<string, string> = {}) {
  const socket = await TestSocket.connect(baseUrl, query);
  sockets.push(socket);
  return socket;
}
const asStaff = (user: LoggedUser) => connect({ username: user.username, token: user.token });
/**
 * A topic nobody has published on yet that an anonymous socket may subscribe to: a new queue's
 * (a member topic needs a real ticket, and drawing one already publishes on it).
 */
const freshTopic = async () => topicOf('queue', (await postQueue(t, staff, profileId)).id);
const publish = (topic: string, name: 'member.called' | 'queue.updated', isPublic = false) =>
  name === 'member.called'
    ? t.app.ctx.realtime.publish(topic, {
        name,
        data: { member_id: topic.slice(7), queue_id: queue.id, number: 7, status: 'PROCESSING', silent: false },
        public: isPublic,
      })
    : t.app.ctx.realtime.publish(topic, { name, data: { queue_id: queue.id, status: 'OPEN' }, public: isPublic });

describe('GET /ws: keep-alive and malformed messages', () => {
  it('answers ping with pong and ignores pong and keep alive', async () => {
    const socket = await connect();
    socket.send('pong');
    socket.send('keep alive');
    socket.send('ping');
    expect(await socket.next()).toBe('pong');
  });

  it.each([
    ['not JSON', '{nope', 'INVALID_MESSAGE'],
    ['an unknown type', { type: 'shout', topics: ['queue:x'] }, 'INVALID_MESSAGE'],
    ['an unknown field', { type: 'subscribe', topics: ['queue:x'], extra: 1 }, 'INVALID_MESSAGE'],
    ['no topics', { type: 'subscribe', topics: [] }, 'INVALID_MESSAGE'],
  ])('answers %s with an error and keeps the socket open', async (_case, message, code) => {
    const socket = await connect();
    socket.send(message);
    expect(await socket.nextJson()).toEqual({ type: 'error', code });
    await socket.expectNothingPending();
  });

  it('answers a topic of an unknown kind with INVALID_TOPIC', async () => {
    const socket = await connect();
    socket.send({ type: 'subscribe', topics: ['ticket:1'] });
    expect(await socket.nextJson()).toEqual({ type: 'error', code: 'INVALID_TOPIC', topic: 'ticket:1' });
  });
});

describe('GET /ws: staff authentication', () => {
  it('accepts the login token by username and by user id', async () => {
    for (const username of [staff.username, staff.id]) {
      const socket = await connect({ username, token: staff.token });
      socket.send({ type: 'subscribe', topics: [topicOf('account', staff.account_id)] });
      expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic: `account:${staff.account_id}`, version: 0 }] });
    }
  });

  it('closes the socket with 4401 on a wrong token', async () => {
    const socket = await connect({ username: staff.username, token: 'falsch' });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
  });

  it('closes the socket with 4401 when only a username is given', async () => {
    const socket = await connect({ username: staff.username });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
  });
});

describe('GET /ws: subscriptions and delivery', () => {
  it('delivers published events with versions 1, 2 … and nothing to sockets not subscribed', async () => {
    const topic = topicOf('account', staff.account_id);
    const subscribed = await asStaff(staff);
    const bystander = await asStaff(staff);
    subscribed.send({ type: 'subscribe', topics: [topic] });
    expect(await subscribed.nextJson()).toMatchObject({ type: 'subscribed' });
    const first = await publish(topic, 'queue.updated');
    const second = await publish(topic, 'queue.updated');
    expect([first, second]).toEqual([expect.any(Number), (first ?? 0) + 1]);
    expect(await subscribed.nextJson()).toEqual({ type: 'queue.updated', topic, version: first, queue_id: queue.id, status: 'OPEN' });
    expect(await subscribed.nextJson()).toMatchObject({ type: 'queue.updated', topic, version: second });
    await bystander.expectNothingPending();
  });

  it('starts a fresh topic at version 1 and reports the current version on subscribe', async () => {
    const topic = await freshTopic();
    const socket = await connect();
    socket.send({ type: 'subscribe', topics: [topic] });
    expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic, version: 0 }] });
    await publish(topic, 'member.called', true);
    await publish(topic, 'member.called', true);
    expect(await socket.nextJson()).toMatchObject({ type: 'member.called', topic, version: 1 });
    expect(await socket.nextJson()).toMatchObject({ type: 'member.called', topic, version: 2 });
    const late = await connect();
    late.send({ type: 'subscribe', topics: [topic] });
    expect(await late.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic, version: 2 }] });
  });

  it('stops delivering after unsubscribe and after the socket closed', async () => {
    const topic = await freshTopic();
    const socket = await connect();
    const closing = await connect();
    for (const s of [socket, closing]) {
      s.send({ type: 'subscribe', topics: [topic] });
      expect(await s.nextJson()).toMatchObject({ type: 'subscribed' });
    }
    socket.send({ type: 'unsubscribe', topics: [topic] });
    expect(await socket.nextJson()).toEqual({ type: 'unsubscribed', topics: [topic] });
    closing.close();
    await closing.closed;
    expect(await publish(topic, 'member.called', true)).toBe(1);
    await socket.expectNothingPending();
  });

  it('refuses account topics to anonymous sockets and to staff of another account', async () => {
    const topic = topicOf('account', staff.account_id);
    for (const socket of [await connect(), await asStaff(otherStaff)]) {
      socket.send({ type: 'subscribe', topics: [topic] });
      expect(await socket.nextJson()).toEqual({ type: 'error', code: 'FORBIDDEN', topic });
      await publish(topic, 'queue.updated', true);
      await socket.expectNothingPending();
    }
  });

  it('refuses unknown queues and monitors (no rule yet)', async () => {
    const socket = await connect();
    const topics = [topicOf('queue', randomUUID()), topicOf('queue', 'kein-uuid'), topicOf('monitor', randomUUID())];
    socket.send({ type: 'subscribe', topics });
    for (const topic of topics) expect(await socket.nextJson()).toEqual({ type: 'error', code: 'FORBIDDEN', topic });
  });

  it('gives staff of the queue every event and anonymous sockets public events only', async () => {
    const topic = topicOf('queue', queue.id);
    const own = await asStaff(staff);
    const anonymous = await connect();
    const foreign = await asStaff(otherStaff);
    for (const socket of [own, anonymous, foreign]) {
      socket.send({ type: 'subscribe', topics: [topic] });
      expect(await socket.nextJson()).toMatchObject({ type: 'subscribed' });
    }
    const internal = await publish(topic, 'queue.updated');
    const visible = await publish(topic, 'queue.updated', true);
    expect(await own.nextJson()).toMatchObject({ type: 'queue.updated', version: internal, queue_id: queue.id });
    expect(await own.nextJson()).toMatchObject({ type: 'queue.updated', version: visible });
    for (const socket of [anonymous, foreign]) {
      expect(await socket.nextJson()).toEqual({ type: 'version', topic, version: internal });
      expect(await socket.nextJson()).toMatchObject({ type: 'queue.updated', version: visible, queue_id: queue.id });
    }
  });

  it('limits a socket to 100 topics, counting unsubscribes', async () => {
    const socket = await connect();
    // 101 topics the socket may have: queues written directly, the queues API is not the subject.
    const queueIds: string[] = [];
    for (let i = 0; i < 101; i++) queueIds.push(await givenQueue(t, staff.account_id, { profileId }));
    const [extra, ...topics] = queueIds.map((id) => topicOf('queue', id));
    socket.send({ type: 'subscribe', topics });
    expect(await socket.nextJson()).toMatchObject({ type: 'subscribed', topics: expect.arrayContaining([{ topic: topics[99], version: 0 }]) });
    socket.send({ type: 'subscribe', topics: [extra, topics[0]] });
    expect(await socket.nextJson()).toEqual({ type: 'error', code: 'TOO_MANY_TOPICS', topic: extra });
    expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic: topics[0], version: 0 }] });
    socket.send({ type: 'unsubscribe', topics: [topics[1]] });
    expect(await socket.nextJson()).toMatchObject({ type: 'unsubscribed' });
    socket.send({ type: 'subscribe', topics: [extra] });
    expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic: extra, version: 0 }] });
  });

  it("does not send a member's events to the socket of another member", async () => {
    const queueId = await givenOpenQueue(t, staff.account_id);
    const myTicket = await givenTicket(t, queueId);
    const mine = topicOf('member', linkKey(myTicket));
    const theirs = topicOf('member', linkKey(await givenTicket(t, queueId)));
    const me = await connect();
    const other = await connect();
    me.send({ type: 'subscribe', topics: [mine] });
    other.send({ type: 'subscribe', topics: [theirs] });
    expect(await me.nextJson()).toMatchObject({ type: 'subscribed' });
    expect(await other.nextJson()).toMatchObject({ type: 'subscribed' });
    // Published on the ticket's own topic; its patient gets it under the topic they asked for.
    await publish(topicOf('member', myTicket.id), 'member.called', true);
    expect(await me.nextJson()).toMatchObject({ type: 'member.called', topic: mine });
    await other.expectNothingPending();
  });
});

describe('GET /ws: snapshots with the answer', () => {
  const body = async (url: string) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<unknown>();
  };

  it("gives a ticket page its ticket and its list's public view as the routes answer them", async () => {
    const queueId = await givenOpenQueue(t, staff.account_id);
    await givenTicket(t, queueId);
    const ticket = await givenTicket(t, queueId);
    const topics = [topicOf('member', linkKey(ticket)), topicOf('queue', queueId)];
    const socket = await connect();
    socket.send({ type: 'subscribe', topics, snapshots: topics });
    const answer = await socket.nextJson<{ type: string; topics: { topic: string; version: number; snapshot?: unknown }[] }>();
    expect(answer).toEqual({
      type: 'subscribed',
      topics: [
        { topic: topics[0], version: expect.any(Number), snapshot: await body(`/members/${linkKey(ticket)}`) },
        { topic: topics[1], version: expect.any(Number), snapshot: await body(`/queues/${queueId}/public`) },
      ],
    });
    expect(answer.topics[0]?.snapshot).toMatchObject({ id: ticket.id, number: ticket.number, view: 'waiting' });
  });

  it('sends snapshots of the topics named only, and none to a subscribe that names none', async () => {
    const queueId = await givenOpenQueue(t, staff.account_id);
    const ticket = await givenTicket(t, queueId);
    const topics = [topicOf('member', linkKey(ticket)), topicOf('queue', queueId)];
    const socket = await connect();
    socket.send({ type: 'subscribe', topics, snapshots: [topics[1], topicOf('queue', randomUUID())] });
    const answer = await socket.nextJson<{ topics: { topic: string; snapshot?: unknown }[] }>();
    expect(answer.topics.map((entry) => entry.snapshot === undefined)).toEqual([true, false]);
    const plain = await connect();
    plain.send({ type: 'subscribe', topics });
    expect(await plain.nextJson()).toEqual({ type: 'subscribed', topics: topics.map((topic) => ({ topic, version: expect.any(Number) })) });
  });

  it('leaves the snapshot out where the kind has none or its read fails, and answers the rest', async () => {
    const accountTopic = topicOf('account', staff.account_id);
    const socket = await asStaff(staff);
    socket.send({ type: 'subscribe', topics: [accountTopic], snapshots: [accountTopic] });
    expect(await socket.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic: accountTopic, version: expect.any(Number) }] });

    const otherTopic = topicOf('account', otherStaff.account_id);
    t.app.ctx.realtime.registerTopicSnapshot('account', () => Promise.reject(new Error('the database is away')));
    const other = await asStaff(otherStaff);
    other.send({ type: 'subscribe', topics: [otherTopic], snapshots: [otherTopic] });
    expect(await other.nextJson()).toEqual({ type: 'subscribed', topics: [{ topic: otherTopic, version: expect.any(Number) }] });
  });

  // Last of these: the reader it registers stays.
  it('sends an event published while the answer was made after the answer, never before it', async () => {
    const topic = topicOf('account', staff.account_id);
    t.app.ctx.realtime.registerTopicSnapshot('account', async () => {
      await publish(topic, 'queue.updated');
      return '{"read":"after the event"}';
    });
    const socket = await asStaff(staff);
    socket.send({ type: 'subscribe', topics: [topic], snapshots: [topic] });
    const answer = await socket.nextJson<{ type: string; topics: { topic: string; version: number; snapshot?: unknown }[] }>();
    expect(answer).toMatchObject({ type: 'subscribed', topics: [{ topic, snapshot: { read: 'after the event' } }] });
    expect(await socket.nextJson()).toMatchObject({ type: 'queue.updated', topic, version: (answer.topics[0]?.version ?? 0) + 1 });
  });

  it('refuses a snapshot list that is not a list of topics', async () => {
    const socket = await connect();
    socket.send({ type: 'subscribe', topics: [await freshTopic()], snapshots: true });
    expect(await socket.nextJson()).toEqual({ type: 'error', code: 'INVALID_MESSAGE' });
  });
});

// Last: it moves the clock past every token of this file.
describe('GET /ws: expired tokens', () => {
  it('closes the socket with 4440 on an expired token', async () => {
    const { user } = await givenAdmin(t);
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    const socket = await connect({ username: user.username, token: user.token });
    expect(await socket.closed).toEqual({ code: 4440, reason: 'SESSION_EXPIRED' });
  });
});
