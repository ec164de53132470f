import { randomBytes } from 'node:crypto';
import type { LoggedUser, Processor } from '@wartefrei/shared';
import { profiles, queues } from '../../src/db/schema/index.js';
import { basic, type TestApp } from './test-app.js';
import { givenVerifiedAdmin, linkIn, logIn } from './factories.js';

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** Headers of a logged-in staff user. */
export const staffHeaders = (user: LoggedUser, extra: Record<string, string> = {}) => ({ authorization: basic(user.id, user.token), ...extra });

/** A new account with its admin, logged in. */
export async function givenLoggedInAdmin(t: TestApp) {
  const admin = await givenVerifiedAdmin(t);
  return { admin, user: await logIn(t, admin.username, admin.password) };
}

export const INVITED_PASSWORD = 'eingeladen-und-sicher';

/**
 * An admin invites a processor (POST /processors); the processor opens the invitation mail, sets
 * the password through its link and logs in.
 */
export async function givenProcessor(t: TestApp, admin: LoggedUser, overrides: Record<string, unknown> = {}) {
  const username = `mitarbeiter-${unique()}@praxis.example`;
  const since = t.smtp.mails.length;
  const res = await t.inject({
    method: 'POST',
    url: '/processors',
    headers: staffHeaders(admin),
    payload: { username, display_name: 'Mitarbeiterin', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`creating a processor failed: ${res.body}`);
  const processor = res.json<Processor>();
  const mail = await t.smtp.waitForMail(processor.username, { since });
  const token = linkIn(mail.text, 'http://wartefrei.test/passwordReset/').split('/').pop()!;
  const set = await t.inject({
    method: 'POST',
    url: `/password-reset/${token}`,
    payload: { password: INVITED_PASSWORD, password_repeat: INVITED_PASSWORD },
  });
  if (set.statusCode !== 204) throw new Error(`setting the password failed: ${set.body}`);
  return { processor, user: await logIn(t, processor.username, INVITED_PASSWORD) };
}

/**
 * A queue row inserted directly (the queues API is another module): with a fresh location of
 * the account unless one is given.
 */
export async function givenQueueRow(
  t: TestApp,
  accountId: string,
  values: { name?: string; priority?: number; profileId?: string } = {},
) {
  const db = t.app.ctx.db;
  const n = unique();
  let profileId = values.profileId;
  if (!profileId) {
    const [profile] = await db.insert(profiles).values({ accountId, name: `Standort ${n}`, identifier: `standort-${n}` }).returning();
    profileId = profile!.id;
  }
  const [queue] = await db
    .insert(queues)
    .values({ accountId, profileId, name: values.name ?? `Liste ${n}`, identifier: `liste-${n}`, priority: values.priority ?? 10 })
    .returning();
  return queue!;
}
