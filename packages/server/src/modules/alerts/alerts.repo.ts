import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertChannel, AlertKind, AlertState, MemberAlerts } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { alertDeliveries, alertSubscriptions, queueMembers } from '../../db/schema/index.js';

export type SubscriptionRow = typeof alertSubscriptions.$inferSelect;
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

export interface NewSubscription {
  accountId: string;
  memberId: string;
  channel: AlertChannel;
  endpoint?: string;
  p256dh?: string;
  auth?: string;
  phone?: string;
}

/** One subscription per ticket and channel: a second one replaces the first (a new browser, another number). */
export async function saveSubscription(q: Queryable, subscription: NewSubscription): Promise<void> {
  const target = { endpoint: subscription.endpoint ?? null, p256dh: subscription.p256dh ?? null, auth: subscription.auth ?? null, phone: subscription.phone ?? null };
  await q
    .insert(alertSubscriptions)
    .values({ ...subscription, ...target })
    .onConflictDoUpdate({ target: [alertSubscriptions.memberId, alertSubscriptions.channel], set: { ...target, createdAt: sql`now()` } });
}

export async function deleteSubscription(q: Queryable, memberId: string, channel: AlertChannel): Promise<void> {
  await q.delete(alertSubscriptions).where(and(eq(alertSubscriptions.memberId, memberId), eq(alertSubscriptions.channel, channel)));
}

export function subscriptionsOf(q: Queryable, memberIds: string[]): Promise<SubscriptionRow[]> {
  return q.select().from(alertSubscriptions).where(inArray(alertSubscriptions.memberId, memberIds));
}

/** The subscriptions of a queue's tickets (only open tickets have any: they go when a ticket ends). */
export async function subscriptionsOfQueue(q: Queryable, queueId: string): Promise<SubscriptionRow[]> {
  const rows = await q
    .select({ subscription: alertSubscriptions })
    .from(alertSubscriptions)
    .innerJoin(queueMembers, eq(queueMembers.id, alertSubscriptions.memberId))
    .where(eq(queueMembers.queueId, queueId));
  return rows.map((row) => row.subscription);
}

/** The queues whose tickets have subscriptions: the sweep checks these. */
export async function queuesWithSubscriptions(q: Queryable): Promise<string[]> {
  const rows = await q.selectDistinct({ queueId: queueMembers.queueId }).from(alertSubscriptions).innerJoin(queueMembers, eq(queueMembers.id, alertSubscriptions.memberId));
  return rows.map((row) => row.queueId);
}

export function deliveriesOf(q: Queryable, memberIds: string[]): Promise<DeliveryRow[]> {
  return q.select().from(alertDeliveries).where(inArray(alertDeliveries.memberId, memberIds)).orderBy(asc(alertDeliveries.createdAt));
}

export interface Claim {
  accountId: string;
  memberId: string;
  channel: AlertChannel;
  kind: AlertKind;
  ahead: number | null;
}

/**
 * Claims an alert: the row is the promise to send it, made once (the unique index) and only for
 * an open ticket (the trigger). Answers the row, or undefined when it was claimed before.
 */
export async function claimDelivery(q: Queryable, claim: Claim): Promise<DeliveryRow | undefined> {
  const [row] = await q.insert(alertDeliveries).values(claim).onConflictDoNothing().returning();
  return row;
}

/** Whether the alert is still to be sent: not dropped by a ticket that ended after the claim. */
export async function stillSending(q: Queryable, id: string): Promise<boolean> {
  const [row] = await q.select({ state: alertDeliveries.state }).from(alertDeliveries).where(eq(alertDeliveries.id, id));
  return row?.state === 'SENDING';
}

export async function finishDelivery(q: Queryable, id: string, state: Exclude<AlertState, 'SENDING'>, error: string | null, at: Date): Promise<void> {
  await q
    .update(alertDeliveries)
    .set({ state, error, finishedAt: at })
    .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'SENDING')));
}

/** The work view's alert column: channels asked for and alerts tried, per ticket. */
export async function memberAlerts(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAlerts>> {
  const [subscriptions, deliveries] = await Promise.all([subscriptionsOf(q, memberIds), deliveriesOf(q, memberIds)]);
  const byMember = new Map<string, MemberAlerts>();
  const entry = (memberId: string) => {
    let found = byMember.get(memberId);
    if (!found) byMember.set(memberId, (found = { channels: [], deliveries: [] }));
    return found;
  };
  for (const s of subscriptions) entry(s.memberId).channels.push(s.channel);
  for (const d of deliveries) {
    entry(d.memberId).deliveries.push({ channel: d.channel, kind: d.kind, state: d.state, at: (d.finishedAt ?? d.createdAt).toISOString(), error: d.error });
  }
  return byMember;
}

/** Where one ticket's alerts go (a staff cancel tells the patient there too). */
export async function alertTargets(q: Queryable, memberId: string): Promise<{ push: { endpoint: string; p256dh: string; auth: string } | null; smsPhone: string | null }> {
  const rows = await subscriptionsOf(q, [memberId]);
  const push = rows.find((row) => row.channel === 'PUSH');
  const sms = rows.find((row) => row.channel === 'SMS');
  return {
    push: push?.endpoint && push.p256dh && push.auth ? { endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth } : null,
    smsPhone: sms?.phone ?? null,
  };
}
