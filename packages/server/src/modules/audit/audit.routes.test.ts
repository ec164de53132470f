import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { AuditLog, LoggedUser } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile } from '../../../test/support/factories.js';
import { callNext, givenOpenQueue, givenTicket } from '../../../test/support/tickets.js';
import { setNow } from '../../../test/support/test-clock.js';
import { READ_COALESCE_MS } from './record.js';

/** The audit log: which requests it records, that it names no patient, who may read it, filters and export. */

let t: TestApp;
let admin: LoggedUser;
let processor: LoggedUser;
let queueId: string;

const log = async (query = '') => {
  const res = await t.inject({ method: 'GET', url: `/audit?${query}`, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>();
};
const actions = async (query = '') => (await log(query)).entries.filter((e) => e.action !== 'audit.list').map((e) => e.action);
const get = (user: LoggedUser, url: string) => t.inject({ method: 'GET', url, headers: asUser(user) });

beforeAll(async () => {
  t = await startTestApp();
  setNow(t.clock, '2026-11-20T12:00:00Z');
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Berlin' });
  queueId = await givenOpenQueue(t, account.accountId, {}, { profileId });
  processor = await givenProcessor(t, account.accountId, [queueId]);
});
afterAll(async () => t.close());

describe('what the audit log records', () => {
  it('a list view once per look, a call, a patient draw not at all; no patient name anywhere', async () => {
    const ticket = await givenTicket(t, queueId, { first_name: 'Gerda', last_name: 'Geheim' });
    expect(await actions()).toEqual([]);

    expect((await get(processor, `/queues/${queueId}/members`)).statusCode).toBe(200);
    expect((await get(processor, `/queues/${queueId}/members`)).statusCode).toBe(200);
    t.clock.advanceSeconds(READ_COALESCE_MS / 1000 + 1);
    expect((await get(processor, `/queues/${queueId}/members`)).statusCode).toBe(200);
    expect((await callNext(t, processor, queueId)).statusCode).toBe(200);

    const { entries } = await log(`user_id=${processor.id}`);
    expect(entries.map((e) => [e.action, e.subject_type, e.subject_id])).toEqual([
      ['member.change', 'member', ticket.id],
      ['members.list', 'queue', queueId],
      ['members.list', 'queue', queueId],
    ]);
    expect(entries[0]).toMatchObject({ user_id: processor.id, user_name: 'Bearbeiter', address: '127.0.0.1', detail: { request: 'POST /queues/:id/call-next' } });
    expect(JSON.stringify(await log())).not.toMatch(/Gerda|Geheim/);
  });

  it('the member analysis only with names, its export always, a failed request never', async () => {
    const period = 'from=2026-11-01&to=2026-11-30';
    expect((await get(admin, `/reports/members?${period}`)).statusCode).toBe(200);
    expect(await actions('action=report.members')).toEqual([]);
    expect((await get(admin, `/reports/members?${period}&names=true`)).statusCode).toBe(200);
    const exported = await get(admin, `/reports/members/export?${period}&format=csv&names=true`);
    expect(exported.statusCode).toBe(200);
    expect((await get(admin, `/reports/members/export?${period}&format=pdf`)).statusCode).toBe(400);
    const entries = (await log()).entries.filter((e) => e.action.startsWith('report.'));
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['report.export', { request: 'GET /reports/members/export', names: true }],
      ['report.members', null],
    ]);
  });
});

describe('GET /audit', () => {
  it('admins only: a processor gets 403', async () => {
    expect((await get(processor, '/audit')).statusCode).toBe(403);
    expect((await get(processor, '/audit/export?format=csv')).statusCode).toBe(403);
  });

  it('filters by local dates (the whole day in the zone), by user; a user of no account here is a 404', async () => {
    // 23:30 in Berlin on the 20th is the 20th, though it is 22:30 UTC.
    setNow(t.clock, '2026-11-20T22:30:00Z');
    expect((await get(processor, `/queues/${queueId}/members`)).statusCode).toBe(200);
    const day = await log(`from=2026-11-20&to=2026-11-20&time_zone=Europe/Berlin&user_id=${processor.id}&action=members.list`);
    expect(day.entries.at(0)?.at).toBe('2026-11-20T22:30:00.000Z');
    expect((await log(`from=2026-11-21&to=2026-11-21&user_id=${processor.id}`)).entries).toEqual([]);
    expect((await get(admin, '/audit?user_id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(admin, '/audit?from=2026-11-21&to=2026-11-20')).statusCode).toBe(400);
    expect((await log('limit=1')).truncated).toBe(true);
  });

  it('exports what it lists, as csv read back', async () => {
    const res = await get(admin, `/audit/export?format=csv&user_id=${processor.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/wartefrei-protokoll-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parse<Record<string, string>>(res.body, { delimiter: ';', bom: true, columns: true });
    expect(Object.keys(rows[0]!)).toEqual(['Zeit (UTC)', 'Benutzer', 'Benutzer-ID', 'Adresse', 'Aktion', 'Betrifft', 'ID', 'Details']);
    expect(rows.map((row) => row.Aktion)).toEqual((await log(`user_id=${processor.id}`)).entries.map((e) => e.action));
  });
});
