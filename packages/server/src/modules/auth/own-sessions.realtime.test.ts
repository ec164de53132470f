import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, type LoggedUser, type SignInSession } from '@wartefrei/shared';
import { basic, startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { TestSocket } from '../../../test/support/test-clients.js';

/*
 * An ended session's live view closes within the staff sockets' recheck (realtime/staff-watch.ts,
 * 5 s in production, 100 ms here): ending a session deletes its tokens, and the recheck finds the
 * socket's token gone. What is asserted is the close itself, never how fast it came.
 */

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { staffSocketRecheckMs: 100 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function staffSocket(user: LoggedUser, accountId: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(baseUrl, { username: user.username, token: user.token });
  sockets.push(socket);
  socket.send({ type: 'subscribe', topics: [`account:${accountId}`] });
  expect(await socket.nextJson(10_000)).toMatchObject({ type: 'subscribed' });
  return socket;
}

describe('an ended session’s sockets', () => {
  it('close (4401) when the user ends that session from another device; the device ending it stays connected', async () => {
    const { user: here, accountId, admin } = await givenAdmin(t);
    const there = (await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(admin.username, admin.password) } })).json<LoggedUser>();
    const ended = await staffSocket(there, accountId);
    const kept = await staffSocket(here, accountId);
    const sessions = (await t.inject({ method: 'GET', url: '/users/me/sessions', headers: asUser(here) })).json<SignInSession[]>();
    const theirs = sessions.find((s) => !s.current)!;
    expect((await t.inject({ method: 'DELETE', url: `/users/me/sessions/${theirs.id}`, headers: asUser(here) })).statusCode).toBe(204);
    expect(await ended.closed).toEqual({ code: REALTIME_CLOSE.UNAUTHORIZED, reason: 'UNAUTHORIZED' });
    // Still open: a live event reaches it.
    await t.app.ctx.realtime.publish(`account:${accountId}`, { name: 'alerts.changed', data: { queue_id: 'q', member_id: 'm' } });
    expect(await kept.nextJson()).toMatchObject({ type: 'alerts.changed' });
  });

  it('close when an admin removes the member', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    const socket = await staffSocket(processor, accountId);
    expect((await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(admin) })).statusCode).toBe(204);
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.UNAUTHORIZED, reason: 'UNAUTHORIZED' });
  });
});
