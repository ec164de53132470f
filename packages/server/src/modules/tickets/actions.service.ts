import { memberTransition, translate, type CallMemberInput, type CallNextInput, type MemberAction, type MemberActionResult, type MoveMemberInput, type SupportedLang, type TicketView } from '@wartefrei/shared';
import { eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/connect.js';
import { queues } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { scheduleJob } from '../../platform/jobs/index.js';
import { Outbox } from '../../platform/realtime/index.js';
import { queueOfActor } from '../sessions/index.js';
import { notifyCancelled } from './mails.js';
import { announceCall, announceUpdate } from './tickets.events.js';
import {
  addInfoTag,
  countProcessing,
  findMember,
  findMemberForStaff,
  infoTagOfAccount,
  lineOrderOf,
  lockHeadOfLine,
  removeInfoTag,
  timePriorityTagOf,
  updateMemberIfVersion,
  type MemberRow,
  type NewMemberRow,
  activeQueueIdsOf,
} from './tickets.repo.js';
import { presentMembers, ticketView } from './views.service.js';

export const MEMBER_TIMEOUT_JOB = 'tickets.timeout';

/** The member if the actor may act on it (their account; for a processor an assigned queue). */
async function memberOfActor(q: Queryable, actor: Actor, memberId: string): Promise<MemberRow> {
  if (!isUuid(memberId)) throw new AppError('MEMBER_NOT_FOUND');
  const member = await findMemberForStaff(q, {
    memberId,
    accountId: actor.accountId,
    ...(actor.isAdmin ? {} : { assignedUserId: actor.userId }),
  });
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

// A concurrent change makes the loser re-read and decide again; a few rounds settle it.
const CAS_ROUNDS = 3;

/**
 * Applies an action as a compare-and-set on the member's version: allowed by the state rules
 * (memberTransition) for the state it is in now, else MEMBER_STATE — so a repeated request
 * changes nothing. With `expectedVersion` the caller acts only on the state it saw
 * (MEMBER_CHANGED otherwise).
 */
export async function changeMember(
  tx: Transaction,
  member: MemberRow,
  action: MemberAction,
  change: (current: MemberRow) => Partial<NewMemberRow>,
  expectedVersion?: number,
): Promise<MemberRow> {
  let current: MemberRow | undefined = member;
  for (let round = 0; round < CAS_ROUNDS && current; round++) {
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw new AppError('MEMBER_CHANGED');
    const next = memberTransition({ status: current.status, cancel_state: current.cancelState }, action);
    if (!next) throw new AppError('MEMBER_STATE');
    const updated = await updateMemberIfVersion(tx, current.id, current.version, {
      status: next.status,
      cancelState: next.cancel_state,
      ...change(current),
    });
    if (updated) return updated;
    current = await findMember(tx, member.id);
  }
  throw new AppError(current ? 'MEMBER_CHANGED' : 'MEMBER_NOT_FOUND');
}

type Warning = NonNullable<MemberActionResult['warning']>;

/**
 * docs/product.md#roles-and-permissions: at most maxConcurrentProcessing members of a queue are processed at once — a
 * recommendation: a call beyond it is refused (MAX_CONCURRENT_PROCESSING) unless `force`,
 * and then answered with the warning. The queue row is locked while counting, so two calls at
 * the same instant cannot both take the last free place.
 */
async function checkConcurrency(tx: Transaction, queueId: string, force: boolean, lang: SupportedLang): Promise<Warning | undefined> {
  const [queue] = await tx
    .select({ max: queues.maxConcurrentProcessing })
    .from(queues)
    .where(eq(queues.id, queueId))
    .for(force ? 'share' : 'update');
  const max = queue?.max ?? 1;
  if ((await countProcessing(tx, { queueId })) < max) return undefined;
  if (!force) throw new AppError('MAX_CONCURRENT_PROCESSING', { args: [max] });
  return { code: 'MAX_CONCURRENT_PROCESSING', message: translate(lang, 'errors', 'MAX_CONCURRENT_PROCESSING', [max]), max };
}

/** Calls a locked or read member: PROCESSING by this processor, the timeout job planned, the call announced. */
async function call(
  ctx: AppContext,
  tx: Transaction,
  outbox: Outbox,
  actor: Actor,
  member: MemberRow,
  options: { silent?: boolean | undefined; version?: number | undefined },
): Promise<MemberRow> {
  const now = ctx.clock.now();
  const called = await changeMember(
    tx,
    member,
    'call',
    (m) => ({ processorId: actor.userId, actualStart: now, actualEnd: null, calledSilently: options.silent ?? m.silent }),
    options.version,
  );
  const [queue] = await tx.select({ timeoutMinutes: queues.timeoutMinutes }).from(queues).where(eq(queues.id, called.queueId));
  if (queue?.timeoutMinutes) {
    await scheduleJob(tx, {
      kind: MEMBER_TIMEOUT_JOB,
      key: `${called.id}:${called.version}`,
      runAt: new Date(now.getTime() + queue.timeoutMinutes * 60_000),
      payload: { memberId: called.id, version: called.version },
    });
  }
  announceCall(outbox, called);
  return called;
}

/** Runs a staff change in a transaction and publishes its events after the commit. */
async function inTransaction<T>(ctx: AppContext, work: (tx: Transaction, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = new Outbox();
  const result = await ctx.db.transaction((tx) => work(tx, outbox));
  await outbox.flush(ctx.realtime);
  return result;
}

async function result(ctx: AppContext, member: MemberRow, extra: { next?: MemberRow | null; warning?: Warning } = {}): Promise<MemberActionResult> {
  const rows = extra.next ? [member, extra.next] : [member];
  const [presented, next] = await presentMembers(ctx, ctx.db, rows);
  // Deleted in between (only an account's removal deletes tickets): the change is gone with it.
  if (!presented) throw new AppError('MEMBER_NOT_FOUND');
  return {
    member: presented,
    ...(extra.next !== undefined ? { next: next ?? null } : {}),
    ...(extra.warning ? { warning: extra.warning } : {}),
  };
}

/**
 * Locks and calls the head of the line of some queues (queue priority, then order): the
 * SKIP LOCKED read makes two processors pressing at once call two different members.
 */
async function callHeadOfLine(
  ctx: AppContext,
  tx: Transaction,
  outbox: Outbox,
  actor: Actor,
  queueIds: string[],
  input: { silent?: boolean | undefined; force?: boolean | undefined },
  lang: SupportedLang,
): Promise<{ member: MemberRow; warning: Warning | undefined }> {
  const head = await lockHeadOfLine(tx, queueIds);
  if (!head) throw new AppError('NO_WAITING_MEMBER');
  const warning = await checkConcurrency(tx, head.queueId, input.force === true, lang);
  const member = await call(ctx, tx, outbox, actor, head, { silent: input.silent });
  return { member, warning };
}

/** `POST /queues/{id}/call-next`. */
export async function callNextOfQueue(ctx: AppContext, actor: Actor, queueId: string, input: CallNextInput, lang: SupportedLang): Promise<MemberActionResult> {
  const queue = await queueOfActor(ctx, actor, queueId);
  const called = await inTransaction(ctx, (tx, outbox) => callHeadOfLine(ctx, tx, outbox, actor, [queue.id], input ?? {}, lang));
  return result(ctx, called.member, called.warning ? { warning: called.warning } : {});
}

/**
 * `POST /call-next`: the next member over every queue the caller actively processes, the most
 * urgent queue first (priority 1 = very high), then the line's order. Queues that already have
 * maxConcurrentProcessing members in processing are passed over unless `force`.
 */
export async function callNextOfProcessor(ctx: AppContext, actor: Actor, input: CallNextInput, lang: SupportedLang): Promise<MemberActionResult> {
  const queueIds = await activeQueueIdsOf(ctx.db, actor.accountId, actor.userId);
  const called = await inTransaction(ctx, async (tx, outbox) => {
    let candidates = queueIds;
    if (!input?.force) {
      candidates = [];
      for (const id of queueIds) if ((await countProcessing(tx, { queueId: id })) < (await maxConcurrentOf(tx, id))) candidates.push(id);
      // Somebody waits, but only in queues at their limit: say so rather than "nobody waits".
      const blocked = candidates.length === 0 ? await lockHeadOfLine(tx, queueIds) : undefined;
      if (blocked) throw new AppError('MAX_CONCURRENT_PROCESSING', { args: [await maxConcurrentOf(tx, blocked.queueId)] });
    }
    return callHeadOfLine(ctx, tx, outbox, actor, candidates, input ?? {}, lang);
  });
  return result(ctx, called.member, called.warning ? { warning: called.warning } : {});
}

async function maxConcurrentOf(tx: Transaction, queueId: string): Promise<number> {
  const [row] = await tx.select({ max: queues.maxConcurrentProcessing }).from(queues).where(eq(queues.id, queueId));
  return row?.max ?? 1;
}

/** `POST /members/{id}/call`: calls this member (out of order), publicly or silently. */
export async function callMember(ctx: AppContext, actor: Actor, memberId: string, input: CallMemberInput, lang: SupportedLang): Promise<MemberActionResult> {
  const called = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const warning = member.status === 'WAITING' ? await checkConcurrency(tx, member.queueId, input?.force === true, lang) : undefined;
    return { member: await call(ctx, tx, outbox, actor, member, { silent: input?.silent, version: input?.version }), warning };
  });
  return result(ctx, called.member, called.warning ? { warning: called.warning } : {});
}

/**
 * `POST /members/{id}/finish`: the visit is over. On a queue with automatically-next the same
 * processor gets the next member at once (none when nobody waits or the queue is at its limit).
 */
export async function finishMember(ctx: AppContext, actor: Actor, memberId: string, version: number | undefined, lang: SupportedLang): Promise<MemberActionResult> {
  const outcome = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const now = ctx.clock.now();
    const finished = await changeMember(tx, member, 'finish', () => ({ actualEnd: now }), version);
    announceUpdate(outbox, finished);
    const [queue] = await tx.select({ automaticallyNext: queues.automaticallyNext }).from(queues).where(eq(queues.id, finished.queueId));
    if (!queue?.automaticallyNext) return { member: finished };
    const step = new Outbox();
    const next = await tx
      .transaction((sp) => callHeadOfLine(ctx, sp, step, actor, [finished.queueId], {}, lang))
      .then((called) => called.member)
      .catch((error: unknown) => {
        if (error instanceof AppError && (error.code === 'NO_WAITING_MEMBER' || error.code === 'MAX_CONCURRENT_PROCESSING')) return null;
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
  const changed = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const now = ctx.clock.now();
    const updated = await changeMember(tx, member, action, () => SIMPLE_ACTIONS[action](now), version);
    announceUpdate(outbox, updated);
    return updated;
  });
  if (action === 'cancel') {
    const [queue] = await ctx.db.select({ name: queues.name }).from(queues).where(eq(queues.id, changed.queueId));
    notifyCancelled(ctx, changed, queue?.name ?? '');
  }
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
  const target = input.queue_id ? await queueOfActor(ctx, actor, input.queue_id) : undefined;
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
    const tag = isUuid(infoTagId) ? await infoTagOfAccount(tx, actor.accountId, infoTagId) : undefined;
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

/**
 * `DELETE /members/{id}` (public, the id is the key): the patient cancels their own ticket —
 * FINISHED_BY_USER with cancel state USER, final. A second request answers MEMBER_STATE.
 */
export async function cancelOwnTicket(ctx: AppContext, memberId: string): Promise<TicketView> {
  if (!isUuid(memberId)) throw new AppError('MEMBER_NOT_FOUND');
  await inTransaction(ctx, async (tx, outbox) => {
    const member = await findMember(tx, memberId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const now = ctx.clock.now();
    const cancelled = await changeMember(tx, member, 'user_cancel', () => ({ processorId: null, actualEnd: now }));
    announceUpdate(outbox, cancelled);
  });
  return ticketView(ctx, memberId);
}
