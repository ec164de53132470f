import { NOT_PAID_GRACE_DAYS, nextSubscriptionState, type BillingTransition } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { scheduleJob } from '../../platform/jobs/index.js';
import { lockBillingAccount, updateBillingAccount } from './billing.repo.js';

export const GRACE_END_JOB = 'billing.grace-end';
const DAY_MS = 86_400_000;

/**
 * Applies one transition to an account in the caller's transaction (the row locked meanwhile):
 * entering `notPaid` starts the 14 days after which a job deactivates, leaving it ends them.
 * Answers the states before and after.
 */
export async function applyTransition(tx: Transaction, accountId: string, transition: BillingTransition, now: Date) {
  const account = await lockBillingAccount(tx, accountId);
  if (!account) return undefined;
  const before = account.subscriptionState;
  const after = nextSubscriptionState(before, transition, account.defaultPaymentMethodId !== null);
  if (after === before) return { before, after };
  const entersNotPaid = after === 'notPaid';
  await updateBillingAccount(tx, accountId, { subscriptionState: after, notPaidSince: entersNotPaid ? now : null });
  if (entersNotPaid) {
    await scheduleJob(tx, {
      kind: GRACE_END_JOB,
      key: `${accountId}:${now.toISOString()}`,
      runAt: new Date(now.getTime() + NOT_PAID_GRACE_DAYS * DAY_MS),
      payload: { accountId },
    });
  }
  return { before, after };
}
