import type { BillingTransition } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Stripe } from '../../platform/stripe.js';
import { findAccountIdByCustomer, lockBillingAccount, recordBillingEvent, updateBillingAccount } from './billing.repo.js';
import { completeSetup } from './payment-methods.service.js';
import { applyTransition } from './transitions.js';

/** Stripe's signed event from the raw body, or WEBHOOK_SIGNATURE_INVALID (400). */
export function verifyWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  const secret = ctx.config.stripe?.webhookSecret;
  if (!ctx.stripe || !secret || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  try {
    return ctx.stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}

/** The subscription an invoice belongs to (where today's API puts it, and where older ones did). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const found = parent ?? legacy;
  return typeof found === 'string' ? found : found?.id;
}

function customerOf(object: { customer?: string | { id: string } | null }): string | undefined {
  const customer = object.customer;
  return typeof customer === 'string' ? customer : customer?.id;
}

/** What an event does to the subscription's state: only the subscription's own invoices count. */
function transitionOf(event: Stripe.Event): BillingTransition | undefined {
  switch (event.type) {
    case 'invoice.paid':
      return subscriptionOfInvoice(event.data.object) ? 'PAYMENT_SUCCEEDED' : undefined;
    case 'invoice.payment_failed':
      return subscriptionOfInvoice(event.data.object) ? 'PAYMENT_FAILED' : undefined;
    case 'customer.subscription.deleted':
      return 'SUBSCRIPTION_CANCELLED';
    default:
      return undefined;
  }
}

/**
 * Applies one event exactly once: its id is recorded in the transaction that applies it, so a
 * second delivery changes nothing; a payment event older than the last one applied (delivered out
 * of order) is recorded and ignored. Events of other types, or of customers we do not know,
 * are acknowledged and change nothing.
 */
export async function applyWebhookEvent(ctx: AppContext, event: Stripe.Event): Promise<void> {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customerId = customerOf(object);
  const accountId = customerId ? await findAccountIdByCustomer(ctx.db, customerId) : undefined;
  const created = new Date(event.created * 1000);
  let setupIntent: string | undefined;
  await ctx.db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx, { id: event.id, type: event.type, accountId, created }))) return;
    if (!accountId) return;
    if (event.type === 'setup_intent.succeeded') setupIntent = event.data.object.id;
    const transition = transitionOf(event);
    if (!transition) return;
    const account = await lockBillingAccount(tx, accountId);
    if (!account || (account.billingEventAt && created < account.billingEventAt)) return;
    if (event.type === 'customer.subscription.deleted') {
      // Only the practice's current subscription: a replaced one ending changes nothing.
      if (account.stripeSubscriptionId !== event.data.object.id) return;
      await updateBillingAccount(tx, accountId, { stripeSubscriptionId: null });
    }
    await updateBillingAccount(tx, accountId, { billingEventAt: created });
    await applyTransition(tx, accountId, transition, ctx.clock.now());
  });
  // A card added in a browser that closed before telling us: the event completes it.
  if (setupIntent && accountId) await completeSetup(ctx, accountId, setupIntent);
}
