import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicQueue } from '@wartefrei/shared';
import { queues } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket } from '../../../test/support/tickets.js';
import { PUBLIC_SNAPSHOT_MAX_AGE_MS } from './public-snapshot.js';

const t = useTestApp();

/** The cache's counts so far, read from the app's own Prometheus counter (what /metrics shows). */
async function counts(): Promise<{ hit: number; joined: number; miss: number }> {
  const { values } = await t.app.ctx.metrics.publicQueueSnapshots.get();
  const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), joined: of('joined'), miss: of('miss') };
}

const getPublic = (queueId: string) => t.inject({ method: 'GET', url: `/queues/${queueId}/public` });

describe('GET /queues/{id}/public from the snapshot cache', () => {
  it('answers 200 concurrent requests of one version with one database read, all the same view', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, a.accountId);
    await givenTicket(t, queueId);
    const before = await counts();

    const answers = await Promise.all(Array.from({ length: 200 }, () => getPublic(queueId)));

    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 200 }, () => 200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers[0]!.json<PublicQueue>().waiting).toBe(1);
    const after = await counts();
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit + after.joined - before.hit - before.joined).toBe(199);
  });

  it('shows a draw and a call at once: each event moves the version, so the next request reads anew', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, a.accountId);
    expect((await getPublic(queueId)).json<PublicQueue>().waiting).toBe(0);
    expect((await getPublic(queueId)).json<PublicQueue>().waiting).toBe(0); // cached

    const ticket = await givenTicket(t, queueId);
    const afterDraw = (await getPublic(queueId)).json<PublicQueue>();
    expect(afterDraw).toMatchObject({ waiting: 1, next_numbers: [ticket.number] });

    const before = await counts();
    const call = await t.inject({ method: 'POST', url: `/queues/${queueId}/call-next`, headers: asUser(a.user), payload: { force: true } });
    expect(call.statusCode).toBe(200);
    const afterCall = (await getPublic(queueId)).json<PublicQueue>();
    expect(afterCall).toMatchObject({ waiting: 0, processing: 1, called_numbers: [ticket.number] });
    expect((await counts()).miss - before.miss).toBe(1);
  });

  it('shows a change of the list settings at once (PATCH announces queue.updated)', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, a.accountId);
    await getPublic(queueId);
    const patch = await t.inject({ method: 'PATCH', url: `/queues/${queueId}`, headers: asUser(a.user), payload: { monitor_text: 'Bitte Maske tragen' } });
    expect(patch.statusCode).toBe(200);
    expect((await getPublic(queueId)).json<PublicQueue>().monitor_text).toBe('Bitte Maske tragen');
  });

  it('reads again after the max age even when no event came (what moves with the clock, unannounced writes)', async () => {
    const a = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, a.accountId);
    expect((await getPublic(queueId)).json<PublicQueue>().monitor_text).not.toBe('Neu');
    // Written straight to the database: no event, the version stands still.
    await t.app.ctx.db.update(queues).set({ monitorText: 'Neu' }).where(eq(queues.id, queueId));

    t.clock.advanceSeconds(PUBLIC_SNAPSHOT_MAX_AGE_MS / 1000 / 2);
    expect((await getPublic(queueId)).json<PublicQueue>().monitor_text).not.toBe('Neu');
    t.clock.advanceSeconds(PUBLIC_SNAPSHOT_MAX_AGE_MS / 1000);
    expect((await getPublic(queueId)).json<PublicQueue>().monitor_text).toBe('Neu');
  });

  it('keeps no unknown list: every request of an unknown id is a 404 read of its own', async () => {
    const unknown = randomUUID();
    const before = await counts();
    expect((await getPublic(unknown)).statusCode).toBe(404);
    expect((await getPublic(unknown)).statusCode).toBe(404);
    expect((await counts()).miss - before.miss).toBe(2);
  });
});
