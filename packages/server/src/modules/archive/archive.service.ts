import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { Transaction } from '../../db/connect.js';
import { AppError } from '../../platform/errors.js';
import { Outbox } from '../../platform/realtime/index.js';
import { refuseOnDemo } from '../accounts/index.js';
import { syncSubscriptionSoon } from '../billing/index.js';
import { archiveProfileInAccount, requireAdmin } from '../profiles/index.js';
import { archiveQueueInAccount, liveQueueIdsOfProfile, queueOfActor } from '../queues/index.js';
import { applySessionEvent, getOrCreateSession } from '../sessions/index.js';

/*
 * Deleting a list or a location archives it (docs: a deleted list keeps its history). The
 * list leaves every screen, link and job; its tickets stay for reports. An open session is
 * ended first, exactly as TERMINATE ends it, so waiting patients are told (SESSION_END).
 * A module of its own because it needs three below it — profiles and queues (the rows) and
 * sessions (ending the open one) — and none of those may need another in a circle.
 */

/** Archives a queue the admin sees (else NOT_FOUND), ending its open session first. */
async function archiveQueue(ctx: AppContext, tx: Transaction, actor: Actor, queueId: string, outbox: Outbox): Promise<boolean> {
  const queue = await queueOfActor(tx, actor, queueId);
  if ((await getOrCreateSession(tx, queueId)).open) {
    await applySessionEvent(ctx, tx, queue, { event: 'TERMINATE', note: { list_deleted: true } }, { source: 'USER', userId: actor.userId }, outbox);
  }
  return archiveQueueInAccount(tx, actor.accountId, queueId, ctx.clock.now());
}

/** `DELETE /queues/{id}` (admins): archives the list; a foreign or unknown id is a 404. */
export async function deleteQueue(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  await refuseOnDemo(ctx.db, actor.accountId);
  const outbox = new Outbox();
  const archived = await ctx.db.transaction((tx) => archiveQueue(ctx, tx, actor, id, outbox));
  if (!archived) throw new AppError('NOT_FOUND');
  await outbox.flush(ctx.realtime);
  syncSubscriptionSoon(ctx, actor.accountId);
}

/** `DELETE /profiles/{id}` (admins): archives the location and each of its lists. */
export async function deleteLocation(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  await refuseOnDemo(ctx.db, actor.accountId);
  const outbox = new Outbox();
  const archived = await ctx.db.transaction(async (tx) => {
    for (const queueId of await liveQueueIdsOfProfile(tx, actor.accountId, id)) await archiveQueue(ctx, tx, actor, queueId, outbox);
    return archiveProfileInAccount(tx, actor.accountId, id, ctx.clock.now());
  });
  if (!archived) throw new AppError('NOT_FOUND');
  await outbox.flush(ctx.realtime);
  syncSubscriptionSoon(ctx, actor.accountId);
}
