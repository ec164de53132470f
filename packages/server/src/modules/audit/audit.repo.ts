import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditSubjectType } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { apiKeys, auditLog, users } from '../../db/schema/index.js';

export interface NewAuditEntry {
  accountId: string;
  at: Date;
  userId: string | null;
  apiKeyId?: string | null;
  address: string | null;
  action: AuditAction;
  subjectType: AuditSubjectType | null;
  subjectId: string | null;
  detail?: Record<string, string | number | boolean | null> | null;
}

export async function insertAuditEntry(q: Queryable, entry: NewAuditEntry): Promise<void> {
  await q.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
}

export interface AuditFilter {
  accountId: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  userId?: string;
  action?: AuditAction;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditLog.accountId, filter.accountId),
    filter.from && gte(auditLog.at, filter.from),
    filter.to && lt(auditLog.at, filter.to),
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
  );
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** Where the previous page ended: the next one starts below it. */
export interface AuditCursor {
  at: Date;
  id: number;
}

/** The newest entries first, with the staff member's current name (the entry itself holds only the id). */
export async function auditPage(q: Queryable, filter: AuditFilter, limit: number, after?: AuditCursor) {
  return (
    q
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        // A key's entry is named by the key: "API: Praxisverwaltung" (a revoked key keeps its row for this).
        userName: sql<string | null>`coalesce(${users.displayName}, 'API: ' || ${apiKeys.name})`,
        address: auditLog.address,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        detail: auditLog.detail,
      })
      .from(auditLog)
      // Only a user of the same account names an entry: ids are never shared, but this keeps it so.
      .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.accountId, auditLog.accountId)))
      .leftJoin(apiKeys, and(eq(apiKeys.id, auditLog.apiKeyId), eq(apiKeys.accountId, auditLog.accountId)))
      .where(and(whereOf(filter), after && sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
  );
}

/** Deletes an account's entries older than `before`; answers how many. */
export async function deleteAuditBefore(q: Queryable, accountId: string, before: Date): Promise<number> {
  const deleted = await q
    .delete(auditLog)
    .where(and(eq(auditLog.accountId, accountId), lt(auditLog.at, before)))
    .returning({ id: sql`1` });
  return deleted.length;
}

/** Whether the user belongs to the account (a filter naming anyone else is a 404). */
export async function isUserOfAccount(q: Queryable, accountId: string, userId: string): Promise<boolean> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  return rows.length > 0;
}
