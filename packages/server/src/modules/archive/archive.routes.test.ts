import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Monitor, Queue, TicketView } from '@wartefrei/shared';
import { queueMembers } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { drawRequest, givenTicket, linkKey } from '../../../test/support/tickets.js';

/*
 * Deleting a list or a location archives it: gone from every screen and link, its tickets kept
 * for reports. (Before: ON DELETE CASCADE took the tickets with it.)
 */
const t = useTestApp();

type Admin = Awaited<ReturnType<typeof givenAdmin>>;
const as = (a: Admin, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.inject({ method, url, headers: asUser(a.user), ...(payload ? { payload } : {}) });

async function givenOpenListWithTicket(a: Admin, profileId: string, identifier: string) {
  const queue = await postQueue(t, a.user, profileId, { identifier, draw_online_enabled: true });
  expect((await as(a, 'POST', `/queues/${queue.id}/session`, { event: 'START' })).statusCode).toBe(200);
  const ticket = await givenTicket(t, queue.id);
  return { queue, ticket };
}

describe('DELETE /queues/{id}', () => {
  it('archives the list: its patients are told, it leaves every screen and link, its tickets stay', async () => {
    const a = await givenAdmin(t);
    const profile = await postProfile(t, a.user, { identifier: 'wien' });
    const { queue, ticket } = await givenOpenListWithTicket(a, profile.id, 'labor');
    const monitor = (await as(a, 'POST', '/monitors', { display_name: 'Wartezimmer', identifier: 'wartezimmer', queue_ids: [queue.id] })).json<Monitor>();

    expect((await as(a, 'DELETE', `/queues/${queue.id}`)).statusCode).toBe(204);

    // The waiting patient's ticket ends as at the end of a session, and the ticket is kept.
    const view = (await t.inject({ method: 'GET', url: `/members/${linkKey(ticket)}` })).json<TicketView>();
    expect(view).toMatchObject({ view: 'expired', cancel_state: 'SESSION_END' });
    expect(await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.queueId, queue.id))).toHaveLength(1);

    // Gone from staff screens, the public view, drawing, links and monitors.
    expect((await as(a, 'GET', `/queues/${queue.id}`)).statusCode).toBe(404);
    expect((await as(a, 'GET', '/queues')).json<Queue[]>().map((q) => q.id)).not.toContain(queue.id);
    expect((await as(a, 'GET', '/dashboard')).json<{ id: string }[]>().map((q) => q.id)).not.toContain(queue.id);
    expect((await t.inject({ method: 'GET', url: `/queues/${queue.id}/public` })).statusCode).toBe(404);
    expect((await drawRequest(t, queue.id)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/routes/identifier/${a.accountIdentifier}/wien/labor` })).statusCode).toBe(404);
    expect((await as(a, 'GET', `/monitors/${monitor.id}`)).json<Monitor>().queue_ids).toEqual([]);

    // A second delete finds nothing; the identifier is free for a new list.
    expect((await as(a, 'DELETE', `/queues/${queue.id}`)).statusCode).toBe(404);
    const again = await postQueue(t, a.user, profile.id, { identifier: 'labor' });
    expect((await t.inject({ method: 'GET', url: `/routes/identifier/${a.accountIdentifier}/wien/labor` })).json()).toMatchObject({ queue: { id: again.id } });
  });

  it("is another account's business: a foreign list is a 404 and stays", async () => {
    const a = await givenAdmin(t);
    const b = await givenAdmin(t);
    const queue = await postQueue(t, a.user, (await postProfile(t, a.user)).id);
    expect((await as(b, 'DELETE', `/queues/${queue.id}`)).statusCode).toBe(404);
    expect((await as(a, 'GET', `/queues/${queue.id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /profiles/{id}', () => {
  it('archives the location with its lists; their tickets stay and the identifier is free again', async () => {
    const a = await givenAdmin(t);
    const profile = await postProfile(t, a.user, { identifier: 'graz' });
    const { queue, ticket } = await givenOpenListWithTicket(a, profile.id, 'allgemein');

    expect((await as(a, 'DELETE', `/profiles/${profile.id}`)).statusCode).toBe(204);

    expect((await as(a, 'GET', `/profiles/${profile.id}`)).statusCode).toBe(404);
    expect((await as(a, 'GET', `/queues/${queue.id}`)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/members/${linkKey(ticket)}` })).json<TicketView>()).toMatchObject({ cancel_state: 'SESSION_END' });
    expect(await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.queueId, queue.id))).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: `/routes/identifier/${a.accountIdentifier}/graz/null` })).statusCode).toBe(404);
    expect((await as(a, 'POST', '/profiles', { name: 'Graz', identifier: 'graz' })).statusCode).toBe(201);
  });
});
