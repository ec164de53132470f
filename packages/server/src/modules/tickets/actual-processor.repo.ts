/** Who actively processes a list, for choosing who serves one of its members. */
import { and, eq } from 'drizzle-orm';
import { isActiveNow } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { queueProcessors, queues } from '../../db/schema/index.js';

/**
 * Whether a user is assigned to a list and actively processing it at `now` (isActiveNow).
 * Undefined when they are not assigned at all.
 */
export async function servesQueue(q: Queryable, queueId: string, userId: string, now: Date): Promise<boolean | undefined> {
  const [row] = await q
    .select({ active: queueProcessors.active, inactiveUntil: queueProcessors.inactiveUntil })
    .from(queueProcessors)
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  return isActiveNow(row, now);
}

/** The list's switch: may a processor who only manages it choose who serves its members. */
export async function allowsSelectionByManagers(q: Queryable, queueId: string): Promise<boolean> {
  const [row] = await q.select({ allowed: queues.allowActualProcessorSelectionForNonActiveProcessors }).from(queues).where(eq(queues.id, queueId)).limit(1);
  return row?.allowed === true;
}
