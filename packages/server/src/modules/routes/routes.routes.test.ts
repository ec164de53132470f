import { describe, expect, it } from 'vitest';
import type { ApiError, PublicMonitor, ResolvedRoute } from '@wartefrei/shared';
import { queueSessions } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';

const t = useTestApp();

const resolve = (path: string, lang?: string) => t.inject({ method: 'GET', url: `/routes/${path}`, headers: lang ? { 'accept-language': lang } : {} });

/** An account with two locations: Wien (default queue Allgemein, plus Labor) and Graz (Labor only, no default). */
async function givenPractice() {
  const a = await givenAdmin(t);
  const wien = await postProfile(t, a.user, { name: 'Wien', identifier: 'Wien' });
  const graz = await postProfile(t, a.user, { name: 'Graz', identifier: 'graz' });
  const allgemein = await postQueue(t, a.user, wien.id, { name: 'Allgemein', identifier: 'Allgemein', is_default: true });
  const labor = await postQueue(t, a.user, wien.id, { name: 'Labor', identifier: 'labor' });
  const grazLabor = await postQueue(t, a.user, graz.id, { name: 'Labor Graz', identifier: 'labor' });
  const grazRoentgen = await postQueue(t, a.user, graz.id, { name: 'Röntgen', identifier: 'roentgen' });
  const account = { id: a.accountId, identifier: a.accountIdentifier, display_name: a.admin.account_name };
  return { a, account, wien, graz, allgemein, labor, grazLabor, grazRoentgen };
}

const ref = (x: { id: string; identifier: string; name: string }) => ({ id: x.id, identifier: x.identifier, name: x.name });

describe('GET /routes/identifier/{account}/{profile}/{queue}', () => {
  it('resolves a full path case-insensitively, answering only ids, identifiers and names', async () => {
    const p = await givenPractice();
    const res = await resolve(`identifier/${p.account.identifier.toUpperCase()}/wIEN/LABOR`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.wien), queue: ref(p.labor), profiles: [] });
  });

  it("opens the location's default queue when no queue is named", async () => {
    const p = await givenPractice();
    const res = await resolve(`identifier/${p.account.identifier}/wien/null`);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.wien), queue: ref(p.allgemein), profiles: [] });
  });

  it('answers no queue for a location with several queues and no default, and its only queue when there is one', async () => {
    const p = await givenPractice();
    const noDefault = await resolve(`identifier/${p.account.identifier}/graz/null`);
    expect(noDefault.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.graz), queue: null, profiles: [] });
    const single = await postProfile(t, p.a.user, { name: 'Linz', identifier: 'linz' });
    const only = await postQueue(t, p.a.user, single.id, { name: 'Einzige', identifier: 'einzige' });
    const res = await resolve(`identifier/${p.account.identifier}/linz/null`);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(single), queue: ref(only), profiles: [] });
  });

  it("takes the account's only location when none is named; with several, location and queue stay null", async () => {
    const a = await givenAdmin(t);
    const account = { id: a.accountId, identifier: a.accountIdentifier, display_name: a.admin.account_name };
    const empty = await resolve(`identifier/${a.accountIdentifier}/null/null`);
    expect(empty.json<ResolvedRoute>()).toEqual({ account, profile: null, queue: null, profiles: [] });
    const wien = await postProfile(t, a.user, { identifier: 'wien' });
    const q = await postQueue(t, a.user, wien.id, { is_default: true });
    expect((await resolve(`identifier/${a.accountIdentifier}/null/null`)).json<ResolvedRoute>()).toEqual({
      account,
      profile: ref(wien),
      queue: ref(q),
      profiles: [],
    });
    // Several sites: none is picked for the visitor, the link offers them all (by name).
    const graz = await postProfile(t, a.user, { identifier: 'graz', name: 'Graz' });
    const archived = await postProfile(t, a.user, { identifier: 'linz', name: 'Linz' });
    expect((await t.inject({ method: 'DELETE', url: `/profiles/${archived.id}`, headers: asUser(a.user) })).statusCode).toBe(204);
    expect((await resolve(`identifier/${a.accountIdentifier}/NULL/null`)).json<ResolvedRoute>()).toEqual({
      account,
      profile: null,
      queue: null,
      profiles: [ref(graz), ref(wien)].sort((x, y) => x.name.localeCompare(y.name)),
    });
    // A named location or queue is no choice: the list stays empty.
    expect((await resolve(`identifier/${a.accountIdentifier}/graz/null`)).json<ResolvedRoute>().profiles).toEqual([]);
  });

  it('finds a named queue without a location when the account has exactly one with that identifier', async () => {
    const p = await givenPractice();
    const unique = await resolve(`identifier/${p.account.identifier}/null/Roentgen`);
    expect(unique.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.graz), queue: ref(p.grazRoentgen), profiles: [] });
    const ambiguous = await resolve(`identifier/${p.account.identifier}/null/labor`);
    expect(ambiguous.statusCode).toBe(404);
    expect(ambiguous.json<ApiError>().code).toBe('QUEUE_NOT_FOUND');
  });

  it("answers QUEUE_NOT_FOUND for an unknown account, location or queue, and for another account's", async () => {
    const p = await givenPractice();
    const other = await givenPractice();
    await postProfile(t, p.a.user, { name: 'Salzburg', identifier: 'nur-bei-p' });
    expect((await resolve(`identifier/${p.account.identifier}/nur-bei-p/null`)).statusCode).toBe(200);
    for (const path of [
      `identifier/gibt-es-nicht-${Date.now()}/null/null`,
      `identifier/null/null/null`,
      `identifier/${p.account.identifier}/linz/null`,
      `identifier/${p.account.identifier}/wien/zahnarzt`,
      `identifier/${p.account.identifier}/graz/allgemein`,
      // A location of one account is not found under another account's identifier.
      `identifier/${other.account.identifier}/nur-bei-p/null`,
    ]) {
      const res = await resolve(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<ApiError>()).toEqual({ statusCode: 404, code: 'QUEUE_NOT_FOUND', message: 'Warteliste nicht gefunden' });
    }
    expect((await resolve(`identifier/nirgends-${Date.now()}/null/null`, 'en')).json<ApiError>().message).toBe('Queue not found');
    // Same identifiers in two accounts: each path resolves within its own account.
    const mine = (await resolve(`identifier/${p.account.identifier}/wien/labor`)).json<ResolvedRoute>();
    const theirs = (await resolve(`identifier/${other.account.identifier}/wien/labor`)).json<ResolvedRoute>();
    expect(mine.queue?.id).toBe(p.labor.id);
    expect(theirs.queue?.id).toBe(other.labor.id);
  });
});

describe('GET /routes/id/{id}', () => {
  it('resolves a queue id to its account, location and queue', async () => {
    const p = await givenPractice();
    const res = await resolve(`id/${p.grazLabor.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.graz), queue: ref(p.grazLabor), profiles: [] });
  });

  it('resolves a ticket id to the queue the ticket is in', async () => {
    const p = await givenPractice();
    await t.app.ctx.db
      .insert(queueSessions)
      .values({ queueId: p.grazLabor.id, open: true })
      .onConflictDoUpdate({ target: queueSessions.queueId, set: { open: true } });
    const drawn = await t.inject({ method: 'POST', url: `/queues/${p.grazLabor.id}/members`, payload: { origin: 'ONLINE' } });
    expect(drawn.statusCode).toBe(201);
    const res = await resolve(`id/${drawn.json<{ id: string }>().id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.graz), queue: ref(p.grazLabor), profiles: [] });
  });

  it('resolves an appointment id to the list that serves it', async () => {
    const p = await givenPractice();
    const type = await t.inject({ method: 'POST', url: '/appointment-types', headers: asUser(p.a.user), payload: { queue_id: p.labor.id, duration_minutes: 10 } });
    await t.inject({ method: 'PUT', url: `/queues/${p.labor.id}/processors/${p.a.user.id}`, headers: asUser(p.a.user) });
    const booked = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: asUser(p.a.user),
      payload: {
        appointment_type_id: type.json<{ id: string }>().id,
        processor_id: p.a.user.id,
        start: new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 16) + ':00Z',
        last_name: 'Termin',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await resolve(`id/${booked.json<{ id: string }>().id}`);
    expect(res.json<ResolvedRoute>()).toEqual({ account: p.account, profile: ref(p.wien), queue: ref(p.labor), profiles: [] });
  });

  it('answers QUEUE_NOT_FOUND for any other id', async () => {
    const p = await givenPractice();
    for (const id of [p.wien.id, p.account.id, p.a.user.id, '00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const res = await resolve(`id/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json<ApiError>().code).toBe('QUEUE_NOT_FOUND');
    }
  });
});

describe('GET /routes/identifier/{account}/monitor/{monitor}', () => {
  // The full contract (master monitor order, settings, foreign accounts) is in monitors.routes.test.ts.
  it('resolves a named monitor and the master monitor', async () => {
    const p = await givenPractice();
    const created = await t.inject({
      method: 'POST',
      url: '/monitors',
      headers: asUser(p.a.user),
      payload: { identifier: 'Warteraum', display_name: 'Warteraum', queue_ids: [p.labor.id] },
    });
    expect(created.statusCode).toBe(201);
    const named = await resolve(`identifier/${p.account.identifier}/monitor/WARTERAUM`);
    expect(named.statusCode).toBe(200);
    expect(named.json<PublicMonitor>()).toMatchObject({ account: p.account, monitor: { identifier: 'Warteraum', queue_ids: [p.labor.id] } });
    const master = await resolve(`identifier/${p.account.identifier}/monitor/null`);
    expect(master.json<PublicMonitor>()).toMatchObject({ account: p.account, monitor: { id: null, identifier: null, display_name: p.account.display_name } });
    expect(master.json<PublicMonitor>().monitor.queue_ids).toHaveLength(4);
  });

  it('answers MONITOR_NOT_FOUND for an unknown account or monitor', async () => {
    const p = await givenPractice();
    for (const path of [`identifier/${p.account.identifier}/monitor/flur`, `identifier/nirgends-${Date.now()}/monitor/null`]) {
      const res = await resolve(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<ApiError>()).toEqual({ statusCode: 404, code: 'MONITOR_NOT_FOUND', message: 'Dieser Monitor existiert nicht.' });
    }
  });
});

describe('OpenAPI', () => {
  it('lists the paths of locations, queues, monitors and route resolution in /docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/profiles',
        '/profiles/{id}',
        '/queues',
        '/queues/{id}',
        '/routes/identifier/{account}/{profile}/{queue}',
        '/routes/id/{id}',
        '/routes/identifier/{account}/monitor/{monitor}',
        '/profiles/{id}/public',
        '/monitors',
        '/monitors/{id}',
        '/monitors/{id}/public',
      ]),
    );
  });
});
