import type { DeleteProfileQuery, DeleteQueueQuery } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { Transaction } from '../../db/connect.js';
import { AppError } from '../../platform/errors.js';
import { Outbox } from '../../platform/realtime/index.js';
import { afterHandover, cancelUpcoming, moveUpcoming, refuseWhileUpcoming, upcomingAppointments, type Handover } from '../appointments/index.js';
import { refuseOnDemo } from '../accounts/index.js';
import { syncSubscriptionSoon } from '../billing/index.js';
import { archiveProfileInAccount, requireAdmin } from '../profiles/index.js';
import { archiveQueueInAccount, liveQueueIdsOfProfile, queueOfActor } from '../queues/index.js';
import { applySessionEvent, getOrCreateSession } from '../sessions/index.js';

/*
 * Deleting a list or a location archives it (docs: a deleted list keeps its history). The
 * list leaves every screen, link and job; its tickets and past appointments stay for reports.
 * Upcoming appointments are never left behind on an archived list (where staff no longer see
 * them and check-in finds the list closed): while there are any the delete answers 409
 * QUEUE_HAS_APPOINTMENTS naming them, until the admin says to cancel them (patients told) or
 * to move them to another list of the location. An open session is ended first, exactly as
 * TERMINATE ends it, so waiting patients are told (SESSION_END).
 * A module of its own because it needs several below it — profiles and queues (the rows),
 * sessions (ending the open one), appointments (the handover) — and none of those may need
 * another in a circle.
 */

/** Archives a queue the admin sees (else NOT_FOUND), ending its open session first. */
async function archiveQueue(ctx: AppContext, tx: Transaction, actor: Actor, queueId: string, outbox: Outbox): Promise<boolean> {
  const queue = await queueOfActor(tx, actor, queueId);
  if ((await getOrCreateSession(tx, queueId)).open) {
    await applySessionEvent(ctx, tx, queue, { event: 'TERMINATE', note: { list_deleted: true } }, { source: 'USER', userId: actor.userId }, outbox);
  }
  return archiveQueueInAccount(tx, actor.accountId, queueId, ctx.clock.now());
}

/** The list the appointments move to: a live list of the same location and account, not the one deleted. */
async function moveTarget(tx: Transaction, actor: Actor, from: { id: string; profileId: string }, to: string | undefined) {
  if (to === undefined) throw new AppError('VALIDATION', { fields: { to: 'REQUIRED' } });
  const target = await queueOfActor(tx, actor, to);
  if (target.id === from.id || target.profileId !== from.profileId) throw new AppError('HANDOVER_TARGET_INVALID');
  return target;
}

/**
 * Settles the upcoming appointments of the lists as the query says, or refuses while there are
 * any. A move's target is checked even when nothing is to move: a wrong request stays wrong.
 */
async function handOver(tx: Transaction, actor: Actor, queueIds: string[], query: DeleteQueueQuery, now: Date, from?: { id: string; profileId: string }): Promise<Handover> {
  const target = query.appointments === 'move' && from ? await moveTarget(tx, actor, from, query.to) : undefined;
  const upcoming = await upcomingAppointments(tx, actor.accountId, { queueIds }, now);
  if (upcoming.length === 0) return { cancelled: [], changed: [] };
  if (query.appointments === 'cancel') return cancelUpcoming(tx, upcoming, now);
  if (target) return moveUpcoming(tx, upcoming, target, now);
  throw refuseWhileUpcoming('QUEUE_HAS_APPOINTMENTS', upcoming);
}

/** `DELETE /queues/{id}` (admins): archives the list; a foreign or unknown id is a 404. */
export async function deleteQueue(ctx: AppContext, actor: Actor, id: string, query: DeleteQueueQuery = {}): Promise<void> {
  requireAdmin(actor);
  await refuseOnDemo(ctx.db, actor.accountId);
  const outbox = new Outbox();
  const now = ctx.clock.now();
  const { archived, handover } = await ctx.db.transaction(async (tx) => {
    const queue = await queueOfActor(tx, actor, id);
    const handover = await handOver(tx, actor, [queue.id], query, now, queue);
    return { archived: await archiveQueue(ctx, tx, actor, id, outbox), handover };
  });
  if (!archived) throw new AppError('NOT_FOUND');
  await outbox.flush(ctx.realtime);
  await afterHandover(ctx, handover);
  syncSubscriptionSoon(ctx, actor.accountId);
}

/** `DELETE /profiles/{id}` (admins): archives the location and each of its lists; their appointments can only be cancelled. */
export async function deleteLocation(ctx: AppContext, actor: Actor, id: string, query: DeleteProfileQuery = {}): Promise<void> {
  requireAdmin(actor);
  await refuseOnDemo(ctx.db, actor.accountId);
  const outbox = new Outbox();
  const now = ctx.clock.now();
  const { archived, handover } = await ctx.db.transaction(async (tx) => {
    const queueIds = await liveQueueIdsOfProfile(tx, actor.accountId, id);
    const handover = await handOver(tx, actor, queueIds, query, now);
    for (const queueId of queueIds) await archiveQueue(ctx, tx, actor, queueId, outbox);
    return { archived: await archiveProfileInAccount(tx, actor.accountId, id, now), handover };
  });
  if (!archived) throw new AppError('NOT_FOUND');
  await outbox.flush(ctx.realtime);
  await afterHandover(ctx, handover);
  syncSubscriptionSoon(ctx, actor.accountId);
}
