/** Staff actions on one ticket (finish, put back, remove, cancel, restore, move, tag); the patient's own are patient-ticket.service.ts. */
import type { MemberActionResult, MoveMemberInput, SupportedLang } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { Outbox } from '../../platform/realtime/index.js';
import { queueOfActor } from '../queues/index.js';
import { notifyCancelled } from './cancel-notice.js';
import type { AlertTargets } from './alert-view.js';
import { ticketHooks } from './hooks.js';
import { announceUpdate } from './tickets.events.js';
import { addInfoTag, infoTagOfAccount, removeInfoTag, timePriorityTagOf } from './member-tags.repo.js';
import { lineOrderOf, listSettingsOf, updateMemberIfVersion, type MemberRow, type NewMemberRow } from './tickets.repo.js';
import { memberOfActor, changeMember, inTransaction, result } from './staff-change.js';
import { callHeadOfLine } from './call.service.js';

/**
 * `POST /members/{id}/finish`: the visit is over. On a queue with automatically-next the same
 * processor gets the next member at once (none when nobody waits or the queue or the processor is
 * at its limit).
 */
export async function finishMember(ctx: AppContext, actor: Actor, memberId: string, version: number | undefined, lang: SupportedLang): Promise<MemberActionResult> {
  const outcome = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const now = ctx.clock.now();
    const finished = await changeMember(tx, member, 'finish', () => ({ actualEnd: now }), version);
    announceUpdate(outbox, finished);
    if (!(await listSettingsOf(tx, finished.queueId))?.automaticallyNext) return { member: finished };
    const step = new Outbox();
    const next = await tx
      .transaction((sp) => callHeadOfLine(ctx, sp, step, actor, [finished.queueId], {}, lang))
      .then((called) => called.member)
      .catch((error: unknown) => {
        if (error instanceof AppError && ['NO_WAITING_MEMBER', 'MAX_CONCURRENT_PROCESSING', 'PROCESSOR_MAX_CONCURRENT_PROCESSING'].includes(error.code)) return null;
        throw error;
      });
    if (next) outbox.adopt(step);
    return { member: finished, next };
  });
  return result(ctx, outcome.member, 'next' in outcome ? { next: outcome.next } : {});
}

/** The simple staff actions: one state rule and the columns it sets. */
const SIMPLE_ACTIONS = {
  requeue: () => ({ processorId: null, actualStart: null, calledSilently: false }),
  remove: (now: Date) => ({ removed: true, actualEnd: now }),
  // Out of the line and the estimates, restorable; the patient's ticket page learns it at once.
  cancel: () => ({ processorId: null, actualStart: null }),
  restore: () => ({}),
} satisfies Record<string, (now: Date) => Partial<NewMemberRow>>;
export type SimpleAction = keyof typeof SIMPLE_ACTIONS;

/** `POST /members/{id}/{requeue,remove,cancel,restore}`. */
export async function simpleAction(ctx: AppContext, actor: Actor, memberId: string, action: SimpleAction, version: number | undefined): Promise<MemberActionResult> {
  let targets: AlertTargets = { push: null, smsPhone: null };
  const changed = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    // Read before the cancel: ending a ticket ends its alert subscriptions (a trigger deletes them).
    if (action === 'cancel') targets = await ctx.hooks.of(ticketHooks.alertReader).targetsOf(tx, member.id);
    const now = ctx.clock.now();
    const updated = await changeMember(tx, member, action, () => SIMPLE_ACTIONS[action](now), version);
    announceUpdate(outbox, updated);
    return updated;
  });
  if (action === 'cancel') notifyCancelled(ctx, changed, await listSettingsOf(ctx.db, changed.queueId), targets);
  return result(ctx, changed);
}

const MOVE_GAP_MS = 1000;

/** The order_at that puts a member at `position` (1-based) of a line given without it. */
export function orderAtForPosition(line: Date[], position: number): Date | undefined {
  const index = Math.min(Math.max(position, 1), line.length + 1) - 1;
  const before = line[index - 1];
  const after = line[index];
  if (before && after) return new Date(before.getTime() + Math.floor((after.getTime() - before.getTime()) / 2));
  if (after) return new Date(after.getTime() - MOVE_GAP_MS);
  if (before) return new Date(before.getTime() + MOVE_GAP_MS);
  return undefined;
}

/**
 * `POST /members/{id}/move`: to another queue of the account (keeping its number, and its
 * place by draw time unless a position is given) and/or to a position in the line. Only a
 * member waiting in line may move.
 */
export async function moveMember(ctx: AppContext, actor: Actor, memberId: string, input: MoveMemberInput): Promise<MemberActionResult> {
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const target = input.queue_id ? await queueOfActor(ctx.db, actor, input.queue_id) : undefined;
  const moved = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const queueId = target?.id ?? member.queueId;
    const line = input.position !== undefined ? await lineOrderOf(tx, queueId, member.id) : [];
    const orderAt = input.position !== undefined ? orderAtForPosition(line, input.position) : undefined;
    const updated = await changeMember(tx, member, 'move', () => ({ queueId, ...(orderAt ? { orderAt } : {}) }), input.version);
    announceUpdate(outbox, updated, member.queueId);
    return updated;
  });
  return result(ctx, moved);
}

/**
 * `POST /members/{id}/info-tags`: a tag of the account on the member. A tag with time priority
 * (at most one per member, docs/product.md#validation-rules) moves the member by its delay in the line and puts it
 * back to waiting; other tags only shift the member's own estimate.
 */
export async function addMemberInfoTag(ctx: AppContext, actor: Actor, memberId: string, infoTagId: string): Promise<MemberActionResult> {
  const changed = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const tag = isUuid(infoTagId) ? await infoTagOfAccount(tx, actor.accountId, infoTagId) : undefined;
    if (!tag) throw new AppError('NOT_FOUND');
    if (!(await addInfoTag(tx, member.id, tag.id, ctx.clock.now()))) throw new AppError('UNIQUE');
    let updated: MemberRow;
    if (tag.timePriority) {
      if (await timePriorityTagOf(tx, member.id, tag.id)) throw new AppError('TIME_PRIORITY_TAG_EXISTS');
      const shift = (tag.delay === 'EARLIER' ? -1 : tag.delay === 'LATER' ? 1 : 0) * tag.delayMinutes;
      updated = await changeMember(tx, member, 'priority_tag', (m) => ({
        orderAt: new Date(m.orderAt.getTime() + shift * 60_000),
        priorityShiftMinutes: shift,
        processorId: null,
        actualStart: null,
        calledSilently: false,
      }));
    } else {
      updated = await touch(tx, member);
    }
    announceUpdate(outbox, updated);
    return updated;
  });
  return result(ctx, changed);
}

/** Bumps the version of a member whose tags changed: clients refetch, stale actions are refused. */
async function touch(tx: Transaction, member: MemberRow): Promise<MemberRow> {
  const updated = await updateMemberIfVersion(tx, member.id, member.version, {});
  if (!updated) throw new AppError('MEMBER_CHANGED');
  return updated;
}

/** `DELETE /members/{id}/info-tags/{tagId}`: a time-priority tag's shift is undone. */
export async function removeMemberInfoTag(ctx: AppContext, actor: Actor, memberId: string, infoTagId: string): Promise<MemberActionResult> {
  const changed = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const tag = await infoTagOfAccount(tx, actor.accountId, infoTagId);
    if (!tag || !(await removeInfoTag(tx, member.id, tag.id))) throw new AppError('NOT_FOUND');
    const updated =
      tag.timePriority && member.priorityShiftMinutes !== 0
        ? await updateMemberIfVersion(tx, member.id, member.version, {
            orderAt: new Date(member.orderAt.getTime() - member.priorityShiftMinutes * 60_000),
            priorityShiftMinutes: 0,
          })
        : await touch(tx, member);
    if (!updated) throw new AppError('MEMBER_CHANGED');
    announceUpdate(outbox, updated);
    return updated;
  });
  return result(ctx, changed);
}
