import { deactivationAt, effectiveSubscriptionState, type Account, type UpdateAccountInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findAccountById, updateAccountName } from './accounts.repo.js';

/** `GET /accounts/{id}`: only the caller's own account; any other id is a 404 like a missing one. */
export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<Account> {
  if (id !== actor.accountId) throw new AppError('NOT_FOUND');
  const account = await findAccountById(ctx.db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return presentAccount(ctx, account);
}

/** `PATCH /accounts/{id}` (admins; onboarding's first step): only the caller's own account. */
export async function updateAccount(ctx: AppContext, actor: Actor, id: string, input: UpdateAccountInput): Promise<Account> {
  if (id !== actor.accountId) throw new AppError('NOT_FOUND');
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
  const account = await updateAccountName(ctx.db, id, input.display_name);
  if (!account) throw new AppError('NOT_FOUND');
  return presentAccount(ctx, account);
}

function presentAccount(ctx: AppContext, account: NonNullable<Awaited<ReturnType<typeof findAccountById>>>): Account {
  const state = effectiveSubscriptionState(ctx.config.paymentConfigured, account.subscriptionState);
  return {
    id: account.id,
    identifier: account.identifier,
    display_name: account.displayName,
    // A self-hosted server (no Stripe key) treats every practice as payment-exempt.
    subscription_state: state,
    trial_end: account.trialEnd?.toISOString() ?? null,
    deactivation_at: deactivationAt(state, account.notPaidSince)?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
  };
}
