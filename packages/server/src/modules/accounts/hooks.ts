import type { Transaction } from '../../db/connect.js';
import { defineHook } from '../../platform/hooks.js';

/** What billing does when a trial starts (its reminders and end as jobs), in the sign-up's transaction. */
export type TrialStarted = (tx: Transaction, accountId: string, trialEnd: Date) => Promise<void>;

/**
 * What encryption does when a user's password is reset: their key pair was under the old
 * passphrase, so it and their access to the account key go; in the reset's transaction.
 */
export type PasswordReplaced = (tx: Transaction, userId: string) => Promise<void>;

/**
 * Where modules above `accounts` take part in its work (platform/hooks.ts), so that accounts
 * need not know billing or encryption; app-hooks.ts provides each.
 */
export const accountHooks = {
  trialStarted: defineHook<TrialStarted>('trialStarted', { owner: 'accounts', providedBy: 'billing', required: true }),
  passwordReplaced: defineHook<PasswordReplaced>('passwordReplaced', { owner: 'accounts', providedBy: 'encryption', required: true }),
};
