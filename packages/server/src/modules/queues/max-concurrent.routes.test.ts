import { describe, expect, it } from 'vitest';
import type { ApiError, Queue } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenQueue } from '../../../test/support/factories.js';

// docs/product.md#states-and-transitions: a list's max_concurrent_processing changes only
// together with a close (TERMINATE carries the new value). The list form's PATCH may change it
// while the list is closed; while it is open the PATCH is refused with its own code.

const t = useTestApp();
const admin = useAdmin(t);

const patch = (queueId: string, payload: Record<string, unknown>, lang = 'de') =>
  t.inject({ method: 'PATCH', url: `/queues/${queueId}`, headers: { ...asUser(admin.user), 'accept-language': lang }, payload });
const session = (queueId: string, event: string, extra: Record<string, unknown> = {}) =>
  t.inject({ method: 'POST', url: `/queues/${queueId}/session`, headers: asUser(admin.user), payload: { event, ...extra } });
const stored = async (queueId: string) => (await t.inject({ method: 'GET', url: `/queues/${queueId}`, headers: asUser(admin.user) })).json<Queue>();

describe('PATCH /queues/{id} max_concurrent_processing', () => {
  it('changes while the list is closed', async () => {
    const queueId = await givenQueue(t, admin.accountId, { maxConcurrentProcessing: 1 });
    const res = await patch(queueId, { max_concurrent_processing: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json<Queue>().max_concurrent_processing).toBe(3);
  });

  it('is refused while the list is open, in the caller language, and nothing else of the PATCH is written', async () => {
    const queueId = await givenQueue(t, admin.accountId, { maxConcurrentProcessing: 1, name: 'Vorher' });
    expect((await session(queueId, 'START')).statusCode).toBe(200);

    const res = await patch(queueId, { max_concurrent_processing: 3, name: 'Nachher' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({ code: 'MAX_CONCURRENT_CHANGE_NEEDS_CLOSE' });
    expect(res.json<ApiError>().message).toContain('Warteliste schließen');
    const english = await patch(queueId, { max_concurrent_processing: 3 }, 'en');
    expect(english.json<ApiError>().message).toContain('only be changed while the waiting list is closed');
    expect(await stored(queueId)).toMatchObject({ max_concurrent_processing: 1, name: 'Vorher' });

    // The form sends every field: the unchanged value with other changes is no change of it.
    const same = await patch(queueId, { max_concurrent_processing: 1, name: 'Nachher' });
    expect(same.statusCode).toBe(200);
    expect(same.json<Queue>().name).toBe('Nachher');
  });

  it('changes together with the close, and by PATCH again once closed', async () => {
    const queueId = await givenQueue(t, admin.accountId, { maxConcurrentProcessing: 1 });
    expect((await session(queueId, 'START')).statusCode).toBe(200);
    expect((await session(queueId, 'TERMINATE', { max_concurrent_processing: 2 })).statusCode).toBe(200);
    expect((await stored(queueId)).max_concurrent_processing).toBe(2);
    expect((await patch(queueId, { max_concurrent_processing: 4 })).statusCode).toBe(200);
    expect((await stored(queueId)).max_concurrent_processing).toBe(4);
  });
});
