/** Tickets (queue members) as staff act on them: find, compare-and-set, the head of the line, lists. */
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import type { Actor } from '../../platform/auth.js';
import { inQueueVisibleTo } from '../queues/index.js';
import { activeNowSql, queueMemberInfoTags, queueMembers, queueProcessors, queues, users, type infoTags, type queueSessions } from '../../db/schema/index.js';

export type MemberRow = typeof queueMembers.$inferSelect;
export type NewMemberRow = typeof queueMembers.$inferInsert;
export type QueueRow = typeof queues.$inferSelect;
export type SessionRow = typeof queueSessions.$inferSelect;
export type InfoTagRow = typeof infoTags.$inferSelect;

export async function findMember(q: Queryable, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await q.select().from(queueMembers).where(eq(queueMembers.id, memberId)).limit(1);
  return row;
}

/**
 * A member as staff may see it: in a queue the actor sees (queues' visibility rule). Undefined
 * otherwise — a foreign id looks exactly like a missing one.
 */
export async function findMemberForStaff(q: Queryable, actor: Actor, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await q
    .select()
    .from(queueMembers)
    .where(and(eq(queueMembers.id, memberId), inQueueVisibleTo(actor, queueMembers.queueId)))
    .limit(1);
  return row;
}

/** Compare-and-set: applies `change` only if the member still has `version`. */
export async function updateMemberIfVersion(q: Queryable, memberId: string, version: number, change: Partial<NewMemberRow>): Promise<MemberRow | undefined> {
  const [row] = await q
    .update(queueMembers)
    .set({ ...change, version: sql`${queueMembers.version} + 1` })
    .where(and(eq(queueMembers.id, memberId), eq(queueMembers.version, version)))
    .returning();
  return row;
}

/**
 * Locks the head of the line over some queues — queue priority first (1 = very high), then the
 * line's order — skipping rows another transaction holds: two processors pressing "call next"
 * at the same instant lock two different members.
 */
export async function lockHeadOfLine(q: Queryable, queueIds: string[]): Promise<MemberRow | undefined> {
  if (queueIds.length === 0) return undefined;
  const [row] = await q
    .select({ member: queueMembers })
    .from(queueMembers)
    .innerJoin(queues, eq(queues.id, queueMembers.queueId))
    .where(and(inArray(queueMembers.queueId, queueIds), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState)))
    .orderBy(asc(queues.priority), asc(queueMembers.orderAt), asc(queueMembers.ordinal))
    .limit(1)
    .for('update', { of: queueMembers, skipLocked: true });
  return row?.member;
}

/** How many members are being processed: in a queue, or by one processor. */
export async function countProcessing(q: Queryable, filter: { queueId: string } | { processorId: string }): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(queueMembers)
    .where(and(eq(queueMembers.status, 'PROCESSING'), 'queueId' in filter ? eq(queueMembers.queueId, filter.queueId) : eq(queueMembers.processorId, filter.processorId)));
  return row?.n ?? 0;
}

/** Ends every open member of a queue (TERMINATE); answers who was ended. */
export async function endOpenMembers(q: Queryable, queueId: string, at: Date): Promise<MemberRow[]> {
  return q
    .update(queueMembers)
    .set({
      status: 'FINISHED_BY_TIMEOUT',
      cancelState: 'SESSION_END',
      processorId: null,
      actualEnd: at,
      version: sql`${queueMembers.version} + 1`,
    })
    .where(and(eq(queueMembers.queueId, queueId), inArray(queueMembers.status, ['WAITING', 'PROCESSING'])))
    .returning();
}

/** The `order_at` of the waiting members of a queue in line order (for moves), without one member. */
export async function lineOrderOf(q: Queryable, queueId: string, exceptMemberId: string): Promise<Date[]> {
  const rows = await q
    .select({ orderAt: queueMembers.orderAt })
    .from(queueMembers)
    .where(and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState), ne(queueMembers.id, exceptMemberId)))
    .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal));
  return rows.map((r) => r.orderAt);
}

/** The staff list of a queue with filters; `statuses` empty = the open ones. */
export async function listMembers(
  q: Queryable,
  filter: { queueId: string; statuses: MemberRow['status'][]; origins: MemberRow['origin'][]; infoTagId?: string; text?: string },
): Promise<MemberRow[]> {
  const conditions: SQL[] = [eq(queueMembers.queueId, filter.queueId)];
  conditions.push(inArray(queueMembers.status, filter.statuses.length > 0 ? filter.statuses : ['WAITING', 'PROCESSING']));
  if (filter.origins.length > 0) conditions.push(inArray(queueMembers.origin, filter.origins));
  if (filter.infoTagId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${queueMemberInfoTags} WHERE ${queueMemberInfoTags.memberId} = ${queueMembers.id} AND ${queueMemberInfoTags.infoTagId} = ${filter.infoTagId})`,
    );
  }
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${queueMembers.number}::text = ${filter.text} OR concat_ws(' ', ${queueMembers.displayName}, ${queueMembers.firstName}, ${queueMembers.lastName}, ${queueMembers.mail}, ${queueMembers.phone}) ILIKE ${pattern})`,
    );
  }
  return q
    .select()
    .from(queueMembers)
    .where(and(...conditions))
    .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal))
    .limit(1000);
}

/** The queues a processor actively processes at `now` (assigned, not only managing, back from any pause), in the account. */
export async function activeQueueIdsOf(q: Queryable, accountId: string, userId: string, now: Date): Promise<string[]> {
  const rows = await q
    .select({ id: queues.id })
    .from(queueProcessors)
    .innerJoin(queues, eq(queues.id, queueProcessors.queueId))
    .where(and(eq(queueProcessors.userId, userId), activeNowSql(now), eq(queues.accountId, accountId)));
  return rows.map((r) => r.id);
}

/** The account of a member, for the realtime rule of `member:{id}`. */
export async function accountOfMember(q: Queryable, memberId: string): Promise<string | undefined> {
  const [row] = await q.select({ accountId: queueMembers.accountId }).from(queueMembers).where(eq(queueMembers.id, memberId)).limit(1);
  return row?.accountId;
}

/** What a staff action needs of the ticket's list: its concurrency limit, timeout, calling next and name. */
export interface ListSettings {
  maxConcurrentProcessing: number;
  timeoutMinutes: number | null;
  automaticallyNext: boolean;
  name: string;
  /** The practice asks patients for their language, and so lets the monitor speak a call in it too. */
  askPatientForLanguage: boolean;
  /** The list allows SMS to its patients (`may_activate_sms_notifications`). */
  mayActivateSmsNotifications: boolean;
}

/**
 * The list's settings; with `lock` its row is locked until the transaction ends (a call counts
 * the processing members under it, so two calls cannot both take the last free place).
 */
export async function listSettingsOf(q: Queryable, queueId: string, lock?: 'share' | 'update'): Promise<ListSettings | undefined> {
  const select = q
    .select({
      maxConcurrentProcessing: queues.maxConcurrentProcessing,
      timeoutMinutes: queues.timeoutMinutes,
      automaticallyNext: queues.automaticallyNext,
      name: queues.name,
      askPatientForLanguage: queues.askPatientForLanguage,
      mayActivateSmsNotifications: queues.mayActivateSmsNotifications,
    })
    .from(queues)
    .where(eq(queues.id, queueId));
  const [row] = lock ? await select.for(lock) : await select;
  return row;
}

/**
 * The processor's own limit of members in processing at once (null: only the list's applies);
 * with `lock` their row is locked until the transaction ends, as the list's row for its limit.
 */
export async function processorLimitOf(q: Queryable, userId: string, lock?: 'share' | 'update'): Promise<number | null> {
  const select = q.select({ max: users.maxConcurrentProcessing }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await select.for(lock) : await select;
  return row?.max ?? null;
}
