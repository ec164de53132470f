import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { queues } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { sharedQueueAccountLookup } from '../../platform/realtime/index.js';
import { queueVisibleTo } from './visibility.js';

/** The ids of the lists the actor may see (the visibility rule), each asked once per subscribe. */
async function visibleQueueIds(q: Queryable, actor: Actor): Promise<Set<string>> {
  const rows = await q
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, actor.accountId), queueVisibleTo(actor)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The live topics whose access follows the lists' visibility rule (docs/security.md), registered
 * at start over the platform's safe defaults:
 * - `queue:{id}`: every event to staff who may see the list (an admin of its account, a
 *   processor assigned to it); its public events to anyone else — a patient, a kiosk, a
 *   processor of another list, staff of another practice. An unknown queue is refused.
 * - `account:{id}`: staff of the account; a processor gets the events of the lists they see
 *   in full, others as a bare version bump (an alert's `member_id` names a ticket of that list).
 * A change of who sees what ends the socket of whom it concerns (realtime.routes.ts rechecks),
 * so the rules are asked again when it reconnects.
 */
export function registerQueueTopics(ctx: AppContext): void {
  const accountOfQueue = sharedQueueAccountLookup(ctx.db);
  ctx.realtime.registerTopicAuthorizer('queue', async ({ actor }, id) => {
    if (!isUuid(id)) return false;
    const accountId = await accountOfQueue(id);
    if (!accountId) return false;
    if (actor?.accountId !== accountId) return 'public';
    return (await visibleQueueIds(ctx.db, actor)).has(id) ? 'full' : 'public';
  });
  ctx.realtime.registerTopicAuthorizer('account', async ({ actor }, id) => {
    if (actor?.accountId !== id) return false;
    if (actor.isAdmin) return 'full';
    const visible = await visibleQueueIds(ctx.db, actor);
    return { access: 'full', id, sees: (data) => !('queue_id' in data) || visible.has(data.queue_id) };
  });
}
