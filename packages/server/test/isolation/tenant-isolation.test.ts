import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or, type Column } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type {
  ApiError,
  CreatedApiKey,
  NewTotp,
  AppointmentSlot,
  BookedAppointment,
  AppointmentType,
  DeviceOrder,
  InfoTag,
  PaymentMethod,
  LoggedUser,
  MemberActionResult,
  Monitor,
  ProbingQuestion,
  Processor,
  Profile,
  Queue,
  ScheduleEntry,
  TicketView,
  Vacation,
} from '@wartefrei/shared';
import {
  accountKeys,
  accounts,
  apiKeys,
  appointments,
  images,
  infoTags,
  monitorQueues,
  monitors,
  probingAnswers,
  probingQuestions,
  profiles,
  queueMemberInfoTags,
  queueMembers,
  queueProcessors,
  queueSessionEvents,
  queueSessions,
  queues,
  sessionScheduleEntries,
  users,
  vacations,
} from '../../src/db/schema/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startStripeTestServer, type StripeTestServer } from '../support/stripe/server.js';
import { asUser, givenProcessor, givenVerifiedAdmin, logIn } from '../support/factories.js';
import { uploadLogo } from '../support/images.js';
import { linkKey } from '../support/tickets.js';
import { givenTotp } from '../support/second-factors.js';
import { registeredRoutes } from '../fuzz/route-catalogue.js';
import { startSession } from '../../src/platform/sign-in-sessions.js';
import { scheduleId } from '../../src/modules/fhir/index.js';
import { API_SCOPES } from '@wartefrei/shared';
import { API_SCOPE_AREAS, API_SCOPE_RULES } from '../../src/platform/api-scopes.js';
import { asKey } from '../support/api-keys.js';

/*
 * Tenant isolation (docs/architecture.md#api-conventions): every staff query is scoped by the
 * caller's account, and a foreign id answers 404 exactly like a missing one; a processor (not
 * admin) sees only the queues assigned to them. One table of every id-taking staff route, run
 * against a second account's real ids (and against a queue of the own account the processor is
 * not assigned to), with a control per row on the caller's own ids so that a 404 cannot come
 * from a broken route or a wrong payload. A guard test keeps the table complete.
 */

let t: TestApp;
let stripe: StripeTestServer | undefined;
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let uniqueCounter = 0;
const unique = () => `${Date.now().toString(36)}${(uniqueCounter++).toString(36)}`;
/** A start no booking of this run has taken yet: whole hours from 2030 on (the clock is real). */
let startCounter = 0;
const nextStart = () => new Date(Date.UTC(2030, 0, 1) + startCounter++ * 3_600_000).toISOString();
let ipCounter = 0;
/** Draws come from many addresses: the public draw limit is not what this file is about. */
const nextIp = () => `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

interface Owner {
  accountId: string;
  user: LoggedUser;
}

/** A staff call that must answer `status`; the answer's body, or a thrown error naming the call. */
async function api<T>(user: LoggedUser, method: HTTPMethods, url: string, payload: Record<string, unknown> | undefined, status: number): Promise<T> {
  const res = await t.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });
  if (res.statusCode !== status) throw new Error(`setup ${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** An account with its signed-in admin; its names are remembered as data that must not leak. */
async function givenAccount(label: string, secrets?: Set<string>): Promise<Owner> {
  const admin = await givenVerifiedAdmin(t, { display_name: `Dr. ${label} ${unique()}` });
  for (const value of [admin.account_id, admin.user_id, admin.account_name, admin.account_identifier, admin.username, admin.display_name]) {
    secrets?.add(value);
  }
  return { accountId: admin.account_id, user: await logIn(t, admin.username, admin.password) };
}

/** A queue created through the API, opened, with `assign` as its (active) processors. */
async function givenOpenQueue(owner: Owner, profileId: string, assign: string[], label: string): Promise<Queue> {
  const n = `${label}-${unique()}`.toLowerCase();
  const queue = await api<Queue>(
    owner.user,
    'POST',
    '/queues',
    {
      profile_id: profileId,
      name: `Warteliste ${n}`,
      identifier: `liste-${n}`,
      // Room for many calls at once: a call that leaked must change the member, not meet the limit.
      max_concurrent_processing: 10,
      patient_inputs: { display_name: 'OPTIONAL', first_name: 'OPTIONAL', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    },
    201,
  );
  await api(owner.user, 'POST', `/queues/${queue.id}/session`, { event: 'START' }, 200);
  for (const userId of assign) await api(owner.user, 'PUT', `/queues/${queue.id}/processors/${userId}`, undefined, 200);
  return queue;
}

/**
 * What a row needs an id of. `waiting`, `processing`, `cancelled`, `tagged` are members of `queue`; `tagged` carries `tag`;
 * `siblingQueue` is another list of `queue`'s location, `colleague` another processor (targets of a handover).
 */
const KINDS = [
  'account',
  'profile',
  'queue',
  'siblingQueue',
  'colleague',
  'waiting',
  'processing',
  'cancelled',
  'tag',
  'tagged',
  'processor',
  'entry',
  'monitor',
  'appointmentType',
  'slot',
  'appointment',
  'vacation',
  'question',
  'paymentMethod',
  'setupIntent',
  'deviceOrder',
  'invoice',
  'keyRequest',
  'image',
  'loginSession',
  'pendingTotp',
  'secondFactor',
  'webhookEndpoint',
  'webhookDelivery',
  'apiKey',
] as const;
type Kind = (typeof KINDS)[number];
/** The id of one thing of a kind in a world, made through the API on first use. */
type Ids = (kind: Kind) => Promise<string>;

/**
 * A small world of one account, built lazily through the API as a row asks for it: a location,
 * an open queue (with one waiting member already, and `assign` as its processors), members in
 * each state, an info tag, a processor of the queue, a schedule entry, a monitor showing the queue.
 */
/**
 * Patient data as the account takes it: in the clear, or, once its key request's world switched
 * encryption on, as a well-formed sealed stand-in (the server never opens it).
 */
async function patientData(accountId: string, fields: Record<string, string>): Promise<Record<string, string>> {
  const [key] = await t.app.ctx.db.select({ id: accountKeys.accountId }).from(accountKeys).where(eq(accountKeys.accountId, accountId));
  return key ? { sealed_data: 'wf1s.c2VhbGVk.aXY.Y2lwaGVy' } : fields;
}

function world(owner: Owner, options: { label: string; assign?: string[]; secrets?: Set<string> }): Ids {
  const { label } = options;
  const keep = (...values: (string | null | undefined)[]) => {
    for (const value of values) if (value) options.secrets?.add(value);
  };
  const draw = async (queueId: string): Promise<TicketView> => {
    const n = unique();
    const res = await t.inject({
      method: 'POST',
      url: `/queues/${queueId}/members`,
      payload: {
        origin: 'ONLINE',
        ...(await patientData(owner.accountId, { display_name: `${label} Gast ${n}`, first_name: `${label}vorname${n}`, last_name: `${label}nachname${n}` })),
      },
      remoteAddress: nextIp(),
    });
    if (res.statusCode !== 201) throw new Error(`setup draw: ${res.statusCode} ${res.body}`);
    const ticket = res.json<TicketView>();
    keep(ticket.id, linkKey(ticket), `${label} Gast ${n}`, `${label}vorname${n}`, `${label}nachname${n}`);
    return ticket;
  };
  const make: Record<Kind, () => Promise<string>> = {
    account: () => Promise.resolve(owner.accountId),
    profile: async () => {
      const n = `${label}-${unique()}`.toLowerCase();
      const profile = await api<Profile>(owner.user, 'POST', '/profiles', { name: `Standort ${n}`, identifier: `standort-${n}` }, 201);
      keep(profile.id, profile.name, profile.identifier);
      return profile.id;
    },
    queue: async () => {
      const queue = await givenOpenQueue(owner, await ids('profile'), options.assign ?? [], label);
      keep(queue.id, queue.name, queue.identifier);
      await draw(queue.id);
      return queue.id;
    },
    siblingQueue: async () => {
      const queue = await givenOpenQueue(owner, await ids('profile'), [], label);
      keep(queue.id, queue.name, queue.identifier);
      return queue.id;
    },
    colleague: async () => {
      const n = `${label}-${unique()}`.toLowerCase();
      const processor = await api<Processor>(owner.user, 'POST', '/processors', { username: `${n}-kollegin@praxis.example`, display_name: `${label} Kollegin ${n}` }, 201);
      keep(processor.id, processor.username, processor.display_name);
      return processor.id;
    },
    waiting: async () => (await draw(await ids('queue'))).id,
    processing: async () => {
      const member = await draw(await ids('queue'));
      await api(owner.user, 'POST', `/members/${member.id}/call`, {}, 200);
      return member.id;
    },
    cancelled: async () => {
      const member = await draw(await ids('queue'));
      await api(owner.user, 'POST', `/members/${member.id}/cancel`, {}, 200);
      return member.id;
    },
    tag: async () => {
      // Tag names are short (at most 10 characters).
      const tag = await api<InfoTag>(owner.user, 'POST', '/info-tags', { name: `${label.slice(0, 2)}#${uniqueCounter++}` }, 201);
      keep(tag.id, tag.name);
      return tag.id;
    },
    apiKey: async () => {
      const key = await api<CreatedApiKey>(owner.user, 'POST', '/api-keys', { name: `${label} PVS ${unique()}`, scopes: ['tickets:read'] }, 201);
      keep(key.id, key.name, key.key);
      return key.id;
    },
    tagged: async () => {
      const member = await draw(await ids('queue'));
      await api<MemberActionResult>(owner.user, 'POST', `/members/${member.id}/info-tags`, { info_tag_id: await ids('tag') }, 200);
      return member.id;
    },
    processor: async () => {
      const n = unique();
      const processor = await api<Processor>(
        owner.user,
        'POST',
        '/processors',
        { username: `${label.toLowerCase()}-mitarbeiter-${n}@praxis.example`, display_name: `${label} Mitarbeiter ${n}` },
        201,
      );
      keep(processor.id, processor.username, processor.display_name);
      await api(owner.user, 'PUT', `/queues/${await ids('queue')}/processors/${processor.id}`, undefined, 200);
      return processor.id;
    },
    entry: async () => {
      const entry = await api<ScheduleEntry>(owner.user, 'POST', `/queues/${await ids('queue')}/schedule`, { event: 'START', weekday: 1, local_time: '07:00' }, 201);
      keep(entry.id);
      return entry.id;
    },
    monitor: async () => {
      const n = `${label}-${unique()}`.toLowerCase();
      const monitor = await api<Monitor>(owner.user, 'POST', '/monitors', { identifier: `monitor-${n}`, display_name: `Monitor ${n}`, queue_ids: [await ids('queue')] }, 201);
      keep(monitor.id, monitor.identifier, monitor.display_name);
      return monitor.id;
    },
    appointmentType: async () => {
      const type = await api<AppointmentType>(
        owner.user,
        'POST',
        '/appointment-types',
        { queue_id: await ids('queue'), name: `${label} Termin ${unique()}`, duration_minutes: 10 },
        201,
      );
      keep(type.id, type.name);
      return type.id;
    },
    slot: async () => {
      const slot = await api<AppointmentSlot>(
        owner.user,
        'POST',
        '/appointment-slots',
        {
          profile_id: await ids('profile'),
          processor_id: await ids('processor'),
          kind: 'SINGLE',
          date: `2027-01-${String((uniqueCounter++ % 28) + 1).padStart(2, '0')}`,
          start_time: '08:00',
          end_time: '09:00',
        },
        201,
      );
      keep(slot.id);
      return slot.id;
    },
    appointment: async () => {
      const n = unique();
      const appointment = await api<BookedAppointment>(
        owner.user,
        'POST',
        '/appointments',
        {
          appointment_type_id: await ids('appointmentType'),
          processor_id: await ids('processor'),
          start: nextStart(),
          phone: '+43664000000',
          ...(await patientData(owner.accountId, { last_name: `${label}patient${n}` })),
        },
        201,
      );
      keep(appointment.id, linkKey(appointment), `${label}patient${n}`);
      return appointment.id;
    },
    question: async () => {
      // In the kiosk variant: the rows' own-side controls create and copy in the online one.
      const question = await api<ProbingQuestion>(
        owner.user,
        'POST',
        '/probing-questions',
        {
          profile_id: await ids('profile'),
          variant: 'KIOSK',
          text: `${label} Frage ${unique()}`,
          options: [
            { text: 'ja', action: 'NOTHING' },
            { text: 'nein', action: 'NOTHING' },
          ],
        },
        201,
      );
      keep(question.id, question.text);
      return question.id;
    },
    paymentMethod: async () => {
      const setup = await api<{ setup_intent_id: string }>(owner.user, 'POST', '/payment-methods/setup', { type: 'card' }, 201);
      const methods = await api<PaymentMethod[]>(owner.user, 'POST', `/payment-methods/setup/${setup.setup_intent_id}/test-confirm`, { card: 'pm_card_visa' }, 200);
      keep(setup.setup_intent_id, ...methods.map((m) => m.id));
      return methods.at(-1)!.id;
    },
    setupIntent: async () => {
      const setup = await api<{ setup_intent_id: string }>(owner.user, 'POST', '/payment-methods/setup', { type: 'card' }, 201);
      await api(owner.user, 'POST', `/payment-methods/setup/${setup.setup_intent_id}/test-confirm`, { card: 'pm_card_visa' }, 200);
      keep(setup.setup_intent_id);
      return setup.setup_intent_id;
    },
    deviceOrder: async () => {
      await ids('paymentMethod');
      const address = { street1: `${label}gasse 1`, postcode: '1010', city: 'Wien', country: 'AT' };
      const order = await api<DeviceOrder>(owner.user, 'POST', '/device-orders', { items: [{ device: 'KIOSK', quantity: 1 }], delivery_address: address }, 201);
      keep(order.id, order.invoice_id, address.street1);
      return order.id;
    },
    invoice: async () => {
      const order = await api<DeviceOrder>(owner.user, 'GET', `/device-orders/${await ids('deviceOrder')}`, undefined, 200);
      return order.invoice_id!;
    },
    // A processor's request for the account key, with encryption on (the owner holds the key).
    // The blobs are well-formed stand-ins: the server never opens them, and isolation is not about crypto.
    keyRequest: async () => {
      const state = await api<{ enabled: boolean }>(owner.user, 'GET', '/encryption', undefined, 200);
      if (!state.enabled) {
        await api(owner.user, 'PUT', '/encryption/my-key', STAND_IN_KEY, 200);
        await api(
          owner.user,
          'POST',
          '/encryption/enable',
          { public_key: STAND_IN_KEY.public_key, recovery_wrapped_key: STAND_IN_KEY.wrapped_private_key, wrapped_account_key: STAND_IN_WRAP.wrapped_account_key },
          200,
        );
      }
      const requester = await givenProcessor(t, owner.accountId);
      await api(requester, 'PUT', '/encryption/my-key', STAND_IN_KEY, 200);
      await api(requester, 'POST', '/encryption/requests', undefined, 200);
      const requests = await api<{ id: string; user_id: string }[]>(owner.user, 'GET', '/encryption/requests', undefined, 200);
      return requests.find((request) => request.user_id === requester.id)!.id;
    },
    // A second sign-in of the admin: ending it must not end the session the rows call with.
    loginSession: async () => {
      const now = new Date();
      const id = await startSession(t.app.ctx.db, { userId: owner.user.id, device: null, ip: '192.0.2.1', now, expiresAt: new Date(now.getTime() + 3_600_000), via: 'password' });
      keep(id);
      return id;
    },
    image: async () => {
      const image = await uploadLogo(t, owner.user);
      keep(image.id);
      return image.id;
    },
    // A user's own second factors: not yet confirmed, and active.
    pendingTotp: async () => (await api<NewTotp>(owner.user, 'POST', '/users/me/second-factors/totp', {}, 201)).id,
    secondFactor: async () => (await givenTotp(t, owner.user)).id,
    // A webhook endpoint (its secret is B's too: it must never show to A) and a delivery of it.
    webhookEndpoint: async () => {
      const endpoint = await api<{ id: string; secret: string }>(owner.user, 'POST', '/webhook-endpoints', { url: `${WEBHOOK_ORIGIN}/${label}`, events: ['ticket.drawn'] }, 201);
      keep(endpoint.id, endpoint.secret);
      return endpoint.id;
    },
    webhookDelivery: async () => {
      const delivery = await api<{ id: string }>(owner.user, 'POST', `/webhook-endpoints/${await ids('webhookEndpoint')}/test`, undefined, 202);
      keep(delivery.id);
      return delivery.id;
    },
    vacation: async () => {
      const vacation = await api<Vacation>(
        owner.user,
        'POST',
        '/vacations',
        { type: 'VACATION', whole_days: true, start: '2031-08-01', end: '2031-08-14', absent_processor_id: await ids('processor') },
        201,
      );
      keep(vacation.id);
      return vacation.id;
    },
  };
  const made = new Map<Kind, Promise<string>>();
  const ids: Ids = (kind) => {
    let id = made.get(kind);
    if (!id) {
      id = make[kind]();
      made.set(kind, id);
    }
    return id;
  };
  return ids;
}

/** Where the worlds' webhook endpoints point (allowed by the test app's config; nothing is sent in this file). */
const WEBHOOK_ORIGIN = 'https://hooks.isolation.test';

const STAND_IN_KEY = { public_key: 'A'.repeat(400), wrapped_private_key: 'wf1p.600000.c2FsdA.aXY.Y2lwaGVy' };
const STAND_IN_WRAP = { wrapped_account_key: 'wf1k.a2V5.aXY.Y2lwaGVy' };

/** Ids that exist nowhere: what "a missing one" answers. */
const missing: Ids = () => Promise.resolve(randomUUID());

interface Request {
  url: string;
  payload?: Record<string, unknown>;
}

interface Row {
  /** The route as registered (method and path with its parameter names). */
  route: string;
  /** Which ids are foreign when a route takes more than one. */
  variant?: string;
  /** Queue-bound: a processor not assigned to the queue gets a 404 as well. */
  queueScoped?: boolean;
  /** The status of the control on own ids (200 unless told). */
  ok?: number;
  /** The call with `foreign` ids where the row probes, `own` (the caller's own) ids elsewhere. */
  request(foreign: Ids, own: Ids): Promise<Request>;
}

/** Every staff route that takes an id, in the path or in the body. Built from the *.routes.ts files. */
const ROWS: Row[] = [
  // accounts
  { route: 'GET /accounts/:id', request: async (f) => ({ url: `/accounts/${await f('account')}` }) },
  { route: 'PATCH /accounts/:id', request: async (f) => ({ url: `/accounts/${await f('account')}`, payload: { display_name: 'Übernommen' } }) },
  // profiles (locations)
  { route: 'GET /profiles/:id', request: async (f) => ({ url: `/profiles/${await f('profile')}` }) },
  { route: 'PATCH /profiles/:id', request: async (f) => ({ url: `/profiles/${await f('profile')}`, payload: { name: 'Übernommen' } }) },
  { route: 'DELETE /profiles/:id', ok: 204, request: async (f) => ({ url: `/profiles/${await f('profile')}` }) },
  // queues
  {
    route: 'POST /queues',
    variant: 'into a foreign location',
    ok: 201,
    request: async (f) => ({ url: '/queues', payload: { profile_id: await f('profile'), name: 'Übernommen', identifier: `uebernommen-${unique()}` } }),
  },
  { route: 'GET /queues/:id', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}` }) },
  { route: 'PATCH /queues/:id', request: async (f) => ({ url: `/queues/${await f('queue')}`, payload: { name: 'Übernommen' } }) },
  { route: 'DELETE /queues/:id', ok: 204, request: async (f) => ({ url: `/queues/${await f('queue')}` }) },
  {
    route: 'DELETE /queues/:id',
    variant: 'own list, a foreign list to move its appointments to',
    ok: 204,
    request: async (f, own) => ({ url: `/queues/${await own('queue')}?appointments=move&to=${await f('siblingQueue')}` }),
  },
  // sessions
  { route: 'GET /queues/:id/session', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/session` }) },
  {
    route: 'POST /queues/:id/session',
    queueScoped: true,
    request: async (f) => ({ url: `/queues/${await f('queue')}/session`, payload: { event: 'TERMINATE' } }),
  },
  {
    route: 'PATCH /queues/:id/session',
    queueScoped: true,
    request: async (f) => ({ url: `/queues/${await f('queue')}/session`, payload: { queueing_allowed: false } }),
  },
  { route: 'GET /queues/:id/session/events', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/session/events` }) },
  // schedules
  { route: 'GET /queues/:id/schedule', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/schedule` }) },
  { route: 'GET /queues/:id/schedule/now', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/schedule/now` }) },
  {
    route: 'POST /queues/:id/schedule',
    ok: 201,
    request: async (f) => ({ url: `/queues/${await f('queue')}/schedule`, payload: { event: 'TERMINATE', weekday: 2, local_time: '18:00' } }),
  },
  {
    route: 'PATCH /queues/:id/schedule/:entryId',
    variant: 'foreign queue and entry',
    request: async (f) => ({ url: `/queues/${await f('queue')}/schedule/${await f('entry')}`, payload: { activated: false } }),
  },
  {
    route: 'PATCH /queues/:id/schedule/:entryId',
    variant: 'own queue, foreign entry',
    request: async (f, own) => ({ url: `/queues/${await own('queue')}/schedule/${await f('entry')}`, payload: { activated: false } }),
  },
  {
    route: 'DELETE /queues/:id/schedule/:entryId',
    variant: 'foreign queue and entry',
    ok: 204,
    request: async (f) => ({ url: `/queues/${await f('queue')}/schedule/${await f('entry')}` }),
  },
  {
    route: 'DELETE /queues/:id/schedule/:entryId',
    variant: 'own queue, foreign entry',
    ok: 204,
    request: async (f, own) => ({ url: `/queues/${await own('queue')}/schedule/${await f('entry')}` }),
  },
  // processors and their queues
  { route: 'GET /processors/:id', request: async (f) => ({ url: `/processors/${await f('processor')}` }) },
  { route: 'PATCH /processors/:id', request: async (f) => ({ url: `/processors/${await f('processor')}`, payload: { display_name: 'Übernommen' } }) },
  { route: 'DELETE /processors/:id', ok: 204, request: async (f) => ({ url: `/processors/${await f('processor')}` }) },
  // one's own sign-in sessions: another account's (so another user's) is 404
  // API keys: another practice's key is 404 and keeps working
  { route: 'DELETE /api-keys/:id', ok: 204, request: async (f) => ({ url: `/api-keys/${await f('apiKey')}` }) },
  { route: 'DELETE /users/me/sessions/:id', ok: 204, request: async (f) => ({ url: `/users/me/sessions/${await f('loginSession')}` }) },
  // The world's processor is invited and has no password yet: the reset answers 409 INVITATION_PENDING
  // for an own one (it reached the processor), 404 for a foreign one.
  { route: 'POST /processors/:id/invitation', ok: 204, request: async (f) => ({ url: `/processors/${await f('processor')}/invitation` }) },
  { route: 'POST /processors/:id/password-reset', ok: 409, request: async (f) => ({ url: `/processors/${await f('processor')}/password-reset` }) },
  {
    route: 'DELETE /processors/:id',
    variant: 'own processor, a foreign one to reassign their appointments to',
    ok: 204,
    request: async (f, own) => ({ url: `/processors/${await own('processor')}?appointments=reassign&to=${await f('colleague')}` }),
  },
  { route: 'GET /queues/:queueId/processors', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/processors` }) },
  {
    route: 'PUT /queues/:queueId/processors/:userId',
    variant: 'foreign queue and processor',
    request: async (f) => ({ url: `/queues/${await f('queue')}/processors/${await f('processor')}` }),
  },
  {
    route: 'PUT /queues/:queueId/processors/:userId',
    variant: 'foreign queue, own processor',
    request: async (f, own) => ({ url: `/queues/${await f('queue')}/processors/${await own('processor')}` }),
  },
  {
    route: 'PUT /queues/:queueId/processors/:userId',
    variant: 'own queue, foreign processor',
    request: async (f, own) => ({ url: `/queues/${await own('queue')}/processors/${await f('processor')}` }),
  },
  {
    route: 'DELETE /queues/:queueId/processors/:userId',
    variant: 'foreign queue and processor',
    ok: 204,
    request: async (f) => ({ url: `/queues/${await f('queue')}/processors/${await f('processor')}` }),
  },
  {
    route: 'DELETE /queues/:queueId/processors/:userId',
    variant: 'foreign queue, own processor',
    ok: 204,
    request: async (f, own) => ({ url: `/queues/${await f('queue')}/processors/${await own('processor')}` }),
  },
  {
    route: 'DELETE /queues/:queueId/processors/:userId',
    variant: 'own queue, foreign processor',
    ok: 204,
    request: async (f, own) => ({ url: `/queues/${await own('queue')}/processors/${await f('processor')}` }),
  },
  {
    route: 'PATCH /processors/me/queues/:queueId',
    queueScoped: true,
    request: async (f) => ({ url: `/processors/me/queues/${await f('queue')}`, payload: { active: false } }),
  },
  // probing questionnaire
  {
    route: 'GET /probing-questions',
    variant: 'of a foreign location',
    request: async (f) => ({ url: `/probing-questions?profile_id=${await f('profile')}&variant=KIOSK` }),
  },
  {
    route: 'POST /probing-questions',
    variant: 'in a foreign location',
    ok: 201,
    request: async (f) => ({
      url: '/probing-questions',
      payload: {
        profile_id: await f('profile'),
        variant: 'ONLINE',
        text: 'Übernommen?',
        options: [
          { text: 'ja', action: 'NOTHING' },
          { text: 'nein', action: 'NOTHING' },
        ],
      },
    }),
  },
  // A foreign list, tag or type as an option's target is refused like a missing one (422
  // TARGET_NOT_FOUND at the option, not a 404): probing.routes.test.ts shows both alike.
  { route: 'GET /probing-questions/:id', request: async (f) => ({ url: `/probing-questions/${await f('question')}` }) },
  { route: 'PATCH /probing-questions/:id', request: async (f) => ({ url: `/probing-questions/${await f('question')}`, payload: { text: 'Übernommen?' } }) },
  {
    route: 'POST /profiles/:id/probing/copy',
    request: async (f) => ({ url: `/profiles/${await f('profile')}/probing/copy`, payload: { from: 'KIOSK', to: 'ONLINE' } }),
  },
  {
    route: 'GET /probing-answers/daily',
    variant: 'of a foreign location',
    request: async (f) => ({ url: `/probing-answers/daily?profile_id=${await f('profile')}&from=2027-01-01&to=2027-01-31` }),
  },
  { route: 'DELETE /probing-questions/:id', ok: 204, request: async (f) => ({ url: `/probing-questions/${await f('question')}` }) },
  // info tags
  { route: 'GET /info-tags/:id', request: async (f) => ({ url: `/info-tags/${await f('tag')}` }) },
  { route: 'PATCH /info-tags/:id', request: async (f) => ({ url: `/info-tags/${await f('tag')}`, payload: { name: 'Übernommen' } }) },
  { route: 'DELETE /info-tags/:id', ok: 204, request: async (f) => ({ url: `/info-tags/${await f('tag')}` }) },
  // images
  { route: 'DELETE /images/:id', ok: 204, request: async (f) => ({ url: `/images/${await f('image')}` }) },
  // appointment types
  {
    route: 'POST /appointment-types',
    variant: 'for a foreign list',
    ok: 201,
    request: async (f) => ({ url: '/appointment-types', payload: { queue_id: await f('queue'), duration_minutes: 10 } }),
  },
  { route: 'GET /appointment-types/:id', queueScoped: true, request: async (f) => ({ url: `/appointment-types/${await f('appointmentType')}` }) },
  { route: 'PATCH /appointment-types/:id', request: async (f) => ({ url: `/appointment-types/${await f('appointmentType')}`, payload: { name: 'Übernommen' } }) },
  { route: 'DELETE /appointment-types/:id', ok: 204, request: async (f) => ({ url: `/appointment-types/${await f('appointmentType')}` }) },
  // Signed in, staff see every free time of the types of their lists; without a login it is the public booking view.
  {
    route: 'GET /appointment-types/:id/availability',
    queueScoped: true,
    request: async (f) => ({ url: `/appointment-types/${await f('appointmentType')}/availability?from=2027-01-04&to=2027-01-10` }),
  },
  // appointment slots
  {
    route: 'POST /appointment-slots',
    variant: 'in a foreign location',
    ok: 201,
    request: async (f, own) => ({
      url: '/appointment-slots',
      payload: { profile_id: await f('profile'), processor_id: await own('processor'), kind: 'WEEK', weekday: 3, start_time: '14:00', end_time: '15:00' },
    }),
  },
  {
    route: 'POST /appointment-slots',
    variant: 'for a foreign processor',
    ok: 201,
    request: async (f, own) => ({
      url: '/appointment-slots',
      payload: { profile_id: await own('profile'), processor_id: await f('processor'), kind: 'WEEK', weekday: 4, start_time: '14:00', end_time: '15:00' },
    }),
  },
  { route: 'PATCH /appointment-slots/:id', request: async (f) => ({ url: `/appointment-slots/${await f('slot')}`, payload: { end_time: '10:00' } }) },
  { route: 'DELETE /appointment-slots/:id', ok: 204, request: async (f) => ({ url: `/appointment-slots/${await f('slot')}` }) },
  // appointments: staff book, list, change, cancel, restore and delete them
  {
    route: 'POST /appointments',
    variant: 'of a foreign type',
    queueScoped: true,
    ok: 201,
    request: async (f, own) => ({
      url: '/appointments',
      payload: {
        appointment_type_id: await f('appointmentType'),
        processor_id: await own('processor'),
        start: nextStart(),
        ...(await patientData(await own('account'), { last_name: 'Übernommen' })),
      },
    }),
  },
  {
    route: 'POST /appointments',
    variant: 'with a foreign processor',
    ok: 201,
    request: async (f, own) => ({
      url: '/appointments',
      payload: {
        appointment_type_id: await own('appointmentType'),
        processor_id: await f('processor'),
        start: nextStart(),
        ...(await patientData(await own('account'), { last_name: 'Übernommen' })),
      },
    }),
  },
  {
    route: 'GET /appointments',
    variant: 'of a foreign processor',
    request: async (f) => ({ url: `/appointments?from=2030-01-01&to=2030-01-31&processor_id=${await f('processor')}` }),
  },
  // reports: every report by a foreign list (and a processor's unassigned one), and by each other id filter
  ...['summary', 'timeseries', 'heatmap', 'processors', 'queues', 'probing', 'members', 'earlier'].map((report): Row => ({
    route: `GET /reports/${report}`,
    variant: 'of a foreign list',
    queueScoped: true,
    request: async (f) => ({ url: `/reports/${report}?from=2030-01-01&to=2030-01-31&queue_id=${await f('queue')}` }),
  })),
  ...(['profile', 'processor', 'tag'] as const).map((kind): Row => ({
    route: 'GET /reports/summary',
    variant: `of a foreign ${kind}`,
    request: async (f) => ({ url: `/reports/summary?from=2030-01-01&to=2030-01-31&${kind === 'tag' ? 'info_tag' : kind}_id=${await f(kind)}` }),
  })),
  {
    route: 'GET /reports/members/export',
    variant: 'of a foreign list',
    queueScoped: true,
    request: async (f) => ({ url: `/reports/members/export?format=csv&from=2030-01-01&to=2030-01-31&queue_id=${await f('queue')}` }),
  },
  { route: 'PATCH /appointments/:id', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}`, payload: { phone: '+43664000001' } }) },
  { route: 'POST /appointments/:id/cancel', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}/cancel`, payload: {} }) },
  { route: 'POST /appointments/:id/restore', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}/restore`, payload: {} }) },
  // The own appointment lies years ahead: reaching it answers 409 (not today, not yet late), a foreign one 404.
  { route: 'POST /appointments/:id/check-in', queueScoped: true, ok: 409, request: async (f) => ({ url: `/appointments/${await f('appointment')}/check-in` }) },
  { route: 'POST /appointments/:id/no-show', queueScoped: true, ok: 409, request: async (f) => ({ url: `/appointments/${await f('appointment')}/no-show` }) },
  // Undoing a no-show of the own (booked) appointment changes nothing: 200.
  { route: 'DELETE /appointments/:id/no-show', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}/no-show` }) },
  // A wish for an earlier time set and withdrawn by staff for a patient on the phone.
  {
    route: 'PUT /appointments/:token/earlier',
    variant: 'by id, with staff credentials',
    queueScoped: true,
    request: async (f) => ({ url: `/appointments/${await f('appointment')}/earlier`, payload: {} }),
  },
  {
    route: 'DELETE /appointments/:token/earlier',
    variant: 'by id, with staff credentials',
    queueScoped: true,
    request: async (f) => ({ url: `/appointments/${await f('appointment')}/earlier` }),
  },
  {
    route: 'POST /appointments/:token/confirm',
    variant: 'by id, with staff credentials',
    queueScoped: true,
    request: async (f) => ({ url: `/appointments/${await f('appointment')}/confirm` }),
  },
  { route: 'DELETE /appointments/:id', queueScoped: true, ok: 204, request: async (f) => ({ url: `/appointments/${await f('appointment')}` }) },
  // privacy: erasing one patient's data, and the audit log filtered by a user
  { route: 'POST /members/:id/erase', queueScoped: true, request: async (f) => ({ url: `/members/${await f('cancelled')}/erase` }) },
  { route: 'POST /appointments/:id/erase', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}/erase` }) },
  // FHIR R4 (a Schedule's id is computed from its type and processor)
  { route: 'GET /fhir/R4/Appointment/:id', queueScoped: true, request: async (f) => ({ url: `/fhir/R4/Appointment/${await f('appointment')}` }) },
  {
    route: 'PUT /fhir/R4/Appointment/:id',
    queueScoped: true,
    request: async (f) => {
      const id = await f('appointment');
      return { url: `/fhir/R4/Appointment/${id}`, payload: { resourceType: 'Appointment', id, status: 'cancelled' } };
    },
  },
  {
    route: 'PATCH /fhir/R4/Appointment/:id',
    queueScoped: true,
    request: async (f) => ({ url: `/fhir/R4/Appointment/${await f('appointment')}`, payload: [{ op: 'replace', path: '/status', value: 'cancelled' }] as never }),
  },
  { route: 'GET /fhir/R4/Practitioner/:id', request: async (f) => ({ url: `/fhir/R4/Practitioner/${await f('processor')}` }) },
  { route: 'GET /fhir/R4/Location/:id', request: async (f) => ({ url: `/fhir/R4/Location/${await f('profile')}` }) },
  { route: 'GET /fhir/R4/HealthcareService/:id', queueScoped: true, request: async (f) => ({ url: `/fhir/R4/HealthcareService/${await f('queue')}` }) },
  {
    route: 'GET /fhir/R4/Schedule/:id',
    queueScoped: true,
    request: async (f) => ({ url: `/fhir/R4/Schedule/${scheduleId({ typeId: await f('appointmentType'), processorId: await f('processor') })}` }),
  },
  { route: 'GET /audit', variant: 'of a foreign user', request: async (f) => ({ url: `/audit?user_id=${await f('processor')}` }) },
  { route: 'GET /audit/export', variant: 'of a foreign user', request: async (f) => ({ url: `/audit/export?format=csv&user_id=${await f('processor')}` }) },
  // encryption: deciding another account's request for its key
  { route: 'POST /encryption/requests/:id/approve', request: async (f) => ({ url: `/encryption/requests/${await f('keyRequest')}/approve`, payload: STAND_IN_WRAP }) },
  { route: 'POST /encryption/requests/:id/reject', request: async (f) => ({ url: `/encryption/requests/${await f('keyRequest')}/reject` }) },
  // vacations
  {
    route: 'POST /vacations',
    variant: 'of a foreign processor',
    ok: 201,
    request: async (f) => ({
      url: '/vacations',
      payload: { type: 'VACATION', whole_days: true, start: '2031-09-01', end: '2031-09-01', absent_processor_id: await f('processor') },
    }),
  },
  {
    route: 'POST /vacations',
    variant: 'with a foreign substitute',
    ok: 201,
    // The caller (an admin) is away; only the substitute differs.
    request: async (f) => ({
      url: '/vacations',
      payload: {
        type: 'SUBSTITUTION',
        whole_days: true,
        start: '2031-09-02',
        end: '2031-09-02',
        absent_processor_id: adminA.user.id,
        substitute_processor_id: await f('processor'),
      },
    }),
  },
  { route: 'GET /vacations', variant: 'of a foreign processor', request: async (f) => ({ url: `/vacations?processor_id=${await f('processor')}` }) },
  { route: 'PATCH /vacations/:id', request: async (f) => ({ url: `/vacations/${await f('vacation')}`, payload: { end: '2031-08-15' } }) },
  { route: 'DELETE /vacations/:id', ok: 204, request: async (f) => ({ url: `/vacations/${await f('vacation')}` }) },
  // second factors: the caller's own only (a wrong code on an own pending one is 400, not 404)
  {
    route: 'POST /users/me/second-factors/:id/confirm',
    ok: 400,
    request: async (f) => ({ url: `/users/me/second-factors/${await f('pendingTotp')}/confirm`, payload: { code: '000000' } }),
  },
  { route: 'PATCH /users/me/second-factors/:id', request: async (f) => ({ url: `/users/me/second-factors/${await f('secondFactor')}`, payload: { name: 'Übernommen' } }) },
  {
    route: 'DELETE /users/me/second-factors/:id',
    ok: 204,
    request: async (f) => ({ url: `/users/me/second-factors/${await f('secondFactor')}`, payload: { password: 'richtig-langes-passwort' } }),
  },
  // webhooks (admins): another practice's endpoint and its deliveries are missing ones
  { route: 'GET /webhook-endpoints/:id', request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}` }) },
  { route: 'PATCH /webhook-endpoints/:id', request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}`, payload: { disabled: true } }) },
  { route: 'DELETE /webhook-endpoints/:id', ok: 204, request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}` }) },
  { route: 'POST /webhook-endpoints/:id/rotate-secret', request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}/rotate-secret` }) },
  { route: 'POST /webhook-endpoints/:id/test', ok: 202, request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}/test` }) },
  { route: 'GET /webhook-endpoints/:id/deliveries', request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}/deliveries` }) },
  {
    route: 'POST /webhook-endpoints/:id/deliveries/:deliveryId/retry',
    ok: 202,
    request: async (f) => ({ url: `/webhook-endpoints/${await f('webhookEndpoint')}/deliveries/${await f('webhookDelivery')}/retry` }),
  },
  {
    route: 'POST /webhook-endpoints/:id/deliveries/:deliveryId/retry',
    variant: 'a foreign delivery under an own endpoint',
    ok: 202,
    request: async (f, own) => ({ url: `/webhook-endpoints/${await own('webhookEndpoint')}/deliveries/${await f('webhookDelivery')}/retry` }),
  },
  // tickets: the work view and the staff actions
  { route: 'GET /queues/:id/members', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/members` }) },
  { route: 'POST /queues/:id/call-next', queueScoped: true, request: async (f) => ({ url: `/queues/${await f('queue')}/call-next`, payload: {} }) },
  // The same route without credentials (ONLINE, KIOSK) is the public draw: any queue by its id.
  {
    route: 'POST /queues/:id/members',
    variant: 'MANUAL, with staff credentials',
    queueScoped: true,
    ok: 201,
    request: async (f) => ({ url: `/queues/${await f('queue')}/members`, payload: { origin: 'MANUAL' } }),
  },
  // The patient's routes take their link's token; staff may read by id, within their lists only.
  { route: 'GET /members/:token', variant: 'by id, with staff credentials', queueScoped: true, request: async (f) => ({ url: `/members/${await f('waiting')}` }) },
  { route: 'GET /appointments/:token', variant: 'by id, with staff credentials', queueScoped: true, request: async (f) => ({ url: `/appointments/${await f('appointment')}` }) },
  { route: 'POST /members/:id/call', queueScoped: true, request: async (f) => ({ url: `/members/${await f('waiting')}/call`, payload: {} }) },
  { route: 'POST /members/:id/finish', queueScoped: true, request: async (f) => ({ url: `/members/${await f('processing')}/finish`, payload: {} }) },
  { route: 'POST /members/:id/requeue', queueScoped: true, request: async (f) => ({ url: `/members/${await f('processing')}/requeue`, payload: {} }) },
  { route: 'POST /members/:id/remove', queueScoped: true, request: async (f) => ({ url: `/members/${await f('waiting')}/remove`, payload: {} }) },
  { route: 'POST /members/:id/cancel', queueScoped: true, request: async (f) => ({ url: `/members/${await f('waiting')}/cancel`, payload: {} }) },
  { route: 'POST /members/:id/restore', queueScoped: true, request: async (f) => ({ url: `/members/${await f('cancelled')}/restore`, payload: {} }) },
  {
    route: 'POST /members/:id/processor',
    variant: 'foreign member to its own processor',
    queueScoped: true,
    request: async (f) => ({ url: `/members/${await f('processing')}/processor`, payload: { processor_id: await f('processor') } }),
  },
  {
    route: 'POST /members/:id/processor',
    variant: 'own member to a foreign processor',
    request: async (f, own) => ({ url: `/members/${await own('processing')}/processor`, payload: { processor_id: await f('processor') } }),
  },
  {
    route: 'POST /members/:id/move',
    variant: 'foreign member to the front',
    queueScoped: true,
    request: async (f) => ({ url: `/members/${await f('waiting')}/move`, payload: { position: 1 } }),
  },
  {
    route: 'POST /members/:id/move',
    variant: 'foreign member into an own queue',
    queueScoped: true,
    request: async (f, own) => ({ url: `/members/${await f('waiting')}/move`, payload: { queue_id: await own('queue') } }),
  },
  {
    route: 'POST /members/:id/move',
    variant: 'own member into a foreign queue',
    queueScoped: true,
    request: async (f, own) => ({ url: `/members/${await own('waiting')}/move`, payload: { queue_id: await f('queue') } }),
  },
  {
    route: 'POST /members/:id/info-tags',
    variant: 'foreign member, foreign tag',
    queueScoped: true,
    request: async (f) => ({ url: `/members/${await f('waiting')}/info-tags`, payload: { info_tag_id: await f('tag') } }),
  },
  {
    route: 'POST /members/:id/info-tags',
    variant: 'foreign member, own tag',
    queueScoped: true,
    request: async (f, own) => ({ url: `/members/${await f('waiting')}/info-tags`, payload: { info_tag_id: await own('tag') } }),
  },
  {
    // Not queue-bound: info tags belong to the account, so a processor may use any of them.
    route: 'POST /members/:id/info-tags',
    variant: 'own member, foreign tag',
    request: async (f, own) => ({ url: `/members/${await own('waiting')}/info-tags`, payload: { info_tag_id: await f('tag') } }),
  },
  {
    route: 'DELETE /members/:id/info-tags/:tagId',
    variant: 'foreign member and its tag',
    queueScoped: true,
    request: async (f) => ({ url: `/members/${await f('tagged')}/info-tags/${await f('tag')}` }),
  },
  {
    route: 'DELETE /members/:id/info-tags/:tagId',
    variant: 'foreign member, own tag',
    queueScoped: true,
    request: async (f, own) => ({ url: `/members/${await f('tagged')}/info-tags/${await own('tag')}` }),
  },
  {
    route: 'DELETE /members/:id/info-tags/:tagId',
    variant: 'own member, foreign tag',
    request: async (f, own) => ({ url: `/members/${await own('tagged')}/info-tags/${await f('tag')}` }),
  },
  // monitors
  { route: 'GET /monitors/:id', request: async (f) => ({ url: `/monitors/${await f('monitor')}` }) },
  { route: 'PATCH /monitors/:id', request: async (f) => ({ url: `/monitors/${await f('monitor')}`, payload: { display_name: 'Übernommen' } }) },
  {
    route: 'PATCH /monitors/:id',
    variant: 'own monitor showing a foreign queue',
    request: async (f, own) => ({ url: `/monitors/${await own('monitor')}`, payload: { queue_ids: [await f('queue')] } }),
  },
  { route: 'DELETE /monitors/:id', ok: 204, request: async (f) => ({ url: `/monitors/${await f('monitor')}` }) },
  // billing: Stripe's ids are checked against the caller's customer, device orders against the account
  { route: 'POST /payment-methods/:id/default', request: async (f) => ({ url: `/payment-methods/${await f('paymentMethod')}/default` }) },
  { route: 'POST /payment-methods/:id/detach', request: async (f) => ({ url: `/payment-methods/${await f('paymentMethod')}/detach` }) },
  { route: 'POST /payment-methods/setup/:id/complete', request: async (f) => ({ url: `/payment-methods/setup/${await f('setupIntent')}/complete` }) },
  {
    route: 'POST /payment-methods/setup/:id/test-confirm',
    request: async (f) => ({ url: `/payment-methods/setup/${await f('setupIntent')}/test-confirm`, payload: { card: 'pm_card_visa' } }),
  },
  { route: 'GET /invoices/:id/pdf', request: async (f) => ({ url: `/invoices/${await f('invoice')}/pdf` }) },
  { route: 'GET /device-orders/:id', request: async (f) => ({ url: `/device-orders/${await f('deviceOrder')}` }) },
  {
    route: 'POST /monitors',
    variant: 'showing a foreign queue',
    ok: 201,
    request: async (f) => ({ url: '/monitors', payload: { identifier: `uebernommen-${unique()}`, display_name: 'Übernommen', queue_ids: [await f('queue')] } }),
  },
];

/** Routes with an id that are not staff routes, and why no account scope applies. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /members/:token': 'the ticket page: the random token of the patient’s link is the key to it (never the id)',
  'DELETE /members/:token': 'the visitor cancels their own ticket with its link’s token',
  'PUT /members/:token/alerts': 'the visitor asks for "almost your turn" alerts on their own ticket with its link’s token',
  'DELETE /members/:token/alerts': 'the visitor ends those alerts with the same token',
  'GET /queues/:id/public': 'what any visitor may see of a queue (no patient data)',
  'GET /profiles/:id/public': 'what any visitor may see of a location: its queues’ public views',
  'GET /profiles/:id/probing': 'the patient’s interview of a location: question and answer texts, no info tags, no answers given',
  'GET /images/:id/:file': 'a logo as patients’ pages show it: the random id and the content hash in the file name are its key',
  'GET /monitors/:id/public': 'a monitor screen without login: the random monitor id is its key',
  'GET /routes/id/:id': 'public link resolution (docs/product.md#the-api)',
  'GET /routes/identifier/:account/:profile/:queue': 'public link resolution (docs/product.md#the-api)',
  'GET /routes/identifier/:account/monitor/:monitor': 'public link resolution (docs/product.md#the-api)',
  'GET /appointments/:token': 'the appointment page: the random token of the patient’s link is the key to it (never the id)',
  'POST /appointments/:token/move': 'the patient moves their own appointment with its link’s token',
  'GET /appointments/:token/calendar.ics': 'the patient’s calendar entry, by the same token (no patient data in it)',
  'GET /appointment-offers/:token': 'an offer of an earlier time: the random token of the offer’s link is the key (only its hash is stored), never an id',
  'POST /appointment-offers/:token/accept': 'the patient takes the offered time with the offer link’s token',
  'POST /appointment-offers/:token/decline': 'the patient lets the offered time go with the same token',
  'PUT /appointments/:token/earlier': 'the patient asks for an earlier time with their link’s token (staff by id: the rows above)',
  'DELETE /appointments/:token/earlier': 'the patient withdraws that wish with the same token',
  'GET /calendar/:token.ics': 'a processor’s calendar feed: the secret token in the URL is the key (only its hash is stored)',
  'POST /password-reset/:token': 'a one-time token from a mail, not an id of the account',
  'GET /health/live': 'the liveness probe: no account, no data',
  'GET /health/ready': 'the readiness probe: which checks pass, no account, no data',
  'GET /metrics': 'Prometheus metrics of the node: counts per route pattern, never an id or an account (METRICS_TOKEN guards it)',
  'GET /docs/*': 'the static files of the OpenAPI page',
  'GET *': 'the web app’s static files (registered only when a web build exists); under /fhir/R4 an unknown FHIR resource (404)',
  'POST *': 'under /fhir/R4: a resource or interaction the FHIR interface does not have, always a 404 OperationOutcome',
  'PUT *': 'under /fhir/R4: a resource or interaction the FHIR interface does not have, always a 404 OperationOutcome',
  'PATCH *': 'under /fhir/R4: a resource or interaction the FHIR interface does not have, always a 404 OperationOutcome',
  'DELETE *': 'under /fhir/R4: a resource or interaction the FHIR interface does not have, always a 404 OperationOutcome',
};

const rowName = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);
const methodOf = (route: string) => route.split(' ')[0] as HTTPMethods;
/** Parameter names differ between routes sharing a node (`:id|:queueId`): compare the shape only. */
const shapeOf = (route: string) => route.replace(/:[^/]+/g, ':');

// --- The rows run in two situations -------------------------------------------------------------

/** Snapshot of one side's rows: a whole account, or one queue with what hangs on it. */
interface Scope {
  accountId?: string;
  queueIds: string[];
  memberIds: string[];
  tagIds: string[];
  userIds: string[];
  profileIds: string[];
  monitorIds: string[];
}

const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

/**
 * Every row that belongs to the scope, also rows of the other side pointing into it (a member
 * moved into its queue, its tag on another member, its processor on another queue, a queue in
 * its location): "unchanged" means none of these changed.
 */
async function snapshot(scope: Scope) {
  const db = t.app.ctx.db;
  const byAccount = (column: Column) => (scope.accountId ? [eq(column, scope.accountId)] : []);
  const accountUsers = scope.accountId ? (await db.select({ id: users.id }).from(users).where(eq(users.accountId, scope.accountId))).map((r) => r.id) : [];
  const accountProfiles = scope.accountId ? (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.accountId, scope.accountId))).map((r) => r.id) : [];
  const accountTags = scope.accountId ? (await db.select({ id: infoTags.id }).from(infoTags).where(eq(infoTags.accountId, scope.accountId))).map((r) => r.id) : [];
  const accountMonitors = scope.accountId ? (await db.select({ id: monitors.id }).from(monitors).where(eq(monitors.accountId, scope.accountId))).map((r) => r.id) : [];
  const queueRows = await db
    .select()
    .from(queues)
    .where(or(inArray(queues.id, scope.queueIds), inArray(queues.profileId, [...scope.profileIds, ...accountProfiles]), ...byAccount(queues.accountId)));
  const queueIds = [...new Set([...scope.queueIds, ...queueRows.map((q) => q.id)])];
  const memberRows = await db
    .select()
    .from(queueMembers)
    .where(or(inArray(queueMembers.queueId, queueIds), inArray(queueMembers.id, scope.memberIds), ...byAccount(queueMembers.accountId)));
  const tagIds = [...scope.tagIds, ...accountTags];
  const userIds = [...scope.userIds, ...accountUsers];
  const monitorIds = [...scope.monitorIds, ...accountMonitors];
  return {
    accounts: sorted(scope.accountId ? await db.select().from(accounts).where(eq(accounts.id, scope.accountId)) : []),
    users: sorted(await db.select().from(users).where(inArray(users.id, userIds))),
    profiles: sorted(
      await db
        .select()
        .from(profiles)
        .where(inArray(profiles.id, [...scope.profileIds, ...accountProfiles])),
    ),
    queues: sorted(queueRows),
    sessions: sorted(await db.select().from(queueSessions).where(inArray(queueSessions.queueId, queueIds))),
    sessionEvents: sorted(await db.select().from(queueSessionEvents).where(inArray(queueSessionEvents.queueId, queueIds))),
    scheduleEntries: sorted(await db.select().from(sessionScheduleEntries).where(inArray(sessionScheduleEntries.queueId, queueIds))),
    infoTags: sorted(await db.select().from(infoTags).where(inArray(infoTags.id, tagIds))),
    assignments: sorted(
      await db
        .select()
        .from(queueProcessors)
        .where(or(inArray(queueProcessors.queueId, queueIds), inArray(queueProcessors.userId, userIds))),
    ),
    members: sorted(memberRows),
    memberTags: sorted(
      await db
        .select()
        .from(queueMemberInfoTags)
        .where(
          or(
            inArray(
              queueMemberInfoTags.memberId,
              memberRows.map((m) => m.id),
            ),
            inArray(queueMemberInfoTags.infoTagId, tagIds),
          ),
        ),
    ),
    vacations: sorted(
      await db
        .select()
        .from(vacations)
        .where(or(inArray(vacations.absentProcessorId, userIds), ...byAccount(vacations.accountId))),
    ),
    appointments: sorted(
      await db
        .select()
        .from(appointments)
        .where(or(inArray(appointments.queueId, queueIds), ...byAccount(appointments.accountId))),
    ),
    monitors: sorted(await db.select().from(monitors).where(inArray(monitors.id, monitorIds))),
    images: sorted(scope.accountId ? await db.select().from(images).where(eq(images.accountId, scope.accountId)) : []),
    apiKeys: sorted(scope.accountId ? await db.select().from(apiKeys).where(eq(apiKeys.accountId, scope.accountId)) : []),
    probingQuestions: sorted(
      await db
        .select()
        .from(probingQuestions)
        .where(or(inArray(probingQuestions.profileId, [...scope.profileIds, ...accountProfiles]), ...byAccount(probingQuestions.accountId))),
    ),
    probingAnswers: sorted(
      await db
        .select()
        .from(probingAnswers)
        .where(
          or(
            inArray(
              probingAnswers.memberId,
              memberRows.map((m) => m.id),
            ),
            ...byAccount(probingAnswers.accountId),
          ),
        ),
    ),
    monitorQueues: sorted(
      await db
        .select()
        .from(monitorQueues)
        .where(or(inArray(monitorQueues.monitorId, monitorIds), inArray(monitorQueues.queueId, queueIds))),
    ),
  };
}

async function scopeOf(ids: Ids, accountId?: string): Promise<Scope> {
  return {
    ...(accountId ? { accountId } : {}),
    queueIds: [await ids('queue')],
    memberIds: await Promise.all((['waiting', 'processing', 'cancelled', 'tagged'] as const).map((k) => ids(k))),
    tagIds: [await ids('tag')],
    userIds: [await ids('processor')],
    profileIds: [await ids('profile')],
    monitorIds: [await ids('monitor')],
  };
}

interface Situation {
  name: string;
  rows: Row[];
  /** Who calls: a signed-in user, or (`headers`) an API key. */
  actor: () => LoggedUser;
  headers?: () => Record<string, string>;
  /** The ids that must answer 404: built before the tests, never changed by them. */
  foreign: () => Ids;
  /** Names and ids of the foreign side that no answer may contain. */
  secrets: Set<string>;
  scope: () => Scope;
  /** Fresh own ids (per row) the actor may act on. */
  own: () => Ids;
}

let adminA: Owner;
/** A key of account A with every scope: it must reach nothing of B either. */
let keyA: CreatedApiKey;
let adminB: Owner;
let processorA: LoggedUser;
let worldB: Ids;
let scopeB: Scope;
let unassignedQueueWorld: Ids;
let unassignedScope: Scope;
const secretsB = new Set<string>();
const secretsUnassigned = new Set<string>();

beforeAll(async () => {
  // Billing on (the Stripe test server): its routes take ids too.
  stripe = await startStripeTestServer();
  t = await startTestApp({
    drawLimit: { perIp: 1_000, windowSeconds: 600 },
    paymentConfigured: true,
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url, publishableKey: undefined },
    webhooks: { allowedOrigins: [WEBHOOK_ORIGIN], timeoutMs: 10_000 },
  });
  adminA = await givenAccount('Anton');
  adminB = await givenAccount('Berta', secretsB);
  processorA = await givenProcessor(t, adminA.accountId, []);
  keyA = await api<CreatedApiKey>(adminA.user, 'POST', '/api-keys', { name: 'Anton PVS', scopes: [...API_SCOPES] }, 201);
  // Everything of B exists before the first test: a row probes real ids, in every member state.
  worldB = world(adminB, { label: 'Berta', secrets: secretsB });
  for (const kind of KINDS) await worldB(kind);
  scopeB = await scopeOf(worldB, adminB.accountId);
  // A queue of A that processorA is not assigned to (another processor of A is).
  unassignedQueueWorld = world(adminA, { label: 'Zweite', secrets: secretsUnassigned });
  for (const kind of KINDS) await unassignedQueueWorld(kind);
  unassignedScope = await scopeOf(unassignedQueueWorld);
}, 120_000);

/** Whether the scope table opens a route of the table to a key with every scope (compared by shape: parameter names differ). */
const keyOpens = (route: string) => {
  const [method, path = ''] = route.split(' ');
  return (
    API_SCOPE_RULES.some((rule) => rule.method === method && shapeOf(rule.route) === shapeOf(path)) ||
    API_SCOPE_AREAS.some((area) => path === area.path || path.startsWith(`${area.path}/`))
  );
};

const SITUATIONS: Situation[] = [
  {
    name: 'admin of account A with ids of account B',
    rows: ROWS,
    actor: () => adminA.user,
    foreign: () => worldB,
    secrets: secretsB,
    scope: () => scopeB,
    own: () => world(adminA, { label: 'Anton', assign: [adminA.user.id] }),
  },
  {
    name: 'API key of account A (every scope) with ids of account B',
    rows: ROWS.filter((row) => keyOpens(row.route)),
    actor: () => adminA.user,
    headers: () => asKey(keyA.key),
    foreign: () => worldB,
    secrets: secretsB,
    scope: () => scopeB,
    own: () => world(adminA, { label: 'Anton', assign: [adminA.user.id] }),
  },
  {
    name: 'processor of account A with a queue of A not assigned to them',
    rows: ROWS.filter((row) => row.queueScoped),
    actor: () => processorA,
    foreign: () => unassignedQueueWorld,
    secrets: secretsUnassigned,
    scope: () => unassignedScope,
    own: () => world(adminA, { label: 'Anton', assign: [processorA.id] }),
  },
];

function send(situation: Situation, route: string, request: Request): Promise<LightMyRequestResponse> {
  const headers = situation.headers?.() ?? asUser(situation.actor());
  return t.inject({ method: methodOf(route), url: request.url, headers, ...(request.payload ? { payload: request.payload } : {}) });
}

/** An answer with every UUID blanked: a foreign and a missing id must answer alike. */
const comparable = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>'),
});

for (const situation of SITUATIONS) {
  describe(situation.name, () => {
    for (const row of situation.rows) {
      it(`${rowName(row)}: 404 like a missing id, no foreign data, nothing changed`, async () => {
        const own = situation.own();
        const request = await row.request(situation.foreign(), own);
        const before = await snapshot(situation.scope());
        const res = await send(situation, row.route, request);

        expect(res.statusCode, res.body).toBe(404);
        // The FHIR interface answers its errors as an OperationOutcome, our code in its issue.
        const body = res.json<ApiError & { issue?: { details: { coding: { code: string }[] } }[] }>();
        expect(body.code ?? body.issue?.[0]?.details.coding[0]?.code).toEqual(expect.any(String));
        const sent = JSON.stringify(request);
        const leaked = [...situation.secrets].filter((secret) => res.body.includes(secret) && !sent.includes(secret));
        expect(leaked, res.body).toEqual([]);
        expect(await snapshot(situation.scope())).toEqual(before);

        const absent = await send(situation, row.route, await row.request(missing, own));
        expect(comparable(res)).toEqual(comparable(absent));
      });

      it(`${rowName(row)}: works on own ids (control)`, async () => {
        const own = situation.own();
        const res = await send(situation, row.route, await row.request(own, own));
        expect(res.statusCode, res.body).toBe(row.ok ?? 200);
      });
    }
  });
}

/** Reports over the year the worlds' tickets were drawn in (the clock is real): nothing foreign in them. */
const year = new Date().getUTCFullYear();
const REPORTS_OF_THE_YEAR = ['members', 'queues', 'processors', 'probing'].map((report) => `/reports/${report}?from=${year}-01-01&to=${year}-12-31`);

describe('what no id names', () => {
  /** The caller's only waiting member is in `queueId`; the foreign side has waiting members too. */
  async function expectCallNextCallsOnly(caller: LoggedUser, queueId: string, foreignScope: Scope) {
    const before = await snapshot(foreignScope);
    // Nothing waits in the caller's queue yet: a leak would call a foreign member.
    const none = await t.inject({ method: 'POST', url: '/call-next', headers: asUser(caller), payload: {} });
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json<ApiError>().code).toBe('NO_WAITING_MEMBER');
    expect(await snapshot(foreignScope)).toEqual(before);
    // Control: a member of the own queue is called.
    const drawn = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, payload: { origin: 'ONLINE' }, remoteAddress: nextIp() });
    const called = await t.inject({ method: 'POST', url: '/call-next', headers: asUser(caller), payload: {} });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json<MemberActionResult>().member).toMatchObject({ id: drawn.json<TicketView>().id, queue_id: queueId, status: 'PROCESSING' });
    expect(await snapshot(foreignScope)).toEqual(before);
  }

  it('POST /call-next of an admin calls no member of another account', async () => {
    const adminC = await givenAccount('Carla');
    const queue = await givenOpenQueue(adminC, await world(adminC, { label: 'Carla' })('profile'), [adminC.user.id], 'Carla');
    await expectCallNextCallsOnly(adminC.user, queue.id, scopeB);
  });

  it('POST /call-next of a processor calls no member of a queue they are not assigned to', async () => {
    const processor = await givenProcessor(t, adminA.accountId, []);
    const queue = await givenOpenQueue(adminA, await world(adminA, { label: 'Anton' })('profile'), [processor.id], 'Anton');
    await expectCallNextCallsOnly(processor, queue.id, unassignedScope);
  });

  it('the lists of account A show nothing of account B; a processor’s queue list not the unassigned queue', async () => {
    for (const url of [
      '/profiles',
      '/queues',
      '/info-tags',
      '/processors',
      '/processors/me/queues',
      '/monitors',
      '/dashboard',
      '/appointment-types',
      '/appointment-slots',
      '/appointments?from=2030-01-01&to=2030-03-01',
      '/vacations',
      '/audit',
      '/encryption/requests',
      ...REPORTS_OF_THE_YEAR,
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: asUser(adminA.user) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(
        [...secretsB].filter((secret) => res.body.includes(secret)),
        url,
      ).toEqual([]);
    }
    for (const url of ['/queues', '/processors/me/queues', '/dashboard', '/appointment-types', ...REPORTS_OF_THE_YEAR]) {
      const res = await t.inject({ method: 'GET', url, headers: asUser(processorA) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain(await unassignedQueueWorld('queue'));
    }
  });
});

describe('what an API key lists', () => {
  it('the lists a key of account A reads show nothing of account B', async () => {
    for (const url of ['/profiles', '/queues', '/appointment-types', '/appointments?from=2030-01-01&to=2030-03-01', ...REPORTS_OF_THE_YEAR]) {
      const res = await t.inject({ method: 'GET', url, headers: asKey(keyA.key) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(
        [...secretsB].filter((secret) => res.body.includes(secret)),
        url,
      ).toEqual([]);
    }
  });
});

describe('the table is complete', () => {
  const registered = () =>
    registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .map(({ method, path }) => `${method} ${path}`)
      .filter((route) => !route.startsWith('HEAD '));

  it('every registered route with an id (or a wildcard) is in the table or a listed public route', () => {
    const listed = new Set([...ROWS.map((row) => row.route), ...Object.keys(PUBLIC_ROUTES)].map(shapeOf));
    const withId = registered().filter((route) => /[:*]/.test(route));
    expect(withId.length).toBeGreaterThan(20);
    expect(withId.filter((route) => !listed.has(shapeOf(route)))).toEqual([]);
  });

  it('every route of the table is registered (no typo hides a route from the table)', () => {
    const served = new Set(registered().map(shapeOf));
    expect(ROWS.map((row) => row.route).filter((route) => !served.has(shapeOf(route)))).toEqual([]);
  });
});
