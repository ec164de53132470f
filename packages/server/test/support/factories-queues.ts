import { randomBytes } from 'node:crypto';
import type { LoggedUser, Profile, Queue } from '@wartefrei/shared';
import { queueProcessors, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { givenVerifiedAdmin, logIn } from './factories.js';
import { basic, type TestApp } from './test-app.js';

let counter = 0;
const unique = () => `${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** Request headers that sign in as the user. */
export const headersOf = (user: LoggedUser, extra: Record<string, string> = {}) => ({
  authorization: basic(user.id, user.token),
  ...extra,
});

/** A fresh account with its signed-in admin. */
export async function givenSignedInAdmin(t: TestApp) {
  const admin = await givenVerifiedAdmin(t);
  const user = await logIn(t, admin.username, admin.password);
  return { admin, user, accountIdentifier: admin.account_identifier, accountId: admin.account_id };
}

/** A location created through the API by an admin; override what the test is about. */
export async function givenProfile(t: TestApp, admin: LoggedUser, overrides: Record<string, unknown> = {}): Promise<Profile> {
  const n = unique();
  const res = await t.inject({
    method: 'POST',
    url: '/profiles',
    headers: headersOf(admin),
    payload: { name: `Standort ${n}`, identifier: `standort-${n}`, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`profile creation failed: ${res.body}`);
  return res.json<Profile>();
}

/** A queue created through the API by an admin in the given location. */
export async function givenQueue(t: TestApp, admin: LoggedUser, profileId: string, overrides: Record<string, unknown> = {}): Promise<Queue> {
  const n = unique();
  const res = await t.inject({
    method: 'POST',
    url: '/queues',
    headers: headersOf(admin),
    payload: { profile_id: profileId, name: `Warteliste ${n}`, identifier: `liste-${n}`, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`queue creation failed: ${res.body}`);
  return res.json<Queue>();
}

/**
 * A signed-in processor (not admin) of the account, assigned to the given queues. Written to
 * the database directly: the processors API is another module and not what these tests are about.
 */
export async function givenProcessor(t: TestApp, accountId: string, queueIds: string[] = []): Promise<LoggedUser> {
  const username = `bearbeiter-${unique()}@praxis.example`;
  const password = 'bearbeiter-passwort';
  const db = t.app.ctx.db;
  const [user] = await db
    .insert(users)
    .values({ accountId, username, displayName: 'Bearbeiterin', passwordHash: await hashPassword(password), verified: true })
    .returning();
  if (!user) throw new Error('processor insert returned no row');
  if (queueIds.length > 0) await db.insert(queueProcessors).values(queueIds.map((queueId) => ({ queueId, userId: user.id })));
  return logIn(t, username, password);
}
