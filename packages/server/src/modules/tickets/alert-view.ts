import type { MemberAlerts, TicketAlerts } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { smsOffered } from '../../platform/sms-offer.js';
import type { QueueRow } from './tickets.repo.js';
import { ticketHooks } from './hooks.js';

/**
 * What the ticket page and the work view show of a ticket's alerts comes from the alerts
 * module, which sits above this one (it reads the line): it provides this reader through
 * `ticketHooks.alertReader` (hooks.ts), as the appointments module does for the work view.
 */
export interface AlertReader {
  /** What the patient of one ticket asked for. */
  ofTicket(q: Queryable, memberId: string): Promise<{ push: boolean; smsPhoneEnd: string | null }>;
  /** The channels asked for and the alerts tried, per ticket. */
  ofMembers(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAlerts>>;
  /** Where one ticket's alerts go: read before a cancel, which ends them (a trigger deletes them). */
  targetsOf(q: Queryable, memberId: string): Promise<AlertTargets>;
}

/** A ticket's push subscription and SMS number, as its patient gave them for alerts. */
export interface AlertTargets {
  push: { endpoint: string; p256dh: string; auth: string } | null;
  smsPhone: string | null;
}

export const NO_MEMBER_ALERTS: MemberAlerts = { channels: [], deliveries: [] };

/** The alerts part of the ticket page: what the list offers, and what this ticket asked for. */
export async function ticketAlertsOf(ctx: AppContext, q: Queryable, queue: QueueRow, memberId: string | undefined): Promise<TicketAlerts> {
  const asked = memberId ? await ctx.hooks.of(ticketHooks.alertReader).ofTicket(q, memberId) : { push: false, smsPhoneEnd: null };
  return {
    members_ahead: queue.alertMembersAhead,
    // Minutes are only known where the list calculates wait times.
    minutes_left: queue.waitTimeCalculationEnabled ? queue.alertMinutesLeft : null,
    push_key: ctx.push.publicKey,
    // Never offered where it would not be sent: the list must allow it and the server send SMS.
    sms_offered: smsOffered(ctx.config, queue.mayActivateSmsNotifications),
    push: asked.push,
    sms_phone_end: asked.smsPhoneEnd,
  };
}

/** The alerts of these tickets, for the staff list (none asked for, or no tickets). */
export function memberAlertsOf(ctx: AppContext, q: Queryable, memberIds: string[]): Promise<Map<string, MemberAlerts>> {
  return memberIds.length > 0 ? ctx.hooks.of(ticketHooks.alertReader).ofMembers(q, memberIds) : Promise.resolve(new Map<string, MemberAlerts>());
}
