import { inArray } from 'drizzle-orm';
import { topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { queueMembers } from '../../db/schema/index.js';
import { PushSubscriptionGone } from '../../platform/push.js';
import { estimateLine, findDrawContext, loadQueueLine } from '../tickets/index.js';
import { claimDelivery, deleteSubscription, finishDelivery, stillSending, subscriptionsOfQueue, type DeliveryRow, type SubscriptionRow } from './alerts.repo.js';
import { dueAlert } from './due.js';
import { mintLink, ticketUrl } from '../patient-links/index.js';
import { alertSms, alertText, langOfTicket, type AlertText } from './messages.js';

/** How long a push service may hold an alert for a phone that is offline: later it misleads. */
const PUSH_TTL_SECONDS = 15 * 60;

interface Outgoing {
  delivery: DeliveryRow;
  subscription: SubscriptionRow;
  text: AlertText;
  link: string;
  listName: string;
  lang: ReturnType<typeof langOfTicket>;
  memberId: string;
}

/**
 * Checks one queue's subscribed tickets against the list's thresholds and sends what is due:
 * each alert is claimed first (a row the database takes once, and only for an open ticket), then
 * sent, then marked SENT or FAILED. Several nodes may check the same queue at once; the claim
 * makes sure one of them sends. Answers how many alerts went out.
 */
export async function checkQueueAlerts(ctx: AppContext, queueId: string): Promise<number> {
  const subscriptions = await subscriptionsOfQueue(ctx.db, queueId);
  if (subscriptions.length === 0) return 0;
  const now = ctx.clock.now();
  const [context, line, tickets] = await Promise.all([
    findDrawContext(ctx.db, queueId),
    loadQueueLine(ctx.db, queueId, now),
    ctx.db
      .select({ id: queueMembers.id, number: queueMembers.number, status: queueMembers.status, lang: queueMembers.lang, accountId: queueMembers.accountId })
      .from(queueMembers)
      .where(inArray(queueMembers.id, [...new Set(subscriptions.map((s) => s.memberId))])),
  ]);
  if (!context) return 0;
  const { queue } = context;
  const estimate = estimateLine(queue, line, now);
  const thresholds = { membersAhead: queue.alertMembersAhead, minutesLeft: queue.waitTimeCalculationEnabled ? queue.alertMinutesLeft : null };
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const outgoing: Outgoing[] = [];
  for (const subscription of subscriptions) {
    const ticket = byId.get(subscription.memberId);
    if (!ticket) continue;
    // SMS only while the list allows it: a list that stopped allowing SMS sends none.
    if (subscription.channel === 'SMS' && !queue.mayActivateSmsNotifications) continue;
    const place = estimate.places.get(ticket.id);
    const due = dueAlert({ status: ticket.status, ahead: place?.ahead ?? null, estimatedStart: place?.hideTimes ? null : (place?.estimatedStart ?? null) }, thresholds, now);
    if (!due) continue;
    const delivery = await claimDelivery(ctx.db, { accountId: ticket.accountId, memberId: ticket.id, channel: subscription.channel, kind: due.kind, ahead: due.ahead }).catch(
      (error: unknown) => {
        // The trigger refused: the ticket ended between the read above and the claim.
        ctx.log.info({ err: error, memberId: ticket.id }, 'alert not claimed: the ticket is not open');
        return undefined;
      },
    );
    if (!delivery) continue;
    const lang = langOfTicket(ticket.lang);
    outgoing.push({
      delivery,
      subscription,
      text: alertText(lang, queue.name, ticket.number, due),
      // A link of its own: only the hashes of the ticket's links are kept, none can be repeated.
      link: ticketUrl(ctx.config.publicUrl, await mintLink(ctx.db, { memberId: ticket.id }, now)),
      listName: queue.name,
      lang,
      memberId: ticket.id,
    });
  }
  const sent = await Promise.all(outgoing.map((alert) => send(ctx, alert)));
  // Staff see how each went: the work view refetches on its account's topic (never the queue's,
  // whose public subscribers — every waiting patient — would all refetch for nothing).
  for (const alert of outgoing) {
    await ctx.realtime.publish(topicOf('account', alert.delivery.accountId), { name: 'alerts.changed', data: { queue_id: queueId, member_id: alert.memberId } });
  }
  return sent.filter(Boolean).length;
}

/** Sends one claimed alert and records how it went; never throws. */
async function send(ctx: AppContext, alert: Outgoing): Promise<boolean> {
  const { delivery, subscription } = alert;
  // A cancel between the claim and now dropped it.
  if (!(await stillSending(ctx.db, delivery.id))) return false;
  try {
    if (subscription.channel === 'PUSH' && subscription.endpoint && subscription.p256dh && subscription.auth) {
      const payload = JSON.stringify({ title: alert.text.title, body: alert.text.body, url: alert.link, tag: `wartefrei-${alert.memberId}`, lang: alert.lang });
      await ctx.push.send({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth }, payload, ttlSeconds: PUSH_TTL_SECONDS });
    } else if (subscription.channel === 'SMS' && subscription.phone) {
      const outcome = await ctx.sms.send({ to: subscription.phone, text: alertSms(alert.lang, alert.text, alert.listName, alert.link), about: alert.memberId });
      // Not sent (the number's or the ticket's SMS for today are used up): staff see why.
      if (outcome === 'LIMITED') throw new Error('SMS limit of this number or ticket reached');
    } else {
      throw new Error(`incomplete ${subscription.channel} subscription`);
    }
    await finishDelivery(ctx.db, delivery.id, 'SENT', null, ctx.clock.now());
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, memberId: alert.memberId, channel: subscription.channel, kind: delivery.kind }, 'alert not delivered');
    // The browser is gone for good: later alerts of this ticket would fail the same way. Forgotten
    // before the delivery is marked: whoever sees it failed sees the browser gone too.
    if (error instanceof PushSubscriptionGone) await deleteSubscription(ctx.db, alert.memberId, 'PUSH').catch(() => undefined);
    await finishDelivery(ctx.db, delivery.id, 'FAILED', message.slice(0, 300), ctx.clock.now()).catch(() => undefined);
    return false;
  }
}
