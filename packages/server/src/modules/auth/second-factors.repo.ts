import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, recoveryCodes, secondFactors, signInChallenges, userIsActive, users } from '../../db/schema/index.js';

export type SecondFactorRow = typeof secondFactors.$inferSelect;
type ChallengePurpose = (typeof signInChallenges.$inferSelect)['purpose'];

/** Whether the user's practice requires a second factor and the user has no active one. */
export async function secondFactorSetupRequired(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ required: accounts.requireSecondFactor }).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, userId)).limit(1);
  if (!row?.required) return false;
  return (await activeFactorsOfUser(db, userId)).length === 0;
}

/** The user's active factors (a TOTP counts once confirmed), oldest first. */
export function activeFactorsOfUser(db: Queryable, userId: string): Promise<SecondFactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

/** A factor of this user (active or not); another user's id finds nothing. */
export async function findFactorOfUser(db: Queryable, userId: string, id: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId)))
    .limit(1);
  return row;
}

export async function insertFactor(db: Queryable, values: typeof secondFactors.$inferInsert): Promise<SecondFactorRow> {
  const [row] = await db.insert(secondFactors).values(values).returning();
  return row!;
}

export async function confirmFactor(db: Queryable, id: string, at: Date): Promise<SecondFactorRow | undefined> {
  const [row] = await db.update(secondFactors).set({ confirmedAt: at }).where(eq(secondFactors.id, id)).returning();
  return row;
}

/**
 * Takes a TOTP time step for the factor: only a step later than the last one taken, in one
 * statement, so the same code (or an older one) is accepted once even by two nodes at once.
 */
export async function claimTotpStep(db: Queryable, id: string, step: number, at: Date): Promise<boolean> {
  const claimed = await db
    .update(secondFactors)
    .set({ totpLastStep: step, lastUsedAt: at })
    .where(and(eq(secondFactors.id, id), or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step))))
    .returning({ id: secondFactors.id });
  return claimed.length > 0;
}

export async function renameFactor(db: Queryable, userId: string, id: string, name: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .update(secondFactors)
    .set({ name })
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .returning();
  return row;
}

export async function deleteFactor(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(secondFactors)
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId)))
    .returning({ id: secondFactors.id });
  return deleted.length > 0;
}

/** A passkey by its credential id, with its user when that user may sign in (not removed, verified). */
export async function findPasskey(db: Queryable, credentialId: string) {
  const [row] = await db
    .select({ factor: secondFactors, user: users })
    .from(secondFactors)
    .innerJoin(users, eq(users.id, secondFactors.userId))
    .where(and(eq(secondFactors.credentialId, credentialId), eq(secondFactors.kind, 'PASSKEY'), userIsActive, eq(users.verified, true)))
    .limit(1);
  return row;
}

export async function recordPasskeyUse(db: Queryable, id: string, signCount: number, at: Date): Promise<void> {
  await db.update(secondFactors).set({ signCount, lastUsedAt: at }).where(eq(secondFactors.id, id));
}

/** A new set of recovery codes (their hashes) in place of any earlier set. */
export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[], at: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

export async function deleteRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function hasUnusedRecoveryCodes(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .limit(1);
  return row !== undefined;
}

/** Spends one unused recovery code of the user, atomically: answers whether it was one. */
export async function spendRecoveryCode(db: Queryable, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function insertChallenge(db: Queryable, values: typeof signInChallenges.$inferInsert): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

/** A challenge of this purpose by its hash, still valid at `now` and not ended by wrong answers. */
export async function findLiveChallenge(db: Queryable, challengeHash: string, purpose: ChallengePurpose, now: Date) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.challengeHash, challengeHash), eq(signInChallenges.purpose, purpose), gt(signInChallenges.expiresAt, now), lt(signInChallenges.failures, 5)))
    .limit(1);
  return row;
}

/** Spends a challenge: deleted, so that it answers once; false when another request spent it first. */
export async function spendChallenge(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id });
  return deleted.length > 0;
}

/** Counts a wrong answer; the fifth ends the challenge (deleted). */
export async function countChallengeFailure(db: Queryable, id: string): Promise<void> {
  const [row] = await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(and(eq(signInChallenges.id, id), lt(signInChallenges.failures, 5)))
    .returning({ failures: signInChallenges.failures });
  if (row && row.failures >= 5) await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
}

/** Drops challenges past their time (called when a new one is made, so the table stays small). */
export async function pruneChallenges(db: Queryable, now: Date): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
}
