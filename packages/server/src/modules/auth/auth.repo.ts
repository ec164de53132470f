import { and, count, eq, gt, inArray, lt, min, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { loginFailures, loginTokens, renewalTokens, userIsActive, users, type SignInVia } from '../../db/schema/index.js';

/** Stores a login token by its hash (the token itself is never stored). */
export async function insertLoginToken(db: Queryable, values: { userId: string; tokenHash: string; validUntil: Date; via: SignInVia }): Promise<void> {
  await db.insert(loginTokens).values(values);
}

/**
 * Deletes the token with this hash when it belongs to the user named by id or username; answers
 * the user's id when one was deleted.
 */
export async function deleteTokenOfNamedUser(db: Queryable, name: { id: string } | { username: string }, tokenHash: string): Promise<string | undefined> {
  const namedUser = db
    .select({ id: users.id })
    .from(users)
    .where(and('id' in name ? eq(users.id, name.id) : eq(sql`lower(${users.username})`, name.username.toLowerCase()), userIsActive));
  const deleted = await db
    .delete(loginTokens)
    .where(and(eq(loginTokens.tokenHash, tokenHash), inArray(loginTokens.userId, namedUser)))
    .returning({ userId: loginTokens.userId });
  return deleted[0]?.userId;
}

/** Failed sign-ins of a username or an address since a time, and when the oldest of them was. */
export async function loginFailuresSince(
  db: Queryable,
  by: { username: string } | { ip: string },
  since: Date,
): Promise<{ failures: number; oldest: Date | null }> {
  const match = 'username' in by ? eq(loginFailures.username, by.username) : eq(loginFailures.ip, by.ip);
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(match, gt(loginFailures.createdAt, since)));
  return { failures: row?.failures ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Records one failed sign-in and drops this username's and address's failures older than `cutoff`. */
export async function recordFailureAndPrune(db: Queryable, failure: { username: string; ip: string; at: Date }, cutoff: Date): Promise<void> {
  await db.insert(loginFailures).values({ username: failure.username, ip: failure.ip, createdAt: failure.at });
  await db
    .delete(loginFailures)
    .where(and(or(eq(loginFailures.username, failure.username), eq(loginFailures.ip, failure.ip)), lt(loginFailures.createdAt, cutoff)));
}

/** Stores a "stay signed in" key by its hash. */
export async function insertRenewalToken(db: Queryable, values: { userId: string; tokenHash: string; validUntil: Date; via: SignInVia }): Promise<void> {
  await db.insert(renewalTokens).values(values);
}

/**
 * Spends a "stay signed in" key of the user, still valid at `now`: deleted, so it works once;
 * answers how its sign-in was proven (the new token keeps it), or undefined when none was spent.
 */
export async function spendRenewalToken(db: Queryable, userId: string, tokenHash: string, now: Date): Promise<SignInVia | undefined> {
  const spent = await db
    .delete(renewalTokens)
    .where(and(eq(renewalTokens.userId, userId), eq(renewalTokens.tokenHash, tokenHash), gt(renewalTokens.validUntil, now)))
    .returning({ via: renewalTokens.via });
  return spent[0]?.via;
}

export async function deleteRenewalTokensOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(renewalTokens).where(eq(renewalTokens.userId, userId));
}
