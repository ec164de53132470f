import type { Account } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findAccountById } from './accounts.repo.js';

/** `GET /accounts/{id}`: only the caller's own account; any other id is a 404 like a missing one. */
export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<Account> {
  if (!isUuid(id) || id !== actor.accountId) throw new AppError('NOT_FOUND');
  const account = await findAccountById(ctx.db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return {
    id: account.id,
    identifier: account.identifier,
    display_name: account.displayName,
    subscription_state: account.subscriptionState,
    trial_end: account.trialEnd?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
  };
}
