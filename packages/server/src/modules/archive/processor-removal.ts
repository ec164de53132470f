import type { DeleteProcessorQuery } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { Transaction } from '../../db/connect.js';
import { AppError } from '../../platform/errors.js';
import { afterHandover, cancelUpcoming, reassignUpcoming, refuseWhileUpcoming, upcomingAppointments, type Handover } from '../appointments/index.js';
import { deactivateProcessor, findProcessor } from '../processors/index.js';
import { refuseOnDemo } from '../accounts/index.js';
import { dropKeysOfRemovedUser } from '../encryption/index.js';
import { requireAdmin } from '../profiles/index.js';

/*
 * Removing a processor keeps history (docs/product.md#removing-keeps-history): the user is
 * deactivated, never deleted, so their past tickets and appointments keep their name and a
 * report filtered by them still counts their work. Their upcoming appointments are not left
 * without a processor: while there are any the removal answers 409 PROCESSOR_HAS_APPOINTMENTS
 * naming them, until the admin says to cancel them (patients told) or to reassign them to
 * another processor. Tickets they are processing stay theirs and finish normally (a colleague
 * can still finish or call them back from the list). Here because it needs processors and
 * appointments, which must not call each other.
 */

/** The processor the appointments go to: an active one of the account, not the one removed. */
async function reassignTarget(tx: Transaction, actor: Actor, removed: string, to: string | undefined): Promise<string> {
  if (to === undefined) throw new AppError('VALIDATION', { fields: { to: 'REQUIRED' } });
  if (to === removed) throw new AppError('HANDOVER_TARGET_INVALID');
  const target = isUuid(to) ? await findProcessor(tx, actor.accountId, to) : undefined;
  if (!target) throw new AppError('NOT_FOUND');
  return target.id;
}

/** `DELETE /processors/{id}` (admins; never oneself): deactivates, settling upcoming appointments as told. */
export async function removeProcessor(ctx: AppContext, actor: Actor, id: string, query: DeleteProcessorQuery = {}): Promise<void> {
  requireAdmin(actor);
  // The public demo's assistant login must stay for the next visitor.
  await refuseOnDemo(ctx.db, actor.accountId);
  const now = ctx.clock.now();
  const handover = await ctx.db.transaction(async (tx): Promise<Handover> => {
    const processor = await findProcessor(tx, actor.accountId, id);
    if (!processor) throw new AppError('NOT_FOUND');
    if (processor.id === actor.userId) throw new AppError('CANNOT_DELETE_SELF');
    // The target is checked even when nothing is to hand over: a wrong request stays wrong.
    const target = query.appointments === 'reassign' ? await reassignTarget(tx, actor, processor.id, query.to) : undefined;
    const upcoming = await upcomingAppointments(tx, actor.accountId, { processorId: processor.id }, now);
    let handover: Handover = { cancelled: [], changed: [] };
    if (upcoming.length > 0) {
      if (query.appointments === 'cancel') handover = await cancelUpcoming(tx, upcoming, now);
      else if (target) handover = await reassignUpcoming(tx, upcoming, target, now);
      else throw refuseWhileUpcoming('PROCESSOR_HAS_APPOINTMENTS', upcoming);
    }
    if (!(await deactivateProcessor(tx, actor.accountId, processor.id, now))) throw new AppError('NOT_FOUND');
    await dropKeysOfRemovedUser(tx, processor.id);
    return handover;
  });
  await afterHandover(ctx, handover);
}
