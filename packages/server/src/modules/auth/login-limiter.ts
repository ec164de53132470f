import { clientKeyOf } from '../../platform/client-address.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { loginFailuresSince, recordFailureAndPrune } from './auth.repo.js';

/**
 * Failed sign-ins are counted in the database, so the limit holds across every server node:
 * at most `perUsername` failures per username and `perIp` per address within a sliding window.
 * The address is stored as its limit key (`clientKeyOf`: an IPv6 client's /64).
 */
export async function assertLoginAllowed(ctx: AppContext, username: string, ip: string): Promise<void> {
  const { perUsername, perIp, windowSeconds } = ctx.config.loginLimits;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - windowSeconds * 1000);
  for (const [by, limit] of [
    [{ username }, perUsername],
    [{ ip: clientKeyOf(ip) }, perIp],
  ] as const) {
    const row = await loginFailuresSince(ctx.db, by, since);
    if (row.failures >= limit) {
      // Retry when the oldest failure leaves the window (whole minutes in the message).
      const oldest = row.oldest ? row.oldest.getTime() : now.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now.getTime()) / 1000));
      throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', {
        args: [Math.ceil(retryAfter / 60)],
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }
}

/** Records one failed sign-in and drops failures that have left the window. */
export async function recordLoginFailure(ctx: AppContext, username: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.config.loginLimits.windowSeconds * 1000);
  await recordFailureAndPrune(ctx.db, { username, ip: clientKeyOf(ip), at: now }, cutoff);
}
