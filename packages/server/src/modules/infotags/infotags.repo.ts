import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { infoTags } from '../../db/schema/index.js';

export type InfoTagRow = typeof infoTags.$inferSelect;
export type NewInfoTagRow = typeof infoTags.$inferInsert;
export type InfoTagChanges = Partial<Omit<NewInfoTagRow, 'id' | 'accountId' | 'createdAt'>>;

export async function listInfoTagsOfAccount(db: Queryable, accountId: string): Promise<InfoTagRow[]> {
  return db
    .select()
    .from(infoTags)
    .where(eq(infoTags.accountId, accountId))
    .orderBy(asc(sql`lower(${infoTags.name})`), asc(infoTags.createdAt), asc(infoTags.id));
}

export async function findInfoTag(db: Queryable, accountId: string, id: string): Promise<InfoTagRow | undefined> {
  const [row] = await db
    .select()
    .from(infoTags)
    .where(and(eq(infoTags.accountId, accountId), eq(infoTags.id, id)))
    .limit(1);
  return row;
}

/** The tag locked for the rest of the transaction: a change is checked against what it replaces. */
export async function findInfoTagForUpdate(db: Queryable, accountId: string, id: string): Promise<InfoTagRow | undefined> {
  const [row] = await db
    .select()
    .from(infoTags)
    .where(and(eq(infoTags.accountId, accountId), eq(infoTags.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertInfoTag(db: Queryable, values: NewInfoTagRow): Promise<InfoTagRow> {
  const [row] = await db.insert(infoTags).values(values).returning();
  return row!;
}

export async function updateInfoTag(db: Queryable, accountId: string, id: string, changes: InfoTagChanges) {
  const [row] = await db
    .update(infoTags)
    .set(changes)
    .where(and(eq(infoTags.accountId, accountId), eq(infoTags.id, id)))
    .returning();
  return row;
}

export async function deleteInfoTag(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(infoTags)
    .where(and(eq(infoTags.accountId, accountId), eq(infoTags.id, id)))
    .returning({ id: infoTags.id });
  return rows.length > 0;
}
