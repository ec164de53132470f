import type { Sector } from '@wartefrei/shared';
import type { PasswordHashes } from '../../platform/passwords.js';
import { and, asc, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, passwordResetTokens, signupTokens, userIsActive, users } from '../../db/schema/index.js';

export type OneTimeTokenTable = typeof signupTokens | typeof passwordResetTokens;
export { signupTokens, passwordResetTokens };

export async function isAccountIdentifierTaken(db: Queryable, identifier: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.identifier})`, identifier.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/** The active user with this address: a removed one signs in, resets and blocks the address no more. */
export async function findUserByUsername(db: Queryable, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), userIsActive))
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertAccount(db: Queryable, values: typeof accounts.$inferInsert) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findAccountById(db: Queryable, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** The practice's admins not removed, the first one first: whom mails about the practice go to. */
export async function findActiveAdmins(db: Queryable, accountId: string): Promise<{ username: string; displayName: string; lang: string }[]> {
  return db
    .select({ username: users.username, displayName: users.displayName, lang: users.lang })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.isAdmin, true), userIsActive))
    .orderBy(asc(users.createdAt));
}

/** An account by its identifier (operator commands name accounts so). */
export async function findAccountByIdentifier(db: Queryable, identifier: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.identifier, identifier));
  return row;
}

export async function updateAccountSettings(
  db: Queryable,
  id: string,
  settings: { displayName?: string; retentionDays?: number; sector?: Sector | null; logoImageId?: string | null; requireSecondFactor?: boolean },
) {
  const [row] = await db.update(accounts).set(settings).where(eq(accounts.id, id)).returning();
  return row;
}

export async function insertOneTimeToken(db: Queryable, table: OneTimeTokenTable, values: { userId: string; tokenHash: string; validUntil: Date; createdAt: Date }): Promise<void> {
  await db.insert(table).values(values);
}

export async function findOneTimeToken(db: Queryable, table: OneTimeTokenTable, tokenHash: string) {
  const [row] = await db.select().from(table).where(eq(table.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Compare-and-set: marks the token used only if it still is unused and valid. */
export async function consumeOneTimeToken(db: Queryable, table: OneTimeTokenTable, id: string, now: Date) {
  const [row] = await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.id, id), isNull(table.usedAt), gt(table.validUntil, now)))
    .returning();
  return row;
}

export async function markUserVerified(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ verified: true }).where(eq(users.id, userId));
}

/**
 * The one writer of a user's password. A reset or invitation link mailed for the old password
 * stops working with it (it answers as an expired one): whoever read an old mail must not set
 * the password again after the user chose theirs. Call it in the change's transaction.
 */
export async function setUserPassword(db: Queryable, userId: string, hashes: PasswordHashes, now: Date, extra: { verified?: true } = {}): Promise<void> {
  await db
    .update(users)
    .set({ ...hashes, ...extra })
    .where(eq(users.id, userId));
  await db
    .update(passwordResetTokens)
    .set({ validUntil: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.validUntil, now)));
}

/** How many tokens of this kind the user was sent since a moment (mail-flood limits). */
export async function countOneTimeTokensSince(db: Queryable, table: OneTimeTokenTable, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, userId), gte(table.createdAt, since)));
  return row?.n ?? 0;
}

/** Makes the account with this identifier (case-insensitive) payment-exempt; undefined if none. */
export async function exemptAccountByIdentifier(db: Queryable, identifier: string) {
  const [row] = await db
    .update(accounts)
    .set({ subscriptionState: 'paymentExempt', trialEnd: null })
    .where(eq(sql`lower(${accounts.identifier})`, identifier.toLowerCase()))
    .returning();
  return row;
}
