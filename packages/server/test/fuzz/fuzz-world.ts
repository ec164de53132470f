import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema/index.js';
import type { HTTPMethods } from 'fastify';
import type {
  BookedAppointment,
  AppointmentSlot,
  AppointmentType,
  DeviceOrder,
  InfoTag,
  PaymentMethod,
  PaymentSetup,
  LoggedUser,
  Monitor,
  ProbingQuestion,
  Processor,
  Profile,
  Queue,
  ScheduleEntry,
  TicketView,
  Vacation,
} from '@wartefrei/shared';
import { basic, type TestApp } from '../support/test-app.js';
import { asUser, givenProcessor, givenVerifiedAdmin, logIn } from '../support/factories.js';
import { uploadLogo } from '../support/images.js';
import { linkKey } from '../support/tickets.js';

/** What a path parameter or an input field names. */
export const ID_KINDS = [
  'account',
  'profile',
  'queue',
  'member',
  'tag',
  'user',
  'entry',
  'monitor',
  'appointmentType',
  'slot',
  'appointment',
  'vacation',
  'question',
  'option',
  'paymentMethod',
  'setupIntent',
  'deviceOrder',
  'invoice',
  'keyRequest',
  'image',
  'imageFile',
  // The admin's own sign-in sessions (`/users/me/sessions/{id}`).
  'loginSession',
  'secondFactor',
  'webhookEndpoint',
  'webhookDelivery',
  // The practice's API keys (`/api-keys/{id}`).
  'apiKey',
  'routable',
  'accountIdentifier',
  'profileIdentifier',
  'queueIdentifier',
  'monitorIdentifier',
  'token',
  // What the patient's routes take (`/members/{token}`, `/appointments/{token}`): the tokens of
  // the links of the world's draws and bookings, and the records' ids, which staff pass there.
  'memberKey',
  'appointmentKey',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** The real ids (and identifiers) of one account, by kind. */
export type IdPool = Record<IdKind, string[]>;

const unique = () => randomBytes(4).toString('hex');
let ipCounter = 0;
let appointmentHour = 0;
/** Setup draws come from their own addresses: the public draw limit is not what setup is about. */
const nextIp = () => `198.19.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

export interface Account {
  label: string;
  accountId: string;
  username: string;
  password: string;
  admin: LoggedUser;
  ids: IdPool;
  /** Every id and name of the account: none may show up in an answer to the other account. */
  secrets: Set<string>;
}

/** A setup call that must answer `status`; throws naming the call otherwise. */
async function call<T>(t: TestApp, user: LoggedUser, method: HTTPMethods, url: string, payload: unknown, status: number): Promise<T> {
  const res = await t.inject({ method, url, headers: asUser(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  if (res.statusCode !== status) throw new Error(`fuzz setup ${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

function emptyPool(): IdPool {
  return Object.fromEntries(ID_KINDS.map((kind) => [kind, []])) as unknown as IdPool;
}

/** A signed-up, verified, logged-in account with nothing in it yet. */
export async function givenAccount(t: TestApp, label: string): Promise<Account> {
  const admin = await givenVerifiedAdmin(t, { display_name: `Dr. ${label} ${unique()}`, account_name: `Praxis ${label} ${unique()}` });
  const account: Account = {
    label,
    accountId: admin.account_id,
    username: admin.username,
    password: admin.password,
    admin: await logIn(t, admin.username, admin.password),
    ids: emptyPool(),
    secrets: new Set(),
  };
  account.ids.account.push(admin.account_id);
  account.ids.user.push(admin.user_id);
  account.ids.accountIdentifier.push(admin.account_identifier);
  keep(account, admin.account_id, admin.user_id, admin.account_name, admin.account_identifier, admin.username, admin.display_name);
  return account;
}

function keep(account: Account, ...values: (string | null | undefined)[]) {
  for (const value of values) if (value) account.secrets.add(value);
}

/**
 * Fills the account with one of everything, made through the API: a location, an open queue
 * (assigned to `assign`), members waiting, processing, cancelled and tagged, an info tag, a
 * second processor, a schedule entry and a monitor. Called again, it adds fresh ones: the fuzz
 * deletes and changes what it is given, later routes still find live things.
 */
export async function furnish(t: TestApp, account: Account, assign: string[] = []): Promise<void> {
  const { admin, label, ids } = account;
  const n = `${label}-${unique()}`.toLowerCase();
  const profile = await call<Profile>(t, admin, 'POST', '/profiles', { name: `Standort ${n}`, identifier: `standort-${n}` }, 201);
  // Once encryption is on (the first furnishing ends with it), patient data goes sealed: a
  // well-formed stand-in, as the server never opens it.
  const sealing = (await call<{ enabled: boolean }>(t, admin, 'GET', '/encryption', undefined, 200)).enabled;
  const patient = (fields: Record<string, string>) => (sealing ? { sealed_data: 'wf1s.c2VhbGVk.aXY.Y2lwaGVy' } : fields);
  const queue = await call<Queue>(
    t,
    admin,
    'POST',
    '/queues',
    {
      profile_id: profile.id,
      name: `Warteliste ${n}`,
      identifier: `liste-${n}`,
      max_concurrent_processing: 50,
      patient_inputs: { display_name: 'OPTIONAL', first_name: 'OPTIONAL', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
    },
    201,
  );
  await call(t, admin, 'POST', `/queues/${queue.id}/session`, { event: 'START' }, 200);
  for (const userId of assign) await call(t, admin, 'PUT', `/queues/${queue.id}/processors/${userId}`, undefined, 200);
  const tag = await call<InfoTag>(t, admin, 'POST', '/info-tags', { name: `${label.slice(0, 2)}${unique().slice(0, 6)}` }, 201);
  const processor = await call<Processor>(
    t,
    admin,
    'POST',
    '/processors',
    { username: `${label.toLowerCase()}-mitarbeiter-${unique()}@praxis.example`, display_name: `${label} Mitarbeiter ${unique()}` },
    201,
  );
  await call(t, admin, 'PUT', `/queues/${queue.id}/processors/${processor.id}`, undefined, 200);
  const entry = await call<ScheduleEntry>(t, admin, 'POST', `/queues/${queue.id}/schedule`, { event: 'START', weekday: 1, local_time: '07:00' }, 201);
  const monitor = await call<Monitor>(t, admin, 'POST', '/monitors', { identifier: `monitor-${n}`, display_name: `Monitor ${n}`, queue_ids: [queue.id] }, 201);
  const appointmentType = await call<AppointmentType>(t, admin, 'POST', '/appointment-types', { queue_id: queue.id, name: `${label} Termin ${n}`, duration_minutes: 15 }, 201);
  const slot = await call<AppointmentSlot>(
    t,
    admin,
    'POST',
    '/appointment-slots',
    { profile_id: profile.id, processor_id: processor.id, kind: 'WEEK', weekday: 1, start_time: '08:00', end_time: '12:00', appointment_type_ids: [appointmentType.id] },
    201,
  );
  // A staff booking years ahead (the clock is real), at an hour of its own per account.
  const appointment = await call<BookedAppointment>(
    t,
    admin,
    'POST',
    '/appointments',
    {
      appointment_type_id: appointmentType.id,
      processor_id: processor.id,
      start: new Date(Date.UTC(2031, 0, 6, 8) + appointmentHour++ * 3_600_000).toISOString(),
      ...patient({ last_name: `${label}patient${n}` }),
    },
    201,
  );
  const question = await call<ProbingQuestion>(
    t,
    admin,
    'POST',
    '/probing-questions',
    {
      profile_id: profile.id,
      variant: 'ONLINE',
      text: `${label} Frage ${n}`,
      options: [
        { text: 'ja', action: 'QUEUE', target_queue_id: queue.id },
        { text: 'nein', action: 'NOTHING' },
      ],
    },
    201,
  );
  const vacation = await call<Vacation>(
    t,
    admin,
    'POST',
    '/vacations',
    { type: 'VACATION', whole_days: true, start: '2031-08-01', end: '2031-08-02', absent_processor_id: processor.id },
    201,
  );
  // Billing (the app runs against the Stripe test server): a card, its SetupIntent, an order and its invoice.
  const setup = await call<PaymentSetup>(t, admin, 'POST', '/payment-methods/setup', { type: 'card' }, 201);
  const methods = await call<PaymentMethod[]>(t, admin, 'POST', `/payment-methods/setup/${setup.setup_intent_id}/test-confirm`, { card: 'pm_card_visa' }, 200);
  const order = await call<DeviceOrder>(
    t,
    admin,
    'POST',
    '/device-orders',
    { items: [{ device: 'MONITOR', quantity: 1 }], delivery_address: { street1: `${label}gasse ${n}`, postcode: '1010', city: 'Wien', country: 'AT' } },
    201,
  );
  // A webhook endpoint before the draws: their events fill its deliveries (the fuzz app sends none).
  const hook = await call<{ id: string; secret: string }>(
    t,
    admin,
    'POST',
    '/webhook-endpoints',
    { url: `https://hooks.fuzz.test/${label}`, events: ['ticket.drawn', 'ticket.called'] },
    201,
  );
  const hookTest = await call<{ id: string }>(t, admin, 'POST', `/webhook-endpoints/${hook.id}/test`, undefined, 202);

  const draw = async (): Promise<TicketView> => {
    const m = unique();
    const names = [`${label} Gast ${m}`, `${label}vorname${m}`, `${label}nachname${m}`];
    const res = await t.inject({
      method: 'POST',
      url: `/queues/${queue.id}/members`,
      payload: { origin: 'ONLINE', ...patient({ display_name: names[0]!, first_name: names[1]!, last_name: names[2]! }) },
      remoteAddress: nextIp(),
    });
    if (res.statusCode !== 201) throw new Error(`fuzz setup draw: ${res.statusCode} ${res.body}`);
    const ticket = res.json<TicketView>();
    keep(account, ticket.id, linkKey(ticket), ...names);
    ids.member.push(ticket.id);
    ids.memberKey.push(ticket.id, linkKey(ticket));
    return ticket;
  };
  await draw();
  await call(t, admin, 'POST', `/members/${(await draw()).id}/call`, {}, 200);
  await call(t, admin, 'POST', `/members/${(await draw()).id}/cancel`, {}, 200);
  await call(t, admin, 'POST', `/members/${(await draw()).id}/info-tags`, { info_tag_id: tag.id }, 200);

  // Encryption on (the admin holds the key) and a processor's request for it. Well-formed stand-in
  // blobs: the server never opens them, and the fuzz is about the routes, not the crypto.
  const key = { public_key: 'A'.repeat(400), wrapped_private_key: 'wf1p.600000.c2FsdA.aXY.Y2lwaGVy' };
  const wrapped = 'wf1k.a2V5.aXY.Y2lwaGVy';
  // A fuzzed POST /encryption/disable may have begun switching off while records the fuzz sealed
  // are still sealed: the account stays so (unsealing finishes a switch-off; the fuzz does not
  // unseal), and no key request is filed meanwhile.
  const encryption = await call<{ enabled: boolean; switching_off: boolean }>(t, admin, 'GET', '/encryption', undefined, 200);
  if (!encryption.enabled && !encryption.switching_off) {
    await call(t, admin, 'PUT', '/encryption/my-key', key, 200);
    await call(t, admin, 'POST', '/encryption/enable', { public_key: key.public_key, recovery_wrapped_key: key.wrapped_private_key, wrapped_account_key: wrapped }, 200);
  }
  const requester = await givenProcessor(t, account.accountId);
  let keyRequest: string | undefined;
  if (!encryption.switching_off) {
    await call(t, requester, 'PUT', '/encryption/my-key', key, 200);
    await call(t, requester, 'POST', '/encryption/requests', undefined, 200);
    const requests = await call<{ id: string; user_id: string }[]>(t, admin, 'GET', '/encryption/requests', undefined, 200);
    keyRequest = requests.find((request) => request.user_id === requester.id)!.id;
  }

  ids.profile.push(profile.id);
  ids.queue.push(queue.id);
  ids.tag.push(tag.id);
  ids.user.push(processor.id);
  ids.entry.push(entry.id);
  ids.monitor.push(monitor.id);
  ids.appointmentType.push(appointmentType.id);
  ids.slot.push(slot.id);
  ids.appointment.push(appointment.id);
  ids.appointmentKey.push(appointment.id, linkKey(appointment));
  ids.vacation.push(vacation.id);
  ids.question.push(question.id);
  ids.option.push(...question.options.map((o) => o.id));
  ids.paymentMethod.push(...methods.map((m) => m.id));
  ids.setupIntent.push(setup.setup_intent_id);
  ids.deviceOrder.push(order.id);
  ids.invoice.push(order.invoice_id!);
  if (keyRequest) ids.keyRequest.push(keyRequest);
  // A second factor of the admin, not confirmed: an active one would put a second step before every later sign-in.
  const factor = await call<{ id: string }>(t, admin, 'POST', '/users/me/second-factors/totp', {}, 201);
  ids.secondFactor.push(factor.id);
  ids.webhookEndpoint.push(hook.id);
  ids.webhookDelivery.push(hookTest.id);
  keep(account, hook.id, hook.secret, hookTest.id);
  keep(account, factor.id);
  const apiKey = await call<{ id: string; name: string }>(t, admin, 'POST', '/api-keys', { name: `${label} PVS ${n}`, scopes: ['tickets:read'] }, 201);
  ids.apiKey.push(apiKey.id);
  keep(account, apiKey.id, apiKey.name);
  const logo = await uploadLogo(t, admin);
  ids.image.push(logo.id);
  ids.loginSession.push(...(await call<{ id: string }[]>(t, admin, 'GET', '/users/me/sessions', undefined, 200)).map((s) => s.id));
  ids.imageFile.push(logo.url.split('/').at(-1)!);
  keep(account, keyRequest, requester.id);
  keep(account, setup.setup_intent_id, order.id, order.invoice_id, `${label}gasse ${n}`, ...methods.map((m) => m.id));
  ids.routable.push(queue.id, profile.id, monitor.id);
  ids.profileIdentifier.push(profile.identifier);
  ids.queueIdentifier.push(queue.identifier);
  ids.monitorIdentifier.push(monitor.identifier);
  keep(account, profile.id, profile.name, profile.identifier, queue.id, queue.name, queue.identifier, tag.id, tag.name);
  keep(account, processor.id, processor.username, processor.display_name, entry.id, monitor.id, monitor.identifier, monitor.display_name);
  keep(account, appointmentType.id, appointmentType.name, slot.id, appointment.id, linkKey(appointment), vacation.id, `${label}patient${n}`);
  keep(account, question.id, question.text, ...question.options.map((o) => o.id));
}

/** The actors of account A: its admin and a processor assigned to A's queues. */
export interface Actors {
  admin: LoggedUser;
  processor: LoggedUser;
}

/** Whether the user's token still signs in (a fuzzed logout or delete may have ended it). */
async function stillSignedIn(t: TestApp, user: LoggedUser): Promise<boolean> {
  const res = await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });
  return res.statusCode === 200;
}

/**
 * Signs the actors in again when a fuzzed request logged them out, demoted or deleted them, and
 * gives the account fresh things to act on. A login locked by fuzzed failures is waited out on
 * the test clock.
 */
export async function refreshActors(t: TestApp, account: Account, actors: Actors): Promise<void> {
  // A fuzzed PATCH /accounts/{id} may have required a second factor, which holds every
  // password sign-in at its setup (403): the next route is fuzzed in a practice without it.
  await t.app.ctx.db.update(accounts).set({ requireSecondFactor: false }).where(eq(accounts.id, account.accountId));
  if (!(await stillSignedIn(t, actors.admin)) || !actors.admin.is_admin) {
    let res = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(account.username, account.password) }, remoteAddress: nextIp() });
    if (res.statusCode === 429) {
      t.clock.advanceSeconds(t.config.loginLimits.windowSeconds + 1);
      res = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(account.username, account.password) }, remoteAddress: nextIp() });
    }
    if (res.statusCode !== 200) throw new Error(`fuzz: admin A cannot sign in again: ${res.statusCode} ${res.body}`);
    actors.admin = res.json<LoggedUser>();
    account.admin = actors.admin;
  }
  if (!(await stillSignedIn(t, actors.processor))) actors.processor = await givenProcessor(t, account.accountId);
  await furnish(t, account, [actors.processor.id]);
  account.ids.user.push(actors.processor.id);
}
