/** Calling: the next of a list or of all a processor works on, or one ticket out of order. */
import type { CallMemberInput, CallNextInput, MemberActionResult, SupportedLang } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { personOf, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { scheduleJob } from '../../platform/jobs/index.js';
import type { Outbox } from '../../platform/realtime/index.js';
import { queueOfActor } from '../queues/index.js';
import { announceCall } from './tickets.events.js';
import { activeQueueIdsOf, countProcessing, listSettingsOf, lockHeadOfLine, type MemberRow } from './tickets.repo.js';
import { checkConcurrency } from './concurrency.js';
import { memberOfActor, changeMember, inTransaction, result, type Warning } from './staff-change.js';

export const MEMBER_TIMEOUT_JOB = 'tickets.timeout';

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
    // An API key calls for no one in particular: the member has no processor until staff name one.
    (m) => ({ processorId: personOf(actor), actualStart: now, actualEnd: null, calledSilently: options.silent ?? m.silent }),
    options.version,
  );
  const queue = await listSettingsOf(tx, called.queueId);
  if (queue?.timeoutMinutes) {
    await scheduleJob(tx, {
      kind: MEMBER_TIMEOUT_JOB,
      key: `${called.id}:${called.version}`,
      runAt: new Date(now.getTime() + queue.timeoutMinutes * 60_000),
      payload: { memberId: called.id, version: called.version },
    });
  }
  announceCall(outbox, called, queue?.askPatientForLanguage === true);
  return called;
}

/**
 * Locks and calls the head of the line of some queues (queue priority, then order): the
 * SKIP LOCKED read makes two processors pressing at once call two different members.
 */
export async function callHeadOfLine(
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
  const warning = await checkConcurrency(tx, head.queueId, actor.userId, input.force === true, lang);
  const member = await call(ctx, tx, outbox, actor, head, { silent: input.silent });
  return { member, warning };
}

/** `POST /queues/{id}/call-next`. */
export async function callNextOfQueue(ctx: AppContext, actor: Actor, queueId: string, input: CallNextInput, lang: SupportedLang): Promise<MemberActionResult> {
  const queue = await queueOfActor(ctx.db, actor, queueId);
  const called = await inTransaction(ctx, (tx, outbox) => callHeadOfLine(ctx, tx, outbox, actor, [queue.id], input ?? {}, lang));
  return result(ctx, called.member, called.warning ? { warning: called.warning } : {});
}

/**
 * `POST /call-next`: the next member over every queue the caller actively processes, the most
 * urgent queue first (priority 1 = very high), then the line's order. Queues that already have
 * maxConcurrentProcessing members in processing are passed over unless `force`; the caller's own
 * limit is checked on the member found (docs/product.md#processor-settings).
 */
export async function callNextOfProcessor(ctx: AppContext, actor: Actor, input: CallNextInput, lang: SupportedLang): Promise<MemberActionResult> {
  const queueIds = await activeQueueIdsOf(ctx.db, actor.accountId, actor.userId, ctx.clock.now());
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
  return (await listSettingsOf(tx, queueId))?.maxConcurrentProcessing ?? 1;
}

/** `POST /members/{id}/call`: calls this member (out of order), publicly or silently. */
export async function callMember(ctx: AppContext, actor: Actor, memberId: string, input: CallMemberInput, lang: SupportedLang): Promise<MemberActionResult> {
  const called = await inTransaction(ctx, async (tx, outbox) => {
    const member = await memberOfActor(tx, actor, memberId);
    const warning = member.status === 'WAITING' ? await checkConcurrency(tx, member.queueId, actor.userId, input?.force === true, lang) : undefined;
    return { member: await call(ctx, tx, outbox, actor, member, { silent: input?.silent, version: input?.version }), warning };
  });
  return result(ctx, called.member, called.warning ? { warning: called.warning } : {});
}
