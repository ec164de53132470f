import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { queueSessionEvents, queueSessions, queueIsLive, queues } from '../../db/schema/index.js';

export type SessionRow = typeof queueSessions.$inferSelect;
export type SessionEventRow = typeof queueSessionEvents.$inferSelect;
export type SessionChange = Partial<Omit<SessionRow, 'queueId' | 'version'>>;

/** What the session rules need to know about a queue. */
export interface SessionQueue {
  id: string;
  accountId: string;
  profileId: string;
  buttonVisibility: (typeof queues.$inferSelect)['buttonVisibility'];
  maxConcurrentProcessing: number;
  smartSuspendMinutes: number;
}

const sessionQueueColumns = {
  id: queues.id,
  accountId: queues.accountId,
  profileId: queues.profileId,
  buttonVisibility: queues.buttonVisibility,
  maxConcurrentProcessing: queues.maxConcurrentProcessing,
  smartSuspendMinutes: queues.smartSuspendMinutes,
};

/** A queue by id without a caller (jobs). */
export async function findQueueById(q: Queryable, queueId: string): Promise<SessionQueue | undefined> {
  const [row] = await q
    .select(sessionQueueColumns)
    .from(queues)
    .where(and(eq(queues.id, queueId), queueIsLive))
    .limit(1);
  return row;
}

/** The session row of a queue, created closed on first use (queues may predate their row). */
export async function getOrCreateSession(q: Queryable, queueId: string): Promise<SessionRow> {
  await q.insert(queueSessions).values({ queueId }).onConflictDoNothing({ target: queueSessions.queueId });
  const [row] = await q.select().from(queueSessions).where(eq(queueSessions.queueId, queueId)).limit(1);
  if (!row) throw new Error(`session of queue ${queueId} vanished`);
  return row;
}

/** Compare-and-set: applies `change` only if the row still has `version`; undefined otherwise. */
export async function updateSessionIfVersion(q: Queryable, queueId: string, version: number, change: SessionChange): Promise<SessionRow | undefined> {
  const [row] = await q
    .update(queueSessions)
    .set({ ...change, version: sql`${queueSessions.version} + 1` })
    .where(and(eq(queueSessions.queueId, queueId), eq(queueSessions.version, version)))
    .returning();
  return row;
}

export async function insertSessionEvent(q: Queryable, values: typeof queueSessionEvents.$inferInsert): Promise<void> {
  await q.insert(queueSessionEvents).values(values);
}

/** The recorded events of a queue, newest first. */
export async function listSessionEvents(q: Queryable, queueId: string, limit: number): Promise<SessionEventRow[]> {
  return q.select().from(queueSessionEvents).where(eq(queueSessionEvents.queueId, queueId)).orderBy(desc(queueSessionEvents.createdAt)).limit(limit);
}
