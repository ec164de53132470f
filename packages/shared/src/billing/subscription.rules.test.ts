import { describe, expect, it } from 'vitest';
import type { SUBSCRIPTION_STATES } from '../enums.js';
import { isSubscriptionValid, nextSubscriptionState, trialDaysLeft, type BillingTransition } from './subscription.rules.js';

type State = (typeof SUBSCRIPTION_STATES)[number];

describe('nextSubscriptionState', () => {
  it.each<[State, BillingTransition, boolean, State]>([
    // state, transition, has a payment method, next state
    ['trial', 'PAYMENT_SUCCEEDED', true, 'allPaid'],
    ['trial', 'PAYMENT_FAILED', true, 'notPaid'],
    ['trial', 'TRIAL_ENDED', false, 'notPaid'],
    ['trial', 'TRIAL_ENDED', true, 'allPaid'],
    ['trial', 'GRACE_ENDED', false, 'trial'],
    ['trial', 'SUBSCRIPTION_CANCELLED', true, 'notPaid'],
    ['allPaid', 'PAYMENT_SUCCEEDED', true, 'allPaid'],
    ['allPaid', 'PAYMENT_FAILED', true, 'notPaid'],
    ['allPaid', 'SUBSCRIPTION_CANCELLED', true, 'notPaid'],
    ['allPaid', 'TRIAL_ENDED', true, 'allPaid'],
    ['allPaid', 'GRACE_ENDED', true, 'allPaid'],
    ['notPaid', 'PAYMENT_SUCCEEDED', true, 'allPaid'],
    ['notPaid', 'PAYMENT_FAILED', true, 'notPaid'],
    ['notPaid', 'GRACE_ENDED', true, 'deactivated'],
    ['notPaid', 'TRIAL_ENDED', false, 'notPaid'],
    ['deactivated', 'PAYMENT_SUCCEEDED', true, 'allPaid'],
    ['deactivated', 'PAYMENT_FAILED', true, 'deactivated'],
    ['deactivated', 'SUBSCRIPTION_CANCELLED', false, 'deactivated'],
    ['deactivated', 'GRACE_ENDED', false, 'deactivated'],
    ['paymentExempt', 'PAYMENT_FAILED', false, 'paymentExempt'],
    ['paymentExempt', 'TRIAL_ENDED', false, 'paymentExempt'],
    ['paymentExempt', 'GRACE_ENDED', false, 'paymentExempt'],
    ['paymentExempt', 'SUBSCRIPTION_CANCELLED', false, 'paymentExempt'],
  ])('%s + %s (payment method: %s) → %s', (state, transition, hasPaymentMethod, next) => {
    expect(nextSubscriptionState(state, transition, hasPaymentMethod)).toBe(next);
  });
});

describe('isSubscriptionValid', () => {
  it.each<[State, boolean]>([
    ['trial', true],
    ['allPaid', true],
    ['notPaid', true], // warned, not yet locked
    ['paymentExempt', true],
    ['deactivated', false],
  ])('%s → %s', (state, valid) => expect(isSubscriptionValid(state)).toBe(valid));
});

describe('trialDaysLeft', () => {
  const end = new Date('2026-12-10T10:00:00Z');
  it.each([
    ['2026-11-26T10:00:00Z', 14],
    ['2026-11-26T10:00:01Z', 14],
    ['2026-12-09T10:00:00Z', 1],
    ['2026-12-10T09:00:00Z', 1],
    ['2026-12-10T10:00:00Z', 0],
    ['2026-12-20T10:00:00Z', 0],
  ])('at %s: %i days', (now, days) => expect(trialDaysLeft(end, new Date(now))).toBe(days));
});
