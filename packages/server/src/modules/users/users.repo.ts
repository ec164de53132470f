import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUser(db: Queryable, id: string, values: Partial<Pick<UserRow, 'displayName' | 'lang'>>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}
