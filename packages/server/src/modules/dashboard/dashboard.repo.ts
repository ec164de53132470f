import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import type { Actor } from '../../platform/auth.js';
import { queueVisibleTo } from '../queues/index.js';
import { profiles, queueMembers, queueSessions, queues } from '../../db/schema/index.js';

export type QueueRow = typeof queues.$inferSelect;
export type SessionRow = typeof queueSessions.$inferSelect;

/** A queue with its session and the location it belongs to. */
export interface DashboardQueueRow {
  queue: QueueRow;
  session: SessionRow | null;
  profileName: string;
  timeZone: string;
}

/** The queues the actor sees (queues' visibility rule), in working order: priority ascending (1 = very high), then name. */
export async function listDashboardQueues(q: Queryable, actor: Actor): Promise<DashboardQueueRow[]> {
  return q
    .select({ queue: queues, session: queueSessions, profileName: profiles.name, timeZone: profiles.timeZone })
    .from(queues)
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .leftJoin(queueSessions, eq(queueSessions.queueId, queues.id))
    .where(queueVisibleTo(actor))
    .orderBy(asc(queues.priority), asc(queues.name), asc(queues.identifier));
}

/**
 * Per queue, the mean seconds from drawing to being called of the members called since its open
 * session began. Queues that are closed, or where nobody has been called yet, are absent.
 */
export async function meanWaitSecondsOfOpenSessions(q: Queryable, queueIds: string[]): Promise<Map<string, number>> {
  if (queueIds.length === 0) return new Map();
  const rows = await q
    .select({
      queueId: queueMembers.queueId,
      seconds: sql<string | number | null>`avg(extract(epoch from ${queueMembers.actualStart} - ${queueMembers.createdAt}))`,
    })
    .from(queueMembers)
    .innerJoin(queueSessions, eq(queueSessions.queueId, queueMembers.queueId))
    .where(and(inArray(queueMembers.queueId, queueIds), eq(queueSessions.open, true), gte(queueMembers.actualStart, queueSessions.openedAt)))
    .groupBy(queueMembers.queueId);
  return new Map(rows.flatMap((row) => (row.seconds === null ? [] : [[row.queueId, Number(row.seconds)] as const])));
}
