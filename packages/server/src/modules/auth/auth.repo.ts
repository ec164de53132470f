import { and, count, eq, gt, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { loginFailures, loginTokens, renewalTokens, userIsActive, users } from '../../db/schema/index.js';

/** Stores a login token of a session by its hash (the token itself is never stored). */
/** A sign-in token by its id (the actor's `tokenId`). */
export async function findLoginTokenById(db: Queryable, id: string) {
  const [row] = await db.select().from(loginTokens).where(eq(loginTokens.id, id)).limit(1);
  return row;
}

export async function insertLoginToken(db: Queryable, values: { userId: string; sessionId: string; tokenHash: string; validUntil: Date }): Promise<void> {
  await db.insert(loginTokens).values(values);
}

/**
 * The session of the token with this hash when it belongs to the user named by id or username
 * (expired or not: signing out works after the token's end too); undefined when none.
 */
export async function sessionOfNamedUsersToken(
  db: Queryable,
  name: { id: string } | { username: string },
  tokenHash: string,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db
    .select({ userId: loginTokens.userId, sessionId: loginTokens.sessionId })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.userId))
    .where(and(eq(loginTokens.tokenHash, tokenHash), 'id' in name ? eq(users.id, name.id) : eq(sql`lower(${users.username})`, name.username.toLowerCase()), userIsActive))
    .limit(1);
  return row;
}

/** Failed sign-ins of a username or an address since a time, and when the oldest of them was. */
export async function loginFailuresSince(db: Queryable, by: { username: string } | { ip: string }, since: Date): Promise<{ failures: number; oldest: Date | null }> {
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
  await db.delete(loginFailures).where(and(or(eq(loginFailures.username, failure.username), eq(loginFailures.ip, failure.ip)), lt(loginFailures.createdAt, cutoff)));
}

/** Stores a "stay signed in" key of a session by its hash. */
export async function insertRenewalToken(db: Queryable, values: { userId: string; sessionId: string; tokenHash: string; validUntil: Date }): Promise<void> {
  await db.insert(renewalTokens).values(values);
}

/**
 * What presenting a renewal key of the user did: `spent` — it was valid and is now spent (it
 * works once); `reused` — it was spent before (docs/security.md#sessions: the caller ends the
 * session); undefined — unknown, another user's, or expired.
 */
export type RenewalSpend = { outcome: 'spent' | 'reused'; sessionId: string };

export async function spendRenewalToken(db: Queryable, userId: string, tokenHash: string, now: Date): Promise<RenewalSpend | undefined> {
  const ofUser = and(eq(renewalTokens.userId, userId), eq(renewalTokens.tokenHash, tokenHash));
  // Conditional: of two uses at once, one spends it and the other finds it spent.
  const [spent] = await db
    .update(renewalTokens)
    .set({ spentAt: now })
    .where(and(ofUser, isNull(renewalTokens.spentAt), gt(renewalTokens.validUntil, now)))
    .returning({ sessionId: renewalTokens.sessionId });
  if (spent) return { outcome: 'spent', sessionId: spent.sessionId };
  const [before] = await db.select({ sessionId: renewalTokens.sessionId, spentAt: renewalTokens.spentAt }).from(renewalTokens).where(ofUser).limit(1);
  return before?.spentAt ? { outcome: 'reused', sessionId: before.sessionId } : undefined;
}

/**
 * After a renewal: the session's login tokens past their end and its spent keys past theirs are
 * of no more use (a spent key is kept while it could still be presented, to see its reuse).
 */
export async function pruneSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.delete(loginTokens).where(and(eq(loginTokens.sessionId, sessionId), lte(loginTokens.validUntil, now)));
  await db.delete(renewalTokens).where(and(eq(renewalTokens.sessionId, sessionId), lte(renewalTokens.validUntil, now)));
}
