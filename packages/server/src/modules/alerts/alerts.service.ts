import type { z } from 'zod';
import type { AlertSubscriptionBody, TicketAlerts } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { refuseUnsendableSms } from '../../platform/sms-offer.js';
import { findDrawContext, findMember, ticketAlertsOf } from '../tickets/index.js';
import { deleteSubscription, saveSubscription, subscriptionsOf } from './alerts.repo.js';
import { checkQueueAlerts } from './check.js';

/**
 * `PUT /members/{token}/alerts` (public: the route resolved the patient's link to the ticket,
 * as for the ticket page): subscribes the ticket to push and/or SMS, or ends one with null. Only an open ticket
 * may; SMS only where the list allows it and the server sends SMS; a push endpoint only at a push service (never an
 * address inside a network, by name nor by what the name resolves to). The route has checked the body's shape (the shared schema).
 * Checks at once: a ticket already close to its turn is told now.
 */
export async function subscribeAlerts(ctx: AppContext, memberId: string, input: z.output<typeof AlertSubscriptionBody>): Promise<TicketAlerts> {
  const member = await findMember(ctx.db, memberId);
  const context = member && (await findDrawContext(ctx.db, member.queueId));
  if (!member || !context) throw new AppError('MEMBER_NOT_FOUND');
  if (!['WAITING', 'PROCESSING'].includes(member.status) || member.cancelState !== null) throw new AppError('MEMBER_STATE');
  if (input.sms) refuseUnsendableSms(ctx.config, context.queue.mayActivateSmsNotifications);
  if (input.push && !(await ctx.push.endpointAllowed(input.push.endpoint))) {
    throw new AppError('VALIDATION', { fields: { 'push.endpoint': 'INVALID_VALUE' } });
  }
  const base = { accountId: member.accountId, memberId };
  if (input.push) await saveSubscription(ctx.db, { ...base, channel: 'PUSH', endpoint: input.push.endpoint, p256dh: input.push.keys.p256dh, auth: input.push.keys.auth });
  if (input.push === null) await deleteSubscription(ctx.db, memberId, 'PUSH');
  if (input.sms) await saveSubscription(ctx.db, { ...base, channel: 'SMS', phone: input.sms.phone });
  if (input.sms === null) await deleteSubscription(ctx.db, memberId, 'SMS');
  if (input.push || input.sms) await checkQueueAlerts(ctx, member.queueId);
  return ticketAlertsOf(ctx, ctx.db, context.queue, memberId);
}

/** `DELETE /members/{token}/alerts`: no more alerts for this ticket, on any channel. */
export async function endAlerts(ctx: AppContext, memberId: string): Promise<void> {
  const member = await findMember(ctx.db, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  await deleteSubscription(ctx.db, memberId, 'PUSH');
  await deleteSubscription(ctx.db, memberId, 'SMS');
}

/** For the ticket page: whether push is on, and the last digits of the SMS number. */
export async function askedAlerts(q: Queryable, memberId: string): Promise<{ push: boolean; smsPhoneEnd: string | null }> {
  const rows = await subscriptionsOf(q, [memberId]);
  const sms = rows.find((row) => row.channel === 'SMS');
  return { push: rows.some((row) => row.channel === 'PUSH'), smsPhoneEnd: sms?.phone ? sms.phone.slice(-3) : null };
}
