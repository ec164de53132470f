import { RENEWAL_DAYS, type LoggedUser } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import type { SignInVia, users } from '../../db/schema/index.js';
import { insertLoginToken, insertRenewalToken } from './auth.repo.js';
import { secondFactorSetupRequired } from './second-factors.repo.js';

type UserRow = typeof users.$inferSelect;

/** The logged user of docs/product.md#the-api, with the token the client signs its calls with. */
export function presentLoggedUser(user: UserRow, token: string, validUntil: Date): LoggedUser {
  return {
    id: user.id,
    token,
    token_valid_until: validUntil.toISOString(),
    account_id: user.accountId,
    display_name: user.displayName,
    is_admin: user.isAdmin,
    lang: user.lang,
    username: user.username,
    tutorial_dismissed: user.tutorialDismissedAt !== null,
  };
}

export interface SignInOptions {
  ttlSeconds: number;
  /** "Stay signed in": a renewal key beside the token. */
  stay: boolean;
  /** How the sign-in was proven; the token remembers it (the second-factor gate of platform/auth.ts reads it). */
  via: SignInVia;
}

/**
 * Every successful sign-in ends here — password, second step, passkey, Microsoft, renewal: a new
 * login token for the user, and with `stay` a renewal key beside it, both marked with `via`.
 * Token issuance lives in this one function only.
 */
export async function finishSignIn(ctx: AppContext, user: UserRow, { ttlSeconds, stay, via }: SignInOptions): Promise<LoggedUser> {
  const token = newSecretToken();
  const now = ctx.clock.now().getTime();
  const validUntil = new Date(now + ttlSeconds * 1000);
  await insertLoginToken(ctx.db, { userId: user.id, tokenHash: hashToken(token), validUntil, via });
  // A password alone in a practice that requires a second factor opens only its setup (platform/auth.ts).
  const setup = via === 'password' && (await secondFactorSetupRequired(ctx.db, user.id)) ? { second_factor_setup_required: true } : {};
  if (!stay) return { ...presentLoggedUser(user, token, validUntil), ...setup };
  const renewal = newSecretToken();
  await insertRenewalToken(ctx.db, { userId: user.id, tokenHash: hashToken(renewal), validUntil: new Date(now + RENEWAL_DAYS * 86_400_000), via });
  return { ...presentLoggedUser(user, token, validUntil), renewal_token: renewal, ...setup };
}
