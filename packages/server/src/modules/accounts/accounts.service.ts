import { deactivationAt, effectiveSubscriptionState, type Account, type UpdateAccountInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit, whoOf } from '../audit/index.js';
import { findImageOfAccount, imageUrl } from '../images/index.js';
import { findAccountById, updateAccountSettings } from './accounts.repo.js';

/** `GET /accounts/{id}`: only the caller's own account; any other id is a 404 like a missing one. */
export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<Account> {
  if (id !== actor.accountId) throw new AppError('NOT_FOUND');
  const account = await findAccountById(ctx.db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return presentAccount(ctx, account);
}

/**
 * `PATCH /accounts/{id}` (admins; onboarding's first step): only the caller's own account. A
 * changed retention period decides what is kept of every patient, and a changed second-factor
 * requirement how staff sign in: both go into the audit log.
 */
export async function updateAccount(ctx: AppContext, actor: Actor, id: string, input: UpdateAccountInput, address: string): Promise<Account> {
  if (id !== actor.accountId) throw new AppError('NOT_FOUND');
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
  const account = await ctx.db.transaction(async (tx) => {
    // The logo must be one of this practice's own uploads; another's id is refused like a made-up one.
    if (input.logo_image_id && !(await findImageOfAccount(tx, id, input.logo_image_id))) {
      throw new AppError('VALIDATION', { fields: { logo_image_id: 'INVALID_VALUE' } });
    }
    const before = await findAccountById(tx, id);
    const after = await updateAccountSettings(tx, id, {
      displayName: input.display_name,
      retentionDays: input.retention_days,
      sector: input.sector,
      logoImageId: input.logo_image_id,
      requireSecondFactor: input.require_second_factor,
    });
    if (before && after && before.retentionDays !== after.retentionDays) {
      await recordAudit(ctx, tx, whoOf(actor, address), 'retention.change', { type: 'account', id }, { from: before.retentionDays, to: after.retentionDays });
    }
    // Who switched the practice's sign-in protection on or off, and from where: a stolen admin session must not do it unseen.
    if (before && after && before.requireSecondFactor !== after.requireSecondFactor) {
      await recordAudit(ctx, tx, whoOf(actor, address), 'second_factor.requirement', { type: 'account', id }, { from: before.requireSecondFactor, to: after.requireSecondFactor });
    }
    return after;
  });
  if (!account) throw new AppError('NOT_FOUND');
  return presentAccount(ctx, account);
}

async function presentAccount(ctx: AppContext, account: NonNullable<Awaited<ReturnType<typeof findAccountById>>>): Promise<Account> {
  const logo = account.logoImageId ? await findImageOfAccount(ctx.db, account.id, account.logoImageId) : undefined;
  const state = effectiveSubscriptionState(ctx.config.paymentConfigured, account.subscriptionState);
  return {
    id: account.id,
    identifier: account.identifier,
    display_name: account.displayName,
    // A self-hosted server (no Stripe key) treats every practice as payment-exempt.
    subscription_state: state,
    trial_end: account.trialEnd?.toISOString() ?? null,
    deactivation_at: deactivationAt(state, account.notPaidSince)?.toISOString() ?? null,
    retention_days: account.retentionDays,
    sector: account.sector,
    logo_image_id: logo?.id ?? null,
    logo_url: logo ? imageUrl(logo) : null,
    require_second_factor: account.requireSecondFactor,
    created_at: account.createdAt.toISOString(),
  };
}
