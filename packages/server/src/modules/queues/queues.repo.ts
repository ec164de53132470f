import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { monitorQueues, profiles, queueIsLive, queueProcessors, queueSessions, queues, sessionScheduleEntries } from '../../db/schema/index.js';

export type QueueRow = typeof queues.$inferSelect;
export type NewQueueRow = typeof queues.$inferInsert;
export type QueueChanges = Partial<Omit<NewQueueRow, 'id' | 'accountId' | 'profileId' | 'createdAt'>>;
export type QueueSessionRow = typeof queueSessions.$inferSelect;
export interface QueueWithSession {
  queue: QueueRow;
  session: QueueSessionRow | null;
}

const withSession = { queue: queues, session: queueSessions };
const byPriorityThenName = [asc(queues.priority), asc(queues.name), asc(queues.identifier)];

/** The queues a condition admits (the visibility rule, see visibility.ts), in working order: priority (1 = very high), then name. */
export async function listQueuesWhere(db: Queryable, condition: SQL): Promise<QueueWithSession[]> {
  return db
    .select(withSession)
    .from(queues)
    .leftJoin(queueSessions, eq(queueSessions.queueId, queues.id))
    .where(condition)
    .orderBy(...byPriorityThenName);
}

/** The queue alone (no session join: call-next and the session events ask this) if the condition admits it. */
export async function findQueueRowWhere(db: Queryable, condition: SQL, id: string): Promise<QueueRow | undefined> {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.id, id), condition))
    .limit(1);
  return row;
}

/** The queue if the condition (the visibility rule, see visibility.ts) admits it. */
export async function findVisibleQueueRow(db: Queryable, condition: SQL, id: string): Promise<QueueWithSession | undefined> {
  const [row] = await db
    .select(withSession)
    .from(queues)
    .leftJoin(queueSessions, eq(queueSessions.queueId, queues.id))
    .where(and(eq(queues.id, id), condition))
    .limit(1);
  return row;
}

/** Inserts the queue and its session row (closed): every queue has exactly one session. */
export async function insertQueueWithSession(db: Queryable, values: NewQueueRow): Promise<QueueWithSession> {
  const [queue] = await db.insert(queues).values(values).returning();
  if (!queue) throw new Error('insert into queues returned no row');
  const [session] = await db.insert(queueSessions).values({ queueId: queue.id, open: false }).returning();
  return { queue, session: session ?? null };
}

/**
 * Locks the location's row until the transaction ends: changes of its default queue run one
 * after the other, so two admins setting two defaults at once both succeed and the later wins.
 */
export async function lockProfileForDefaultChange(db: Queryable, profileId: string): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('no key update');
}

/** Takes the default flag from every other queue of the profile (one default per location). */
export async function clearOtherDefaults(db: Queryable, profileId: string, keepQueueId: string | undefined): Promise<void> {
  const others = keepQueueId ? and(eq(queues.profileId, profileId), ne(queues.id, keepQueueId)) : eq(queues.profileId, profileId);
  await db
    .update(queues)
    .set({ isDefault: false })
    .where(and(others, eq(queues.isDefault, true)));
}

export async function updateQueueInAccount(db: Queryable, accountId: string, id: string, values: QueueChanges): Promise<QueueRow | undefined> {
  const [row] = await db
    .update(queues)
    .set(values)
    .where(and(eq(queues.id, id), eq(queues.accountId, accountId)))
    .returning();
  return row;
}

/** The session's "how many at once" setting, kept on the queue (sessions changes it). */
export async function setQueueMaxConcurrentProcessing(q: Queryable, queueId: string, value: number): Promise<void> {
  await q.update(queues).set({ maxConcurrentProcessing: value }).where(eq(queues.id, queueId));
}

export async function findSessionOfQueue(db: Queryable, queueId: string): Promise<QueueSessionRow | undefined> {
  const [row] = await db.select().from(queueSessions).where(eq(queueSessions.queueId, queueId)).limit(1);
  return row;
}

/**
 * The session row, locked against a concurrent open until the transaction ends: a setting that may
 * change only while the list is closed is judged and written under this lock (session events
 * update this row, so they wait).
 */
export async function lockSessionOfQueue(db: Queryable, queueId: string): Promise<QueueSessionRow | undefined> {
  const [row] = await db.select().from(queueSessions).where(eq(queueSessions.queueId, queueId)).for('share');
  return row;
}

/** The live lists of a location, for archiving them with it. */
export async function liveQueueIdsOfProfile(db: Queryable, accountId: string, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), eq(queues.profileId, profileId), queueIsLive));
  return rows.map((r) => r.id);
}

/**
 * Archives the list: marked, no longer a default, and taken off its weekly schedule, its
 * processors and its monitors. Its tickets and session history stay (reports). False when the
 * list is not a live list of the account.
 */
export async function archiveQueueInAccount(db: Queryable, accountId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(queues)
    .set({ archivedAt: at, isDefault: false, updatedAt: at })
    .where(and(eq(queues.id, id), eq(queues.accountId, accountId), queueIsLive))
    .returning({ id: queues.id });
  if (rows.length === 0) return false;
  await db.delete(sessionScheduleEntries).where(eq(sessionScheduleEntries.queueId, id));
  await db.delete(queueProcessors).where(eq(queueProcessors.queueId, id));
  await db.delete(monitorQueues).where(eq(monitorQueues.queueId, id));
  return true;
}
