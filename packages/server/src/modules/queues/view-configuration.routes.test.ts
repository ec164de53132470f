import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION, type ApiError, type Queue, type ViewConfiguration } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin, givenProcessor, givenQueue } from '../../../test/support/factories.js';

// The work view's configuration per list and role (docs/product.md#processor-view-configuration),
// saved through PATCH /queues/{id} and read with every queue.
const t = useTestApp();

type Admin = Awaited<ReturnType<typeof givenAdmin>>;
const getQueue = (user: Admin['user'], id: string) => t.inject({ method: 'GET', url: `/queues/${id}`, headers: asUser(user) });
const patch = (user: Admin['user'], id: string, payload: Record<string, unknown>, lang?: string) =>
  t.inject({ method: 'PATCH', url: `/queues/${id}`, headers: asUser(user, lang ? { 'accept-language': lang } : {}), payload });

async function givenList() {
  const a = await givenAdmin(t);
  const profile = await postProfile(t, a.user);
  return { a, queue: await postQueue(t, a.user, profile.id) };
}

describe('view configuration of a list', () => {
  it('shows everything on a new list, and on a list stored before the configuration existed', async () => {
    const { a, queue } = await givenList();
    expect(queue.view_configuration).toEqual(DEFAULT_VIEW_CONFIGURATION);
    // Written straight to the table with the column's default: what a migrated list holds.
    const old = await givenQueue(t, a.accountId);
    expect((await getQueue(a.user, old)).json<Queue>().view_configuration).toEqual(DEFAULT_VIEW_CONFIGURATION);
  });

  it('reads a partly stored configuration with the missing switches shown', async () => {
    const a = await givenAdmin(t);
    const id = await givenQueue(t, a.accountId, { viewConfiguration: { processor: { columns: { origin: false } } } });
    const read = (await getQueue(a.user, id)).json<Queue>().view_configuration;
    expect(read.processor.columns).toEqual({ ...DEFAULT_VIEW_CONFIGURATION.processor.columns, origin: false });
    expect(read.admin).toEqual(DEFAULT_VIEW_CONFIGURATION.admin);
  });

  it('saves switches per role, merging with what is stored, and every reader sees it', async () => {
    const { a, queue } = await givenList();
    const first = await patch(a.user, queue.id, { view_configuration: { processor: { columns: { origin: false }, actions: { erase: false, remove: false } } } });
    expect(first.statusCode).toBe(200);
    const second = await patch(a.user, queue.id, { view_configuration: { admin: { filters: { search: false } }, processor: { actions: { remove: true } } } });
    const expected: ViewConfiguration = {
      admin: { ...DEFAULT_VIEW_CONFIGURATION.admin, filters: { ...DEFAULT_VIEW_CONFIGURATION.admin.filters, search: false } },
      processor: {
        ...DEFAULT_VIEW_CONFIGURATION.processor,
        columns: { ...DEFAULT_VIEW_CONFIGURATION.processor.columns, origin: false },
        actions: { ...DEFAULT_VIEW_CONFIGURATION.processor.actions, erase: false },
      },
    };
    expect(second.json<Queue>().view_configuration).toEqual(expected);
    expect((await getQueue(a.user, queue.id)).json<Queue>().view_configuration).toEqual(expected);
    // The processor's work view reads it through the lists they work on.
    const processor = await givenProcessor(t, a.accountId, [queue.id]);
    const theirs = await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) });
    expect(theirs.json<Queue[]>().find((q) => q.id === queue.id)?.view_configuration).toEqual(expected);
    // Other settings stay as they were.
    expect(second.json<Queue>()).toEqual({ ...queue, view_configuration: expected });
  });

  it('is set when a list is created with it', async () => {
    const a = await givenAdmin(t);
    const profile = await postProfile(t, a.user);
    const created = await postQueue(t, a.user, profile.id, { view_configuration: { processor: { filters: { status: false } } } });
    expect(created.view_configuration.processor.filters).toEqual({ search: true, status: false, origin: true });
  });

  it.each([
    ['an unknown column', { processor: { columns: { shoe_size: false } } }],
    ['an unknown role', { patient: { columns: { origin: false } } }],
    ['an unknown part', { admin: { buttons: { call: false } } }],
    ['text instead of a switch', { admin: { actions: { move: 'nein' } } }],
    ['a list instead of the switches', { processor: ['origin'] }],
  ])('refuses %s and changes nothing', async (_, viewConfiguration) => {
    const { a, queue } = await givenList();
    const res = await patch(a.user, queue.id, { view_configuration: viewConfiguration });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields ?? {}).length).toBeGreaterThan(0);
    expect((await getQueue(a.user, queue.id)).json<Queue>()).toEqual(queue);
  });

  it('names the wrong switch by its path', async () => {
    const { a, queue } = await givenList();
    const res = await patch(a.user, queue.id, { view_configuration: { admin: { actions: { move: 'nein' } } } });
    expect(res.json<ApiError>().fields?.['view_configuration.admin.actions.move']?.code).toBe('INVALID_TYPE');
    const whole = await patch(a.user, queue.id, { view_configuration: 'alles' }, 'en');
    expect(whole.json<ApiError>().fields?.view_configuration).toEqual({ code: 'INVALID_TYPE', message: 'Work view configuration has an invalid format' });
  });

  it('may be changed by admins only, and only on their own lists', async () => {
    const { a, queue } = await givenList();
    const processor = await givenProcessor(t, a.accountId, [queue.id]);
    const byProcessor = await patch(processor, queue.id, { view_configuration: { processor: { columns: { wait: false } } } });
    expect(byProcessor.statusCode).toBe(403);
    const other = await givenAdmin(t);
    const foreign = await patch(other.user, queue.id, { view_configuration: { processor: { columns: { wait: false } } } });
    expect(foreign.statusCode).toBe(404);
    expect((await getQueue(a.user, queue.id)).json<Queue>().view_configuration).toEqual(DEFAULT_VIEW_CONFIGURATION);
  });
});
