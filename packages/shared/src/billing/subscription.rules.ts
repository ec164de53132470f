// The subscription's states and what moves them (docs/product.md#billing). One pure function, so
// the webhook, the jobs and their table test share one rule.
import type { SUBSCRIPTION_STATES } from '../enums.js';
import { PRICES } from './pricing.js';

type State = (typeof SUBSCRIPTION_STATES)[number];

/** Days from sign-up to the end of the trial, and from `notPaid` to `deactivated`. */
export const TRIAL_DAYS = PRICES.trialDays;
export const NOT_PAID_GRACE_DAYS = 14;
/** The trial reminders go out this many days before its end. */
export const TRIAL_REMINDER_DAYS = [7, 2] as const;

/**
 * What can happen to a subscription: a paid invoice, a failed one, a cancelled subscription (all
 * from Stripe's webhooks), the trial's end and the end of the grace period (both from jobs).
 */
export type BillingTransition = 'PAYMENT_SUCCEEDED' | 'PAYMENT_FAILED' | 'SUBSCRIPTION_CANCELLED' | 'TRIAL_ENDED' | 'GRACE_ENDED';

/**
 * The state after a transition. `paymentExempt` is the operator's and never changes here. At
 * the trial's end a practice with a payment method counts as paying (its first invoice is under
 * way; a failure moves it to `notPaid`); one without is `notPaid`. Only `deactivated` loses
 * public intake, and a paid invoice always brings it back.
 */
export function nextSubscriptionState(state: State, transition: BillingTransition, hasPaymentMethod: boolean): State {
  if (state === 'paymentExempt') return state;
  switch (transition) {
    case 'PAYMENT_SUCCEEDED':
      return 'allPaid';
    case 'PAYMENT_FAILED':
    case 'SUBSCRIPTION_CANCELLED':
      return state === 'deactivated' ? state : 'notPaid';
    case 'TRIAL_ENDED':
      if (state !== 'trial') return state;
      return hasPaymentMethod ? 'allPaid' : 'notPaid';
    case 'GRACE_ENDED':
      return state === 'notPaid' ? 'deactivated' : state;
  }
}

/**
 * The state as the practice lives it: on a self-hosted server (no payment configured) every
 * account is payment-exempt, whatever an earlier configuration stored.
 */
export function effectiveSubscriptionState(paymentConfigured: boolean, stored: State): State {
  return paymentConfigured ? stored : 'paymentExempt';
}

/** Whether patients may draw and book: everything but `deactivated` (docs/product.md#billing). */
export function isSubscriptionValid(state: string): boolean {
  return state !== 'deactivated';
}

/** The instant a `notPaid` practice will be deactivated; null in every other state. */
export function deactivationAt(state: State, notPaidSince: Date | null): Date | null {
  return state === 'notPaid' && notPaidSince ? new Date(notPaidSince.getTime() + NOT_PAID_GRACE_DAYS * 86_400_000) : null;
}

/** Whole days left of a trial at `now` (0 on its last day and after), for the billing screen. */
export function trialDaysLeft(trialEnd: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / 86_400_000));
}
