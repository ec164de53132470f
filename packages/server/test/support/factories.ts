/*
 * The test factories: one per entity, used by every suite. Each writes straight to the
 * database what a test needs as given — fast, and independent of the API that made it — except
 * the account, which is made as a practice makes it (sign-up, verification mail, login), so
 * that every test account is a real one. Tests of an entity's own API create it through that
 * API instead (see api.ts). The one auth helper is `asUser`.
 */
import { randomBytes } from 'node:crypto';
import { QUEUE_DEFAULTS, type LoggedUser, type SignupInput } from '@wartefrei/shared';
import { profiles, queueProcessors, queues, users, type SessionButtonVisibility } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { basic, type TestApp } from './test-app.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

let addressCounter = 0;
/**
 * A client address no other call of the run has used (in 100.64.0.0/10, which no suite picks by
 * hand): for a request that should count against no one else's per-address limit.
 */
export const freshAddress = () => `100.${64 + ((addressCounter >> 16) % 64)}.${(addressCounter >> 8) % 256}.${addressCounter++ % 256}`;

/** Request headers of a call made as the user (the one auth helper of the suites). */
export const asUser = (user: Pick<LoggedUser, 'id' | 'token'>, extra: Record<string, string> = {}) => ({ authorization: basic(user.id, user.token), ...extra });

/** A valid sign-up body with unique identifier and mail; override what the test is about. */
export function signupBody(overrides: Partial<Record<keyof SignupInput, unknown>> = {}): SignupInput {
  const n = unique();
  // Overrides may break the types on purpose (missing consent, wrong types): that is the test.
  return {
    account_name: `Praxis ${n}`,
    account_identifier: `praxis-${n}`,
    display_name: 'Dr. Test',
    username: `admin-${n}@praxis.example`,
    password: 'richtig-langes-passwort',
    password_repeat: 'richtig-langes-passwort',
    accept_terms: true,
    accept_data_usage: true,
    ...overrides,
  } as SignupInput;
}

/** Extracts the first link starting with `prefix` from a mail text. */
export function linkIn(text: string, prefix: string): string {
  const match = text.match(new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}[^\\s]+`));
  if (!match) throw new Error(`no link ${prefix} in mail:\n${text}`);
  return match[0];
}

/** Signs up through the API (each practice from its own address), opens the verification mail and verifies: a usable admin. */
export async function givenVerifiedAdmin(t: TestApp, overrides: Parameters<typeof signupBody>[0] = {}) {
  const body = signupBody(overrides);
  const since = t.smtp.mails.length;
  const signup = await t.inject({ method: 'POST', url: '/signup', payload: body, remoteAddress: freshAddress() });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await t.smtp.waitForMail(body.username, { since });
  const token = new URL(linkIn(mail.text, 'http://wartefrei.test/verify?token=')).searchParams.get('token');
  const verify = await t.inject({ method: 'POST', url: '/verify', payload: { token } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { ...body, ...signup.json<{ account_id: string; user_id: string }>() };
}

/** Logs in with username and password; returns the logged user. */
export async function logIn(t: TestApp, username: string, password: string, ip = '127.0.0.1'): Promise<LoggedUser> {
  const res = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, password) }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<LoggedUser>();
}

/** A new account with its verified admin, signed in: `user` makes the calls, `admin` holds the sign-up data. */
export async function givenAdmin(t: TestApp) {
  const admin = await givenVerifiedAdmin(t);
  const user = await logIn(t, admin.username, admin.password);
  return { admin, user, accountId: admin.account_id, accountIdentifier: admin.account_identifier };
}

/** A location of the account. */
export async function givenProfile(t: TestApp, accountId: string, overrides: { timeZone?: string; country?: string | null; region?: string | null } = {}): Promise<string> {
  const n = unique();
  const [row] = await t.app.ctx.db
    .insert(profiles)
    .values({ accountId, name: `Standort ${n}`, identifier: `standort-${n}`, country: 'AT', ...overrides })
    .returning({ id: profiles.id });
  if (!row) throw new Error('no profile');
  return row.id;
}

/**
 * A queue of the account, in its own new location unless `profileId` is given. Every session
 * button is open to everybody unless the test says otherwise. Without a session row: the
 * sessions module creates it, closed, on first use (givenOpenQueue in tickets.ts opens one).
 */
export async function givenQueue(
  t: TestApp,
  accountId: string,
  options: Partial<Omit<typeof queues.$inferInsert, 'accountId' | 'buttonVisibility'>> & { buttonVisibility?: Partial<SessionButtonVisibility> } = {},
): Promise<string> {
  const n = unique();
  const { buttonVisibility, ...settings } = options;
  const profileId = settings.profileId ?? (await givenProfile(t, accountId));
  const [row] = await t.app.ctx.db
    .insert(queues)
    .values({
      name: `Warteliste ${n}`,
      identifier: `liste-${n}`,
      ...settings,
      accountId,
      profileId,
      buttonVisibility: { ...QUEUE_DEFAULTS.button_visibility, ...buttonVisibility },
    })
    .returning({ id: queues.id });
  if (!row) throw new Error('no queue');
  return row.id;
}

/** A verified processor (not admin) of the account, assigned to `queueIds`, signed in. */
export async function givenProcessor(t: TestApp, accountId: string, queueIds: string[] = []): Promise<LoggedUser> {
  const username = `bearbeiter-${unique()}@praxis.example`;
  const password = 'richtig-langes-passwort';
  const [row] = await t.app.ctx.db
    .insert(users)
    .values({ accountId, username, displayName: 'Bearbeiter', passwordHash: await hashPassword(password), verified: true })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  if (queueIds.length > 0) await t.app.ctx.db.insert(queueProcessors).values(queueIds.map((queueId) => ({ queueId, userId: row.id })));
  return logIn(t, username, password);
}
