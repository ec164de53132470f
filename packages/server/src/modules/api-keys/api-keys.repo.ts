import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { apiKeys } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(q: Queryable, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await q.insert(apiKeys).values(values).returning();
  return row!;
}

/** The account's keys not revoked, oldest first. */
export async function activeKeysOfAccount(q: Queryable, accountId: string): Promise<ApiKeyRow[]> {
  return q
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Revokes one of the account's keys; false when there is none (another account's, or revoked already). */
export async function revokeApiKey(q: Queryable, accountId: string, id: string, now: Date): Promise<boolean> {
  const rows = await q
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
