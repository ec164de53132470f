import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REALTIME_CLOSE, type LoggedUser } from '@wartefrei/shared';
import { loginTokens, queueProcessors } from '../../db/schema/index.js';
import { asUser, givenAdmin, givenProcessor, givenProfile } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket } from '../../../test/support/tickets.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { TestSocket } from '../../../test/support/test-clients.js';

/*
 * Live events follow the lists' visibility rule (issue 39 §4): a processor's socket gets every
 * event only of the lists they may see, and a token signed out, expired or gone closes its
 * socket within seconds — here within the test's recheck of 100 ms.
 */

let t: TestApp;
let baseUrl: string;
let admin: LoggedUser;
let accountId: string;
let listA: string;
let listB: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { staffSocketRecheckMs: 100 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ user: admin, accountId } = await givenAdmin(t));
  const profileId = await givenProfile(t, accountId);
  listA = await givenOpenQueue(t, accountId, {}, { profileId });
  listB = await givenOpenQueue(t, accountId, {}, { profileId });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function asStaff(user: LoggedUser, topics: string[]): Promise<TestSocket> {
  const socket = await TestSocket.connect(baseUrl, { username: user.username, token: user.token });
  sockets.push(socket);
  socket.send({ type: 'subscribe', topics });
  // A socket the server closed answers nothing: say how it was closed rather than time out.
  let answered = false;
  const closed = socket.closed.then(({ code, reason }) => {
    if (!answered) throw new Error(`closed ${code} ${reason} before subscribed`);
  });
  const first = await Promise.race([socket.nextJson(10_000), closed]);
  answered = true;
  expect(first).toMatchObject({ type: 'subscribed' });
  return socket;
}

describe('live events by the visibility rule', () => {
  it("gives a processor every event of their list, and only the public view of another list's", async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`, `queue:${listB}`]);
    const mine = await givenTicket(t, listA);
    const theirs = await givenTicket(t, listB);
    const frames = [await socket.nextJson(), await socket.nextJson()];
    const ofA = frames.find((f) => f.topic === `queue:${listA}`);
    const ofB = frames.find((f) => f.topic === `queue:${listB}`);
    expect(ofA).toMatchObject({ type: 'member.updated', member_id: mine.id });
    // The other list's draw: no member id, no state beyond what a patient's screen gets.
    expect(JSON.stringify(ofB)).not.toContain(theirs.id);
    expect(ofB?.member_id).toBeUndefined();
    // An admin of the account sees both in full.
    const adminSocket = await asStaff(admin, [`queue:${listB}`]);
    const another = await givenTicket(t, listB);
    expect(await socket.nextJson()).not.toHaveProperty('member_id');
    expect(await adminSocket.nextJson()).toMatchObject({ member_id: another.id });
  });

  it("narrows the account's events: a processor learns of an alert on another list only as a version", async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`account:${accountId}`]);
    await t.app.ctx.realtime.publish(`account:${accountId}`, { name: 'alerts.changed', data: { queue_id: listB, member_id: 'of-list-b' } });
    await t.app.ctx.realtime.publish(`account:${accountId}`, { name: 'alerts.changed', data: { queue_id: listA, member_id: 'of-list-a' } });
    const [first, second] = [await socket.nextJson(), await socket.nextJson()];
    expect(first).toEqual({ type: 'version', topic: `account:${accountId}`, version: expect.any(Number) });
    expect(second).toMatchObject({ type: 'alerts.changed', member_id: 'of-list-a' });
  });

  it("refuses a ticket's topic by id to a processor of another list", async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const ticket = await givenTicket(t, listB);
    const socket = await TestSocket.connect(baseUrl, { username: processor.username, token: processor.token });
    sockets.push(socket);
    socket.send({ type: 'subscribe', topics: [`member:${ticket.id}`] });
    expect(await socket.nextJson(10_000)).toEqual({ type: 'error', code: 'FORBIDDEN', topic: `member:${ticket.id}` });
  });
});

describe('a staff socket lives no longer than its sign-in', () => {
  it('is closed when its token is signed out', async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`]);
    expect((await t.inject({ method: 'POST', url: '/auth/logout', headers: asUser(processor) })).statusCode).toBeLessThan(300);
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.UNAUTHORIZED, reason: 'UNAUTHORIZED' });
  });

  it('is closed when its user is removed', async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`]);
    const removed = await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(admin) });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.UNAUTHORIZED, reason: 'UNAUTHORIZED' });
  });

  it('is told to reconnect when the lists it may see change, and then gets the new rules', async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`]);
    await t.app.ctx.db.delete(queueProcessors).where(eq(queueProcessors.userId, processor.id));
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.ACCESS_CHANGED, reason: 'ACCESS_CHANGED' });
    const again = await asStaff(processor, [`queue:${listA}`]);
    const drawn = await givenTicket(t, listA);
    expect(JSON.stringify(await again.nextJson())).not.toContain(drawn.id);
  });

  it('keeps a socket whose sign-in is still good', async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`]);
    // Several rechecks later it still answers.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await socket.expectNothingPending();
    expect((await t.app.ctx.db.select().from(loginTokens).where(eq(loginTokens.userId, processor.id))).length).toBeGreaterThan(0);
  });

  // Last: the clock moved past every token of this file.
  it('is closed when its token expires', async () => {
    const processor = await givenProcessor(t, accountId, [listA]);
    const socket = await asStaff(processor, [`queue:${listA}`]);
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.SESSION_EXPIRED, reason: 'SESSION_EXPIRED' });
  });
});
