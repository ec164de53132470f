import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topicOf, type ApiError, type LoggedUser, type Monitor, type PublicMonitor, type RealtimeServerMessage } from '@wartefrei/shared';
import { monitorQueues } from '../../db/schema/index.js';
import { TestSocket } from '../../../test/support/test-clients.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const post = (user: LoggedUser, payload: Record<string, unknown>, lang?: string) =>
  t.inject({ method: 'POST', url: '/monitors', headers: asUser(user, lang ? { 'accept-language': lang } : {}), payload });
const patch = (user: LoggedUser, id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/monitors/${id}`, headers: asUser(user), payload });
const get = (user: LoggedUser, url: string) => t.inject({ method: 'GET', url, headers: asUser(user) });

let counter = 0;
async function givenMonitor(user: LoggedUser, payload: Record<string, unknown> = {}): Promise<Monitor> {
  const res = await post(user, { identifier: `monitor-${counter}`, display_name: `Monitor ${counter++}`, ...payload });
  if (res.statusCode !== 201) throw new Error(`creating a monitor failed: ${res.body}`);
  return res.json<Monitor>();
}

/** An account with one location and two queues in it. */
async function givenPractice() {
  const a = await givenAdmin(t);
  const profile = await postProfile(t, a.user);
  const first = await postQueue(t, a.user, profile.id, { name: 'Allgemein' });
  const second = await postQueue(t, a.user, profile.id, { name: 'Labor' });
  const account = { id: a.accountId, identifier: a.accountIdentifier, display_name: a.admin.account_name };
  return { a, account, profile, first, second };
}

describe('POST, GET, PATCH and DELETE /monitors', () => {
  it('creates a monitor with defaults, sanitises the identifier, and reads it back', async () => {
    const { a } = await givenPractice();
    const res = await post(a.user, { identifier: 'Wartezimmer Süd', display_name: '  Wartezimmer ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<Monitor>();
    expect(created).toEqual({
      id: expect.any(String),
      identifier: 'Wartezimmer_Sued',
      display_name: 'Wartezimmer',
      layout: 'STANDARD',
      custom_zoom: 100,
      style: 'DARK',
      gong: true,
      speech: false,
      queue_ids: [],
    });
    expect((await get(a.user, `/monitors/${created.id}`)).json<Monitor>()).toEqual(created);
    expect((await get(a.user, '/monitors')).json<Monitor[]>()).toEqual([created]);
  });

  it('stores every setting and the queues in the order given, and lists monitors by name', async () => {
    const { a, first, second } = await givenPractice();
    const full = await givenMonitor(a.user, {
      display_name: 'Empfang',
      layout: 'COLUMNS',
      custom_zoom: 250,
      style: 'LIGHT',
      gong: false,
      speech: true,
      queue_ids: [second.id, first.id],
    });
    expect(full).toMatchObject({ display_name: 'Empfang', layout: 'COLUMNS', custom_zoom: 250, style: 'LIGHT', gong: false, speech: true });
    expect(full.queue_ids).toEqual([second.id, first.id]);
    const other = await givenMonitor(a.user, { display_name: 'aufruf', queue_ids: [first.id] });
    expect((await get(a.user, '/monitors')).json<Monitor[]>()).toEqual([other, full]);
  });

  it('changes only what a PATCH sends; queue_ids replaces the whole list', async () => {
    const { a, first, second } = await givenPractice();
    const monitor = await givenMonitor(a.user, { queue_ids: [first.id, second.id] });

    const layout = await patch(a.user, monitor.id, { layout: 'LIST', custom_zoom: 50 });
    expect(layout.statusCode).toBe(200);
    expect(layout.json<Monitor>()).toEqual({ ...monitor, layout: 'LIST', custom_zoom: 50 });

    const reordered = await patch(a.user, monitor.id, { queue_ids: [second.id, first.id] });
    expect(reordered.json<Monitor>()).toEqual({ ...monitor, layout: 'LIST', custom_zoom: 50, queue_ids: [second.id, first.id] });
    const one = await patch(a.user, monitor.id, { queue_ids: [first.id] });
    expect(one.json<Monitor>().queue_ids).toEqual([first.id]);
    const none = await patch(a.user, monitor.id, { queue_ids: [] });
    expect(none.json<Monitor>().queue_ids).toEqual([]);

    const nothing = await patch(a.user, monitor.id, {});
    expect(nothing.json<Monitor>()).toEqual(none.json<Monitor>());
    expect((await get(a.user, `/monitors/${monitor.id}`)).json<Monitor>()).toEqual(none.json<Monitor>());
  });

  it('keeps identifiers unique per account, case-insensitively; another account may use the same', async () => {
    const { a } = await givenPractice();
    const monitor = await givenMonitor(a.user, { identifier: 'Empfang' });
    const again = await post(a.user, { identifier: 'EMPFANG', display_name: 'Zweiter' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      fields: { identifier: { code: 'IDENTIFIER_IN_USE', message: 'Diese Kennung wird bereits verwendet' } },
    });
    const other = await givenMonitor(a.user, { identifier: 'flur' });
    const renamed = await patch(a.user, other.id, { identifier: 'empfang' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<ApiError>().fields?.identifier?.code).toBe('IDENTIFIER_IN_USE');
    expect((await patch(a.user, monitor.id, { identifier: 'EmpFang' })).json<Monitor>().identifier).toBe('EmpFang');

    const b = await givenAdmin(t);
    expect((await post(b.user, { identifier: 'empfang', display_name: 'Empfang' })).statusCode).toBe(201);
  });

  it('deletes a monitor with its queue list; the queues stay', async () => {
    const { a, first } = await givenPractice();
    const monitor = await givenMonitor(a.user, { queue_ids: [first.id] });
    const res = await t.inject({ method: 'DELETE', url: `/monitors/${monitor.id}`, headers: asUser(a.user) });
    expect(res.statusCode).toBe(204);
    expect((await get(a.user, `/monitors/${monitor.id}`)).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(monitorQueues).where(eq(monitorQueues.monitorId, monitor.id))).toEqual([]);
    expect((await get(a.user, `/queues/${first.id}`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/monitors/${monitor.id}`, headers: asUser(a.user) })).statusCode).toBe(404);
  });

  it('drops a deleted queue from the monitors showing it', async () => {
    const { a, first, second } = await givenPractice();
    const monitor = await givenMonitor(a.user, { queue_ids: [first.id, second.id] });
    expect((await t.inject({ method: 'DELETE', url: `/queues/${first.id}`, headers: asUser(a.user) })).statusCode).toBe(204);
    expect((await get(a.user, `/monitors/${monitor.id}`)).json<Monitor>().queue_ids).toEqual([second.id]);
  });
});

describe('validation', () => {
  it.each([
    [{ identifier: '!!!' }, 'identifier', { code: 'IDENTIFIER_INVALID', message: 'Kennung muss mindestens einen Buchstaben oder eine Ziffer enthalten' }],
    [{ identifier: 'NULL' }, 'identifier', { code: 'IDENTIFIER_RESERVED', message: 'Diese Kennung ist reserviert und kann nicht verwendet werden' }],
    [{ identifier: 'x'.repeat(51) }, 'identifier', { code: 'MAX_LENGTH', message: 'Kennung darf maximal 50 Zeichen lang sein' }],
    [{ identifier: undefined }, 'identifier', { code: 'REQUIRED', message: 'Kennung darf nicht leer sein' }],
    [{ display_name: '  ' }, 'display_name', { code: 'REQUIRED', message: 'Anzeigename darf nicht leer sein' }],
    [{ display_name: 'x'.repeat(101) }, 'display_name', { code: 'MAX_LENGTH', message: 'Anzeigename darf maximal 100 Zeichen lang sein' }],
    [{ layout: 'KACHELN' }, 'layout', { code: 'INVALID_VALUE', message: 'Layout ist ungültig' }],
    [{ style: 'BUNT' }, 'style', { code: 'INVALID_VALUE', message: 'Darstellung ist ungültig' }],
    [{ custom_zoom: 49 }, 'custom_zoom', { code: 'MIN_VALUE', message: 'Zoom muss mindestens 50 sein' }],
    [{ custom_zoom: 301 }, 'custom_zoom', { code: 'MAX_VALUE', message: 'Zoom darf höchstens 300 sein' }],
    [{ custom_zoom: 120.5 }, 'custom_zoom', { code: 'INVALID_TYPE', message: 'Zoom hat ein ungültiges Format' }],
    [{ gong: 'ja' }, 'gong', { code: 'INVALID_TYPE', message: 'Gong hat ein ungültiges Format' }],
    [{ speech: 1 }, 'speech', { code: 'INVALID_TYPE', message: 'Sprachausgabe hat ein ungültiges Format' }],
    [{ queue_ids: 'alle' }, 'queue_ids', { code: 'INVALID_TYPE', message: 'Angezeigte Wartelisten hat ein ungültiges Format' }],
    [{ queue_ids: Array.from({ length: 51 }, () => randomUUID()) }, 'queue_ids', { code: 'MAX_VALUE', message: 'Angezeigte Wartelisten darf höchstens 50 sein' }],
    [{ account_id: randomUUID() }, 'account_id', { code: 'UNKNOWN_FIELD', message: 'account_id ist kein bekanntes Feld' }],
  ])('refuses %o at the field with its message, creating nothing', async (override, field, problem) => {
    const { a } = await givenPractice();
    const res = await post(a.user, { identifier: 'empfang', display_name: 'Empfang', ...override });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiError>()).toMatchObject({ code: 'VALIDATION', fields: { [field]: problem } });
    expect((await get(a.user, '/monitors')).json()).toEqual([]);
  });

  it('refuses a queue listed twice, and answers in English when asked', async () => {
    const { a, first } = await givenPractice();
    const res = await post(a.user, { identifier: 'empfang', display_name: 'Empfang', queue_ids: [first.id, first.id.toUpperCase()] }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.queue_ids).toEqual({ code: 'INVALID_VALUE', message: 'Queues shown is invalid' });
  });

  it('checks a PATCH the same way and leaves the monitor as it was', async () => {
    const { a } = await givenPractice();
    const monitor = await givenMonitor(a.user);
    const res = await patch(a.user, monitor.id, { custom_zoom: 400, display_name: 'Neu' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.custom_zoom?.code).toBe('MAX_VALUE');
    const reserved = await patch(a.user, monitor.id, { identifier: 'null' });
    expect(reserved.json<ApiError>().fields?.identifier?.code).toBe('IDENTIFIER_RESERVED');
    expect((await get(a.user, `/monitors/${monitor.id}`)).json<Monitor>()).toEqual(monitor);
  });
});

describe('queues of another account', () => {
  it('are never attached: a foreign, unknown or malformed queue id is a 404 like a missing one, and nothing changes', async () => {
    const { a, first } = await givenPractice();
    const other = await givenPractice();
    const monitor = await givenMonitor(a.user, { queue_ids: [first.id] });
    for (const bad of [other.first.id, randomUUID(), 'kein-uuid']) {
      const created = await post(a.user, { identifier: `neu-${counter++}`, display_name: 'Neu', queue_ids: [first.id, bad] });
      expect({ bad, status: created.statusCode, code: created.json<ApiError>().code }).toEqual({ bad, status: 404, code: 'NOT_FOUND' });
      const changed = await patch(a.user, monitor.id, { display_name: 'Übernommen', queue_ids: [bad] });
      expect({ bad, status: changed.statusCode, code: changed.json<ApiError>().code }).toEqual({ bad, status: 404, code: 'NOT_FOUND' });
    }
    expect((await get(a.user, '/monitors')).json<Monitor[]>()).toEqual([monitor]);
    const attached = await t.app.ctx.db.select().from(monitorQueues).where(eq(monitorQueues.queueId, other.first.id));
    expect(attached).toEqual([]);
  });
});

describe('permissions and tenant isolation', () => {
  it('lets processors read monitors and nothing else', async () => {
    const { a, first } = await givenPractice();
    const monitor = await givenMonitor(a.user, { queue_ids: [first.id] });
    const processor = await givenProcessor(t, a.accountId);
    expect((await get(processor, '/monitors')).json()).toEqual([monitor]);
    expect((await get(processor, `/monitors/${monitor.id}`)).json()).toEqual(monitor);
    for (const call of [
      { method: 'POST' as const, url: '/monitors', payload: { identifier: 'heimlich', display_name: 'Heimlich' } },
      { method: 'PATCH' as const, url: `/monitors/${monitor.id}`, payload: { display_name: 'Anders' } },
      { method: 'DELETE' as const, url: `/monitors/${monitor.id}` },
    ]) {
      const res = await t.inject({ ...call, headers: asUser(processor) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 403, code: 'FORBIDDEN' });
    }
    expect((await get(a.user, '/monitors')).json()).toEqual([monitor]);
  });

  it("answers 404 for another account's monitor and for malformed ids", async () => {
    const { a } = await givenPractice();
    const own = await givenMonitor(a.user);
    const b = await givenAdmin(t);
    const foreign = await givenMonitor(b.user);
    expect((await get(a.user, '/monitors')).json()).toEqual([own]);
    for (const id of [foreign.id, 'kein-uuid', randomUUID()]) {
      for (const call of [
        { method: 'GET' as const, url: `/monitors/${id}` },
        { method: 'PATCH' as const, url: `/monitors/${id}`, payload: { display_name: 'Übernommen' } },
        { method: 'DELETE' as const, url: `/monitors/${id}` },
      ]) {
        const res = await t.inject({ ...call, headers: asUser(a.user) });
        expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 404, code: 'NOT_FOUND' });
      }
    }
    expect((await get(b.user, `/monitors/${foreign.id}`)).json()).toEqual(foreign);
  });

  it('answers 401 without login', async () => {
    expect((await t.inject({ method: 'GET', url: '/monitors' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/monitors', payload: { identifier: 'x', display_name: 'X' } })).statusCode).toBe(401);
  });
});

describe('GET /monitors/{id}/public', () => {
  it('shows a monitor without login: its settings, its queues in order and its account', async () => {
    const { a, account, first, second } = await givenPractice();
    const monitor = await givenMonitor(a.user, { display_name: 'Wartezimmer', layout: 'COLUMNS', queue_ids: [second.id, first.id] });
    const res = await t.inject({ method: 'GET', url: `/monitors/${monitor.id}/public` });
    expect(res.statusCode).toBe(200);
    const { id, identifier, ...settings } = monitor;
    expect(res.json<PublicMonitor>()).toEqual({ account, monitor: { id, identifier, ...settings } });
  });

  it('answers MONITOR_NOT_FOUND for unknown and malformed ids, in the caller’s language', async () => {
    for (const id of [randomUUID(), 'kein-uuid']) {
      const res = await t.inject({ method: 'GET', url: `/monitors/${id}/public` });
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>()).toEqual({ statusCode: 404, code: 'MONITOR_NOT_FOUND', message: 'Dieser Monitor existiert nicht.' });
    }
    const en = await t.inject({ method: 'GET', url: `/monitors/${randomUUID()}/public`, headers: { 'accept-language': 'en' } });
    expect(en.json<ApiError>().message).toBe('This monitor does not exist.');
  });
});

describe('GET /routes/identifier/{account}/monitor/{monitor|null}', () => {
  const resolve = (account: string, monitor: string) => t.inject({ method: 'GET', url: `/routes/identifier/${account}/monitor/${monitor}` });

  it('resolves a monitor by its identifier, case-insensitively', async () => {
    const { a, account, first } = await givenPractice();
    const monitor = await givenMonitor(a.user, { identifier: 'Wartezimmer', queue_ids: [first.id] });
    const res = await resolve(account.identifier.toUpperCase(), 'WARTEZIMMER');
    expect(res.statusCode).toBe(200);
    const { id, identifier, ...settings } = monitor;
    expect(res.json<PublicMonitor>()).toEqual({ account, monitor: { id, identifier, ...settings } });
  });

  it("answers the master monitor for 'null': every queue of the account by location, priority and name, none of another account", async () => {
    const a = await givenAdmin(t);
    const account = { id: a.accountId, identifier: a.accountIdentifier, display_name: a.admin.account_name };
    const wien = await postProfile(t, a.user, { identifier: 'wien' });
    const graz = await postProfile(t, a.user, { identifier: 'graz' });
    const grazUrgent = await postQueue(t, a.user, graz.id, { name: 'Akut', priority: 1 });
    const wienB = await postQueue(t, a.user, wien.id, { name: 'Blutabnahme' });
    const wienA = await postQueue(t, a.user, wien.id, { name: 'Allgemein' });
    const wienUrgent = await postQueue(t, a.user, wien.id, { name: 'Zahnschmerz', priority: 1 });
    const other = await givenPractice();
    await givenMonitor(other.a.user, { queue_ids: [other.first.id] });

    for (const segment of ['null', 'NULL']) {
      const res = await resolve(account.identifier, segment);
      expect(res.statusCode).toBe(200);
      expect(res.json<PublicMonitor>()).toEqual({
        account,
        monitor: {
          id: null,
          identifier: null,
          display_name: account.display_name,
          layout: 'LIST',
          custom_zoom: 100,
          style: 'DARK',
          gong: true,
          speech: false,
          queue_ids: [wienUrgent.id, wienA.id, wienB.id, grazUrgent.id],
        },
      });
    }
    const theirs = (await resolve(other.account.identifier, 'null')).json<PublicMonitor>();
    expect(theirs.monitor.queue_ids).toEqual([other.first.id, other.second.id]);
  });

  it('answers MONITOR_NOT_FOUND for an unknown account or monitor, and for a monitor of another account', async () => {
    const { a, account } = await givenPractice();
    const other = await givenPractice();
    await givenMonitor(a.user, { identifier: 'nur-bei-a' });
    expect((await resolve(account.identifier, 'nur-bei-a')).statusCode).toBe(200);
    for (const [acc, mon] of [
      [`gibt-es-nicht-${Date.now()}`, 'null'],
      ['null', 'null'],
      [account.identifier, 'flur'],
      [other.account.identifier, 'nur-bei-a'],
    ] as const) {
      const res = await resolve(acc, mon);
      expect({ acc, mon, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ acc, mon, status: 404, code: 'MONITOR_NOT_FOUND' });
    }
  });
});

describe('monitor:{id} live', () => {
  async function subscribe(socket: TestSocket, topic: string): Promise<number> {
    socket.send({ type: 'subscribe', topics: [topic] });
    const answer = await socket.nextJson<RealtimeServerMessage>();
    expect(answer, `subscribing to ${topic}`).toMatchObject({ type: 'subscribed', topics: [{ topic }] });
    return answer.type === 'subscribed' ? (answer.topics[0]?.version ?? -1) : -1;
  }
  const connect = async () => {
    const socket = await TestSocket.connect(baseUrl);
    sockets.push(socket);
    return socket;
  };

  it('tells a screen without login monitor.updated after a PATCH and after the DELETE, with nothing but the version', async () => {
    const { a, first } = await givenPractice();
    const monitor = await givenMonitor(a.user);
    const topic = topicOf('monitor', monitor.id);
    const screen = await connect();
    const version = await subscribe(screen, topic);

    expect((await patch(a.user, monitor.id, { queue_ids: [first.id] })).statusCode).toBe(200);
    expect(await screen.nextJson()).toEqual({ type: 'monitor.updated', topic, version: version + 1 });
    // A PATCH that was refused changed nothing, so it announces nothing.
    expect((await patch(a.user, monitor.id, { custom_zoom: 10 })).statusCode).toBe(400);
    await screen.expectNothingPending();

    expect((await t.inject({ method: 'DELETE', url: `/monitors/${monitor.id}`, headers: asUser(a.user) })).statusCode).toBe(204);
    expect(await screen.nextJson()).toEqual({ type: 'monitor.updated', topic, version: version + 2 });
    await screen.expectNothingPending();
  });

  it.each([
    ['an unknown monitor', () => topicOf('monitor', randomUUID())],
    ['an id that is not a UUID', () => topicOf('monitor', 'kein-uuid')],
  ])('refuses %s with FORBIDDEN and delivers nothing on it', async (_case, topicFor) => {
    const topic = topicFor();
    const screen = await connect();
    screen.send({ type: 'subscribe', topics: [topic] });
    expect(await screen.nextJson()).toEqual({ type: 'error', code: 'FORBIDDEN', topic });
    await t.app.ctx.realtime.publish(topic, { name: 'monitor.updated', data: {}, public: true });
    await screen.expectNothingPending();
  });
});
