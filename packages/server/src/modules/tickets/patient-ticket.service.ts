/** The ticket as its patient reaches it: by the token of their link, never by its id. */
import { eq } from 'drizzle-orm';
import { PATIENT_UNDO_MINUTES, type TicketView } from '@wartefrei/shared';
import { queueSessions } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { resolveLink, ticketUrl } from '../patient-links/index.js';
import { announceUpdate } from './tickets.events.js';
import { findMember } from './tickets.repo.js';
import { changeMember, inTransaction, memberOfActor } from './staff-change.js';
import { ticketView } from './views.service.js';

/**
 * The ticket a link opens; MEMBER_NOT_FOUND for anything else — an unknown or expired token, a
 * record id, an appointment's link before its check-in — all answered alike.
 */
export async function memberIdOfLink(ctx: AppContext, token: string): Promise<string> {
  const target = await resolveLink(ctx.db, token, ctx.clock.now());
  if (!target?.memberId) throw new AppError('MEMBER_NOT_FOUND');
  return target.memberId;
}

/** The ticket view with the link it was asked by: the page keeps showing the link it came from. */
const withLink = (ctx: AppContext, view: TicketView, token: string): TicketView => ({ ...view, patient_url: ticketUrl(ctx.config.publicUrl, token) });

/**
 * `GET /members/{token}`: the ticket page. Staff may still ask by id with their credentials —
 * for a ticket of a list they see, like every staff read.
 */
export async function ticketViewByKey(ctx: AppContext, actor: Actor | undefined, key: string): Promise<TicketView> {
  if (actor && isUuid(key)) return ticketView(ctx, (await memberOfActor(ctx.db, actor, key)).id);
  return withLink(ctx, await ticketView(ctx, await memberIdOfLink(ctx, key)), key);
}

/**
 * `DELETE /members/{token}`: the patient cancels their own ticket — FINISHED_BY_USER with cancel
 * state USER. A second request answers MEMBER_STATE.
 */
export async function cancelOwnTicket(ctx: AppContext, token: string): Promise<TicketView> {
  const memberId = await memberIdOfLink(ctx, token);
  await inTransaction(ctx, async (tx, outbox) => {
    const member = await findMember(tx, memberId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const now = ctx.clock.now();
    const cancelled = await changeMember(tx, member, 'user_cancel', () => ({ processorId: null, actualEnd: now }));
    announceUpdate(outbox, cancelled);
  });
  return withLink(ctx, await ticketView(ctx, memberId), token);
}

/**
 * `POST /members/{token}/restore`: the patient takes their own cancel back — within
 * PATIENT_UNDO_MINUTES, while the list is open in the session that gave the number — and is
 * back at their old place. Anything else answers MEMBER_STATE. The list's session row is read
 * FOR SHARE: a TERMINATE (which changes that row first) either ends the restored ticket with
 * the others or is seen here as closed.
 */
export async function restoreOwnTicket(ctx: AppContext, token: string): Promise<TicketView> {
  const memberId = await memberIdOfLink(ctx, token);
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx, outbox) => {
    const member = await findMember(tx, memberId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const [session] = await tx.select().from(queueSessions).where(eq(queueSessions.queueId, member.queueId)).for('share');
    const sameSession = member.queueId !== member.numberQueueId || session?.sessionNo === member.sessionNo;
    const recent = member.actualEnd !== null && now.getTime() - member.actualEnd.getTime() <= PATIENT_UNDO_MINUTES * 60_000;
    if (!session?.open || !sameSession || !recent) throw new AppError('MEMBER_STATE');
    const restored = await tx
      .transaction((sp) => changeMember(sp, member, 'user_restore', () => ({ actualEnd: null })))
      .catch((error: unknown) => {
        // Its number went to a newer ticket meanwhile (a list that wraps its numbers).
        if (isUniqueViolation(error)) throw new AppError('MEMBER_STATE');
        throw error;
      });
    announceUpdate(outbox, restored);
  });
  return withLink(ctx, await ticketView(ctx, memberId), token);
}
