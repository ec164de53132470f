/** How every staff action on a ticket runs: who may touch it, compare-and-set, commit, answer. */
import { memberTransition, type MemberAction, type MemberActionResult } from '@wartefrei/shared';
import type { Queryable, Transaction } from '../../db/connect.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { Outbox } from '../../platform/realtime/index.js';
import { findMember, findMemberForStaff, updateMemberIfVersion, type MemberRow, type NewMemberRow } from './tickets.repo.js';
import { presentMembers } from './views.service.js';

/** The member if the actor may act on it (their account; for a processor an assigned queue). */
export async function memberOfActor(q: Queryable, actor: Actor, memberId: string): Promise<MemberRow> {
  const member = await findMemberForStaff(q, actor, memberId);
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

export type Warning = NonNullable<MemberActionResult['warning']>;

/** Runs a staff change in a transaction and publishes its events after the commit. */
export async function inTransaction<T>(ctx: AppContext, work: (tx: Transaction, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = new Outbox();
  const result = await ctx.db.transaction((tx) => work(tx, outbox));
  await outbox.flush(ctx.realtime);
  return result;
}

export async function result(ctx: AppContext, member: MemberRow, extra: { next?: MemberRow | null; warning?: Warning } = {}): Promise<MemberActionResult> {
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
