import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Queryable, Transaction } from '../../db/connect.js';
import { consumeOneTimeToken, findOneTimeToken, insertOneTimeToken, type OneTimeTokenTable } from './accounts.repo.js';

/** Creates a token for a mailed link; returns the secret, of which only the hash is stored. */
export async function issueOneTimeToken(ctx: Pick<AppContext, 'clock'>, db: Queryable, table: OneTimeTokenTable, userId: string, validForSeconds: number): Promise<string> {
  const secret = newSecretToken();
  const now = ctx.clock.now();
  const validUntil = new Date(now.getTime() + validForSeconds * 1000);
  await insertOneTimeToken(db, table, { userId, tokenHash: hashToken(secret), validUntil, createdAt: now });
  return secret;
}

/**
 * Uses a mailed token once, inside the caller's transaction. Unknown, used and expired tokens
 * each answer their own code, so the page can say what to do next.
 */
export async function redeemOneTimeToken(ctx: AppContext, tx: Transaction, table: OneTimeTokenTable, secret: string) {
  const now = ctx.clock.now();
  const row = await findOneTimeToken(tx, table, hashToken(secret));
  if (!row) throw new AppError('TOKEN_INVALID');
  const consumed = await consumeOneTimeToken(tx, table, row.id, now);
  if (consumed) return consumed;
  throw new AppError(row.usedAt ? 'TOKEN_USED' : 'TOKEN_EXPIRED');
}
