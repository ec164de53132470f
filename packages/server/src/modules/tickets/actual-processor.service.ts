/** Choosing who serves a member in processing (the "actual processor", docs/product.md#roles-and-permissions). */
import { mayChooseServingProcessor, type MemberActionResult, type SetMemberProcessorInput, type SupportedLang } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { allowsSelectionByManagers, servesQueue } from './actual-processor.repo.js';
import { announceUpdate } from './tickets.events.js';
import { checkHandOver } from './concurrency.js';
import type { Warning } from './staff-change.js';
import { updateMemberIfVersion } from './tickets.repo.js';
import { inTransaction, memberOfActor, result } from './staff-change.js';

/**
 * `POST /members/{id}/processor`: the member, in processing, is served by another processor of its
 * list — one actively processing it (PROCESSOR_NOT_SERVING; NOT_FOUND for no processor of the list). Whoever actively processes
 * the list, and an administrator, may choose; a processor who only manages it may do so only where
 * the list allows (PROCESSOR_SELECTION_NOT_ALLOWED). The recipient's own limit of members in
 * processing holds as in a call (RECIPIENT_MAX_CONCURRENT_PROCESSING unless `force`, then a
 * warning). A compare-and-set on the member's version;
 * the ticket page and the monitor learn the new name through the member's update event.
 */
export async function setMemberProcessor(ctx: AppContext, actor: Actor, memberId: string, input: SetMemberProcessorInput, lang: SupportedLang): Promise<MemberActionResult> {
  let warning: Warning | undefined;
  const changed = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const now = ctx.clock.now();
    const right = {
      isAdmin: actor.isAdmin,
      activeNow: (await servesQueue(tx, member.queueId, actor.userId, now)) === true,
      managersMayChoose: await allowsSelectionByManagers(tx, member.queueId),
    };
    if (!mayChooseServingProcessor(right)) throw new AppError('PROCESSOR_SELECTION_NOT_ALLOWED');
    if (input.version !== undefined && member.version !== input.version) throw new AppError('MEMBER_CHANGED');
    if (member.status !== 'PROCESSING') throw new AppError('MEMBER_STATE');
    // No processor of this list (another account's, or none at all): not found, like a missing id.
    const serves = isUuid(input.processor_id) ? await servesQueue(tx, member.queueId, input.processor_id, now) : undefined;
    if (serves === undefined) throw new AppError('NOT_FOUND');
    if (!serves) throw new AppError('PROCESSOR_NOT_SERVING');
    // Already theirs: nothing changes, as a repeated request must not.
    if (member.processorId === input.processor_id) return member;
    warning = await checkHandOver(tx, input.processor_id, input.force === true, lang);
    const updated = await updateMemberIfVersion(tx, member.id, member.version, { processorId: input.processor_id });
    if (!updated) throw new AppError('MEMBER_CHANGED');
    announceUpdate(outbox, updated);
    return updated;
  });
  return result(ctx, changed, { warning });
}
