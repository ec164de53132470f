import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { microsoftLogins, userIsActive, users } from '../../db/schema/index.js';

/** A sign-in started: what the return needs, by its state. Old rows go with each new one. */
export async function insertMicrosoftLogin(db: Queryable, values: { state: string; codeVerifier: string; nonce: string; createdAt: Date }, forgetBefore: Date): Promise<void> {
  await db.delete(microsoftLogins).where(lt(microsoftLogins.createdAt, forgetBefore));
  await db.insert(microsoftLogins).values(values);
}

/**
 * Spends a state: answers its verifier and nonce once, if it was started after `startedAfter`;
 * a second return with the same state (a replay) finds it spent.
 */
export async function spendMicrosoftLogin(db: Queryable, state: string, now: Date, startedAfter: Date): Promise<{ codeVerifier: string; nonce: string } | undefined> {
  const [row] = await db
    .update(microsoftLogins)
    .set({ usedAt: now })
    .where(and(eq(microsoftLogins.state, state), isNull(microsoftLogins.usedAt), gt(microsoftLogins.createdAt, startedAfter)))
    .returning({ codeVerifier: microsoftLogins.codeVerifier, nonce: microsoftLogins.nonce });
  return row;
}

/** The user bound to a Microsoft account's object id (`oid`), if any. */
export async function findUserByMicrosoftOid(db: Queryable, oid: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.microsoftOid, oid), userIsActive))
    .limit(1);
  return row;
}

/**
 * Compare-and-set: binds the Microsoft account to the user only while they have none; false when
 * another was bound first. Another user bound to the same oid is the unique index's violation.
 */
export async function bindMicrosoftOid(db: Queryable, userId: string, oid: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ microsoftOid: oid })
    .where(and(eq(users.id, userId), isNull(users.microsoftOid)))
    .returning({ id: users.id });
  return rows.length > 0;
}
