import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { queueIsLive, queueProcessors, queues } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { findQueueRowWhere, findVisibleQueueRow, type QueueRow, type QueueWithSession } from './queues.repo.js';

/*
 * Which queues a staff member sees — the one owner of that rule (docs/product.md#roles-and-permissions):
 * an admin every live queue of their account, a processor the live queues assigned to them.
 * Archived queues are seen by nobody. Every module that answers staff about a queue, or about
 * something in one (its members, its session, its schedule), asks here; a queue outside the
 * rule is a 404, exactly like one that does not exist.
 */

/** The rule as a condition on rows of `queues`. */
export function queueVisibleTo(actor: Actor): SQL {
  const ofAccount = and(eq(queues.accountId, actor.accountId), queueIsLive) as SQL;
  if (actor.isAdmin) return ofAccount;
  const assigned = sql`exists (select 1 from ${queueProcessors} where ${queueProcessors.queueId} = ${queues.id} and ${queueProcessors.userId} = ${actor.userId})`;
  return and(ofAccount, assigned) as SQL;
}

/**
 * Whose history a staff member may read in reports: the same rule with archived lists included,
 * because an archived list's tickets are still the practice's history (docs/product.md#reports).
 */
export function queueReportableBy(actor: Actor): SQL {
  const ofAccount = eq(queues.accountId, actor.accountId);
  if (actor.isAdmin) return ofAccount;
  const assigned = sql`exists (select 1 from ${queueProcessors} where ${queueProcessors.queueId} = ${queues.id} and ${queueProcessors.userId} = ${actor.userId})`;
  return and(ofAccount, assigned) as SQL;
}

/** The rule as a condition on a column that holds a queue id (a member's queue, say). */
export function inQueueVisibleTo(actor: Actor, queueId: Column): SQL {
  return sql`${queueId} in (select ${queues.id} from ${queues} where ${queueVisibleTo(actor)})`;
}

/** The queue with its session if the actor may see it; else NOT_FOUND. Ids from a body may be malformed. */
export async function findVisibleQueue(q: Queryable, actor: Actor, id: string): Promise<QueueWithSession> {
  const row = isUuid(id) ? await findVisibleQueueRow(q, queueVisibleTo(actor), id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The queue itself if the actor may see it; else NOT_FOUND. */
export async function queueOfActor(q: Queryable, actor: Actor, id: string): Promise<QueueRow> {
  const row = isUuid(id) ? await findQueueRowWhere(q, queueVisibleTo(actor), id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
