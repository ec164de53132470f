import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { loginTokens, renewalTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUser(
  db: Queryable,
  id: string,
  values: Partial<Pick<UserRow, 'displayName' | 'lang'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function findLoginTokenById(db: Queryable, id: string) {
  const [row] = await db.select().from(loginTokens).where(eq(loginTokens.id, id)).limit(1);
  return row;
}

/** Ends every login of the user except the one named, and every "stay signed in" (a new password asks for it anew). */
export async function deleteOtherLoginTokens(db: Queryable, userId: string, keepTokenId: string): Promise<void> {
  await db.delete(loginTokens).where(and(eq(loginTokens.userId, userId), ne(loginTokens.id, keepTokenId)));
  await db.delete(renewalTokens).where(eq(renewalTokens.userId, userId));
}
