import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accountKeys, privateKeyExchanges, userKeys, users } from '../../db/schema/index.js';

export type AccountKeyRow = typeof accountKeys.$inferSelect;
export type UserKeyRow = typeof userKeys.$inferSelect;
export type ExchangeRow = typeof privateKeyExchanges.$inferSelect;

const LIVE = ['PENDING', 'APPROVED'] as const;

export async function findAccountKey(q: Queryable, accountId: string): Promise<AccountKeyRow | undefined> {
  const [row] = await q.select().from(accountKeys).where(eq(accountKeys.accountId, accountId)).limit(1);
  return row;
}

export async function insertAccountKey(q: Queryable, values: typeof accountKeys.$inferInsert): Promise<AccountKeyRow | undefined> {
  const [row] = await q.insert(accountKeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findUserKey(q: Queryable, userId: string): Promise<UserKeyRow | undefined> {
  const [row] = await q.select().from(userKeys).where(eq(userKeys.userId, userId)).limit(1);
  return row;
}

/** Sets the user's key pair, replacing an older one (then `replacedAt` says when). */
export async function upsertUserKey(q: Queryable, values: typeof userKeys.$inferInsert): Promise<void> {
  await q
    .insert(userKeys)
    .values(values)
    .onConflictDoUpdate({
      target: userKeys.userId,
      set: { publicKey: values.publicKey, wrappedPrivateKey: values.wrappedPrivateKey, createdAt: values.createdAt, replacedAt: values.replacedAt ?? null },
    });
}

/** The user's key and every live request or grant: a new key, a password reset. Answers how many grants and requests ended. */
export async function dropKeysOfUser(q: Queryable, userId: string): Promise<number> {
  await q.delete(userKeys).where(eq(userKeys.userId, userId));
  return endLiveExchanges(q, userId);
}

export async function endLiveExchanges(q: Queryable, userId: string): Promise<number> {
  const ended = await q
    .delete(privateKeyExchanges)
    .where(and(eq(privateKeyExchanges.userId, userId), inArray(privateKeyExchanges.status, [...LIVE])))
    .returning({ id: privateKeyExchanges.id });
  return ended.length;
}

/** The user's live request or grant. */
export async function findLiveExchange(q: Queryable, userId: string): Promise<ExchangeRow | undefined> {
  const [row] = await q
    .select()
    .from(privateKeyExchanges)
    .where(and(eq(privateKeyExchanges.userId, userId), inArray(privateKeyExchanges.status, [...LIVE])))
    .limit(1);
  return row;
}

export async function insertExchange(q: Queryable, values: typeof privateKeyExchanges.$inferInsert): Promise<ExchangeRow | undefined> {
  const [row] = await q.insert(privateKeyExchanges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findExchangeInAccount(q: Queryable, accountId: string, id: string): Promise<ExchangeRow | undefined> {
  const [row] = await q
    .select()
    .from(privateKeyExchanges)
    .where(and(eq(privateKeyExchanges.id, id), eq(privateKeyExchanges.accountId, accountId)))
    .limit(1);
  return row;
}

/** Decides a pending request; undefined when it was no longer pending (decided meanwhile). */
export async function decideExchange(
  q: Queryable,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; wrappedAccountKey: string | null; decidedBy: string; decidedAt: Date },
): Promise<ExchangeRow | undefined> {
  const [row] = await q
    .update(privateKeyExchanges)
    .set(decision)
    .where(and(eq(privateKeyExchanges.id, id), eq(privateKeyExchanges.status, 'PENDING')))
    .returning();
  return row;
}

/** The account's live requests and grants, newest first, with the user's name and when their current key was set or replaced. */
export async function liveExchangesOfAccount(q: Queryable, accountId: string) {
  return q
    .select({ exchange: privateKeyExchanges, userName: users.displayName, keySetAt: userKeys.createdAt, keyReplacedAt: userKeys.replacedAt })
    .from(privateKeyExchanges)
    .innerJoin(users, eq(users.id, privateKeyExchanges.userId))
    .leftJoin(userKeys, eq(userKeys.userId, privateKeyExchanges.userId))
    .where(and(eq(privateKeyExchanges.accountId, accountId), inArray(privateKeyExchanges.status, [...LIVE])))
    .orderBy(desc(privateKeyExchanges.createdAt));
}
