import { deactivationAt, effectiveSubscriptionState, trialDaysLeft, type BillingOverview, type BillingQuote } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { isStripeTestMode } from '../../platform/stripe.js';
import { sepaMandateText } from './mandate.js';
import { priceOf, requireBillingAccount, type QuoteChange } from './subscription.service.js';

/** `GET /billing`. */
export async function billingOverview(ctx: AppContext, actor: Actor): Promise<BillingOverview> {
  const account = await requireBillingAccount(ctx, actor.accountId);
  const state = effectiveSubscriptionState(ctx.config.paymentConfigured, account.subscriptionState);
  const { current } = await priceOf(ctx.db, account);
  // A practice that added its payment method during the trial is `allPaid` but pays from its end.
  const inTrial = (state === 'trial' || state === 'allPaid') && account.trialEnd && account.trialEnd > ctx.clock.now();
  return {
    payment_configured: ctx.config.paymentConfigured,
    subscription_state: state,
    trial_end: inTrial ? account.trialEnd!.toISOString() : null,
    trial_days_left: inTrial ? trialDaysLeft(account.trialEnd!, ctx.clock.now()) : null,
    deactivation_at: deactivationAt(state, account.notPaidSince)?.toISOString() ?? null,
    has_payment_method: account.defaultPaymentMethodId !== null,
    price: current,
    stripe_publishable_key: ctx.config.stripe?.publishableKey ?? null,
    test_mode: ctx.config.stripe ? isStripeTestMode(ctx.config.stripe) : false,
    sepa_mandate_text: sepaMandateText(),
  };
}

/** `GET /billing/quote`: what the month costs now and with other counts, before the admin confirms. */
export async function billingQuote(ctx: AppContext, actor: Actor, counts: QuoteChange): Promise<BillingQuote> {
  const account = await requireBillingAccount(ctx, actor.accountId);
  const { current, next } = await priceOf(ctx.db, account, counts);
  const charged = effectiveSubscriptionState(ctx.config.paymentConfigured, account.subscriptionState) !== 'paymentExempt';
  return { charged, current, next, difference_gross_cents: next.gross_cents - current.gross_cents };
}
