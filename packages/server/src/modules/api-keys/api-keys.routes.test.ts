import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError, ApiKey, Appointment, AuditLog, BookedAppointment, CreatedApiKey, LoggedUser, Member, MemberReport, Queue, TicketView } from '@wartefrei/shared';
import { apiKeys, appointments, probingAnswers, queueMembers } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket } from '../../../test/support/tickets.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { localDay } from '../../../test/support/test-clock.js';
import { asKey, givenApiKey } from '../../../test/support/api-keys.js';
import { BLANK_PATIENT_FIELDS } from '../../../test/support/patient-data.js';
import { KEY_TOUCH_MS } from '../../platform/api-key-auth.js';
import { API_SCOPE_RULES } from '../../platform/api-scopes.js';
import { registeredRoutes } from '../../../test/fuzz/route-catalogue.js';

/** API keys (docs/api.md#making-a-key): made once, stored hashed, scoped, revoked at once, limited, audited. */

let t: TestApp;
let admin: LoggedUser;
let accountId: string;
let queueId: string;

const ALL_NAMES = {
  display_name: 'Gerdi',
  first_name: 'Gerda',
  last_name: 'Geheim',
  birth_date: '1960-02-03',
  insurance_number: '1237010180',
  mail: 'gerda@example.com',
  phone: '+43 660 1234567',
};
const OPEN_INPUTS = { display_name: 'OPTIONAL', first_name: 'OPTIONAL', birth_date: 'OPTIONAL', insurance_number: 'OPTIONAL', mail: 'OPTIONAL', phone: 'OPTIONAL' } as const;

beforeAll(async () => {
  t = await startTestApp();
  const a = await givenAdmin(t);
  admin = a.user;
  accountId = a.accountId;
  queueId = await givenOpenQueue(t, accountId, { patientInputs: OPEN_INPUTS });
});
afterAll(async () => t?.close());

const get = (key: string, url: string) => t.inject({ method: 'GET', url, headers: asKey(key) });
const codeOf = (res: { json: <T>() => T }) => res.json<ApiError>().code;

describe('making, listing and revoking keys', () => {
  it('answers the key once, stores only its SHA-256 and last four characters, lists it without the key', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api-keys',
      headers: asUser(admin),
      payload: { name: ' Praxisverwaltung ', scopes: ['tickets:read', 'appointments:read'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatedApiKey>();
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'key', 'name', 'scopes']);
    expect(created).toMatchObject({ name: 'Praxisverwaltung', scopes: ['tickets:read', 'appointments:read'] });
    // wf_ and 32 bytes in base64url (43 characters, no padding).
    expect(created.key).toMatch(/^wf_[A-Za-z0-9_-]{43}$/);

    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(row!.hint).toBe(created.key.slice(-4));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(3));
    expect(row!.createdBy).toBe(admin.id);

    const list = await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key.slice(3, -4));
    expect(list.json<ApiKey[]>().find((k) => k.id === created.id)).toEqual({
      id: created.id,
      name: 'Praxisverwaltung',
      scopes: ['tickets:read', 'appointments:read'],
      hint: created.key.slice(-4),
      created_at: created.created_at,
      last_used_at: null,
    });
  });

  it('refuses a missing name, no scope, an unknown or repeated scope and unknown fields (400 VALIDATION)', async () => {
    for (const payload of [
      { name: '', scopes: ['tickets:read'] },
      { name: 'PVS', scopes: [] },
      { name: 'PVS', scopes: ['everything'] },
      { name: 'PVS', scopes: ['tickets:read', 'tickets:read'] },
      { name: 'PVS', scopes: ['tickets:read'], key: 'wf_mine' },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api-keys', headers: asUser(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION');
    }
  });

  it('is for admins only: a processor is refused (403), so is another practice’s key id (404)', async () => {
    const processor = await givenProcessor(t, accountId, [queueId]);
    expect((await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(processor) })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api-keys', headers: asUser(processor), payload: { name: 'x', scopes: ['fhir'] } })).statusCode).toBe(403);

    const other = await givenAdmin(t);
    const foreign = await givenApiKey(t, other.user, ['tickets:read']);
    const res = await t.inject({ method: 'DELETE', url: `/api-keys/${foreign.id}`, headers: asUser(admin) });
    expect(res.statusCode).toBe(404);
    expect((await get(foreign.key, '/queues')).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(admin) })).body).not.toContain(foreign.id);
  });

  it('a revoked key is refused from its very next request (401), and is no longer listed', async () => {
    const key = await givenApiKey(t, admin, ['tickets:read']);
    expect((await get(key.key, '/queues')).statusCode).toBe(200);
    const revoked = await t.inject({ method: 'DELETE', url: `/api-keys/${key.id}`, headers: asUser(admin) });
    expect(revoked.statusCode).toBe(204);
    const after = await get(key.key, '/queues');
    expect(after.statusCode).toBe(401);
    expect(codeOf(after)).toBe('UNAUTHORIZED');
    expect((await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(admin) })).json<ApiKey[]>().map((k) => k.id)).not.toContain(key.id);
    expect((await t.inject({ method: 'DELETE', url: `/api-keys/${key.id}`, headers: asUser(admin) })).statusCode).toBe(404);
  });

  it('making and revoking a key is in the audit log, by the admin who did it', async () => {
    const key = await givenApiKey(t, admin, ['fhir'], 'Krankenhaus');
    expect((await t.inject({ method: 'DELETE', url: `/api-keys/${key.id}`, headers: asUser(admin) })).statusCode).toBe(204);
    const { entries } = (await t.inject({ method: 'GET', url: '/audit', headers: asUser(admin) })).json<AuditLog>();
    expect(entries.filter((e) => e.subject_id === key.id).map((e) => [e.action, e.subject_type, e.user_id])).toEqual([
      ['api_key.revoke', 'api_key', admin.id],
      ['api_key.create', 'api_key', admin.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(key.key.slice(3));
  });

  it('an unknown key is 401', async () => {
    const res = await get('wf_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/queues');
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('UNAUTHORIZED');
  });

  it('last_used_at is written on use, then at most once a minute', async () => {
    const key = await givenApiKey(t, admin, ['tickets:read']);
    const lastUsed = async () => (await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(admin) })).json<ApiKey[]>().find((k) => k.id === key.id)!.last_used_at;
    await get(key.key, '/queues');
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advanceSeconds(30);
    await get(key.key, '/queues');
    expect(await lastUsed()).toBe(first);
    t.clock.advanceSeconds(KEY_TOUCH_MS / 1000);
    await get(key.key, '/queues');
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });
});

describe('scopes', () => {
  it('a route outside the key’s scopes is 403 API_KEY_SCOPE, in the caller’s language', async () => {
    const key = await givenApiKey(t, admin, ['tickets:read']);
    expect((await get(key.key, `/queues/${queueId}/members`)).statusCode).toBe(200);
    const draw = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asKey(key.key), payload: { origin: 'MANUAL' } });
    expect(draw.statusCode).toBe(403);
    expect(draw.json<ApiError>()).toMatchObject({ code: 'API_KEY_SCOPE', message: 'Dieser API-Schlüssel darf diese Schnittstelle nicht aufrufen.' });
    const english = await t.inject({ method: 'GET', url: '/appointments?from=2026-01-01&to=2026-01-31', headers: asKey(key.key, { 'accept-language': 'en' }) });
    expect(english.json<ApiError>()).toMatchObject({ statusCode: 403, code: 'API_KEY_SCOPE', message: 'This API key may not call this endpoint.' });
  });

  it('never reaches keys, a person’s own account, sessions, second factors, encryption, billing, the audit log — with every scope', async () => {
    const key = await givenApiKey(t, admin, [
      'tickets:read',
      'tickets:write',
      'appointments:read',
      'appointments:write',
      'patients:read',
      'reports:read',
      'webhooks:manage',
      'fhir',
    ]);
    for (const [method, url] of [
      ['GET', '/api-keys'],
      ['POST', '/api-keys'],
      ['PATCH', '/users/me'],
      ['GET', '/users/me/sessions'],
      ['GET', '/users/me/second-factors'],
      ['GET', '/encryption'],
      ['GET', '/billing'],
      ['GET', '/audit'],
      // Not in the table at all: closed until someone decides.
      ['GET', '/info-tags'],
      ['GET', '/processors'],
    ] as const) {
      // Valid bodies: a route behind requireUser validates its body before it authenticates.
      const payload = method === 'POST' ? { name: 'x', scopes: ['fhir'] } : method === 'PATCH' ? {} : undefined;
      const res = await t.inject({ method, url, headers: asKey(key.key), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(codeOf(res), `${method} ${url}`).toBe('API_KEY_SCOPE');
    }
    // GET /auth is a person's sign-in check: a key is no Basic login.
    expect((await get(key.key, '/auth')).statusCode).toBe(401);
  });

  it('every route of the table is registered (no typo opens nothing or hides a route)', () => {
    const shape = (route: string) => route.replace(/:[^/]+/g, ':');
    const served = new Set(registeredRoutes(t.app.printRoutes({ commonPrefix: false })).map(({ method, path }) => `${method} ${shape(path)}`));
    expect(API_SCOPE_RULES.map((rule) => `${rule.method} ${shape(rule.route)}`).filter((route) => !served.has(route))).toEqual([]);
  });

  it('a key acts as the practice like an admin: every list of the practice, not only assigned ones', async () => {
    const otherQueue = await givenOpenQueue(t, accountId);
    const key = await givenApiKey(t, admin, ['tickets:read']);
    const ids = (await get(key.key, '/queues')).json<Queue[]>().map((q) => q.id);
    expect(ids).toEqual(expect.arrayContaining([queueId, otherQueue]));
  });
});

describe('patients:read', () => {
  it('tickets: without it names, contact data and free-text answers are null; with it they are there', async () => {
    const ticket = await givenTicket(t, queueId, ALL_NAMES);
    const [member] = await t.app.ctx.db.select({ accountId: queueMembers.accountId }).from(queueMembers).where(eq(queueMembers.id, ticket.id));
    await t.app.ctx.db
      .insert(probingAnswers)
      .values({ accountId: member!.accountId, memberId: ticket.id, step: 1, questionText: 'Anliegen?', optionText: 'Sonstiges', freeText: 'Gerdas Knie' });
    const bare = await givenApiKey(t, admin, ['tickets:read']);
    const full = await givenApiKey(t, admin, ['tickets:read', 'patients:read']);

    const withoutNames = await get(bare.key, `/queues/${queueId}/members`);
    expect(withoutNames.statusCode).toBe(200);
    const stripped = withoutNames.json<Member[]>().find((m) => m.id === ticket.id)!;
    expect(stripped).toMatchObject({
      id: ticket.id,
      number: ticket.number,
      status: 'WAITING',
      ...BLANK_PATIENT_FIELDS,
    });
    expect(stripped.answers).toEqual([expect.objectContaining({ question: 'Anliegen?', answer: 'Sonstiges', text: null })]);
    expect(withoutNames.body).not.toMatch(/Gerd|Geheim|1237010180|660 1234567|1960-02-03/);
    // The ticket by id as well.
    const one = await get(bare.key, `/members/${ticket.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<TicketView>()).toMatchObject({ id: ticket.id, display_name: null });

    const withNames = (await get(full.key, `/queues/${queueId}/members`)).json<Member[]>().find((m) => m.id === ticket.id)!;
    expect(withNames).toMatchObject({ display_name: 'Gerdi', first_name: 'Gerda', last_name: 'Geheim', birth_date: '1960-02-03', mail: 'gerda@example.com' });
    expect(withNames.answers[0]!.text).toBe('Gerdas Knie');
  });

  it('reports: the member analysis names nobody and shows no free text without it', async () => {
    const ticket = await givenTicket(t, queueId, { first_name: 'Rita', last_name: 'Report' });
    const [member] = await t.app.ctx.db.select({ accountId: queueMembers.accountId }).from(queueMembers).where(eq(queueMembers.id, ticket.id));
    await t.app.ctx.db
      .insert(probingAnswers)
      .values({ accountId: member!.accountId, memberId: ticket.id, step: 1, questionText: 'Anliegen?', optionText: 'Sonstiges', freeText: 'Ritas Rücken' });
    const day = localDay(t.clock);
    const url = `/reports/members?from=${day}&to=${day}&names=true&queue_id=${queueId}`;
    const bare = await givenApiKey(t, admin, ['reports:read']);
    const full = await givenApiKey(t, admin, ['reports:read', 'patients:read']);

    const res = await get(bare.key, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/Rita|Report\b|Rücken/);
    const row = res.json<MemberReport>().rows.find((r) => r.id === ticket.id)!;
    expect(row).toMatchObject({ id: ticket.id, number: ticket.number, name: null, answers: [] });

    const named = (await get(full.key, url)).json<MemberReport>().rows.find((r) => r.id === ticket.id)!;
    expect(named.name).toContain('Rita');
    expect(named.answers.join()).toContain('Ritas Rücken');

    // The export is a file the filter cannot thin out: it needs patients:read as well.
    expect(codeOf(await get(bare.key, `/reports/members/export?from=${day}&to=${day}&format=csv`))).toBe('API_KEY_SCOPE');
    expect((await get(full.key, `/reports/members/export?from=${day}&to=${day}&format=csv`)).statusCode).toBe(200);
  });
});

describe('what a key does is the practice’s, named as the key', () => {
  it('appointments: a key books with source API (no person as booker); without patients:read the answers carry no names', async () => {
    const practice = await givenBookablePractice(t, { at: SPRING.now });
    const writer = await givenApiKey(t, practice.user, ['appointments:write', 'appointments:read']);
    const booked = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: asKey(writer.key),
      payload: bookingBody(practice.type.id, SPRING.monday8, { first_name: 'Anna', last_name: 'Api' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json<BookedAppointment>();
    expect(appointment.source).toBe('API');
    expect(booked.body).not.toMatch(/Anna|Api\b|maria@example/);
    const [row] = await t.app.ctx.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ source: 'API', bookedByUserId: null, firstName: 'Anna', lastName: 'Api' });

    const list = await get(writer.key, '/appointments?from=2026-03-30&to=2026-03-31');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Appointment[]>().find((a) => a.id === appointment.id)).toMatchObject({ source: 'API', first_name: null, last_name: null, mail: null, description: null });

    const reader = await givenApiKey(t, practice.user, ['appointments:read', 'patients:read']);
    expect((await get(reader.key, '/appointments?from=2026-03-30&to=2026-03-31')).json<Appointment[]>().find((a) => a.id === appointment.id)).toMatchObject({
      first_name: 'Anna',
      last_name: 'Api',
    });
  });

  it('tickets: a key draws as staff (origin MANUAL) and calls without naming a processor; the audit log says "API: {name}"', async () => {
    const key = await givenApiKey(t, admin, ['tickets:read', 'tickets:write'], 'Telefonanlage');
    const drawn = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asKey(key.key), payload: { origin: 'MANUAL' } });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const memberId = drawn.json<{ id: string }>().id;
    const [row] = await t.app.ctx.db.select({ origin: queueMembers.origin }).from(queueMembers).where(eq(queueMembers.id, memberId));
    expect(row!.origin).toBe('MANUAL');

    const called = await t.inject({ method: 'POST', url: `/members/${memberId}/call`, headers: asKey(key.key), payload: {} });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json<{ member: Member }>().member).toMatchObject({ id: memberId, status: 'PROCESSING', processor_id: null });

    const audit = await t.inject({ method: 'GET', url: '/audit', headers: asUser(admin) });
    const entries = audit.json<AuditLog>().entries.filter((e) => e.subject_id === memberId);
    expect(entries.map((e) => [e.action, e.user_id, e.user_name])).toEqual([
      ['member.change', null, 'API: Telefonanlage'],
      ['member.create', null, 'API: Telefonanlage'],
    ]);
    // Revoked, the key's entries keep its name.
    await t.inject({ method: 'DELETE', url: `/api-keys/${key.id}`, headers: asUser(admin) });
    const later = (await t.inject({ method: 'GET', url: '/audit', headers: asUser(admin) })).json<AuditLog>();
    expect(later.entries.filter((e) => e.subject_id === memberId).map((e) => e.user_name)).toEqual(['API: Telefonanlage', 'API: Telefonanlage']);
  });
});

describe('the limit per key', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ apiKeyLimit: { perKey: 3, windowSeconds: 60 } });
  });
  afterAll(async () => limited?.close());

  it('beyond the limit a key gets 429 with Retry-After; another key of the practice is not counted with it; the next window serves again', async () => {
    const a = await givenAdmin(limited);
    const first = await givenApiKey(limited, a.user, ['tickets:read']);
    const second = await givenApiKey(limited, a.user, ['tickets:read']);
    const call = (key: string) => limited.inject({ method: 'GET', url: '/queues', headers: asKey(key) });
    for (let i = 0; i < 3; i++) expect((await call(first.key)).statusCode).toBe(200);
    const refused = await call(first.key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call(second.key)).statusCode).toBe(200);
    limited.clock.advanceSeconds(retryAfter);
    expect((await call(first.key)).statusCode).toBe(200);
  });
});
