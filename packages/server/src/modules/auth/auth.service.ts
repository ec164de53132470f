import type { LoggedUser } from '@wartefrei/shared';
import { authenticateToken, isUuid, parseBasicAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { verifySignInSecret } from '../../platform/passwords.js';
import { deleteRenewalTokensOfUser, deleteTokenOfNamedUser, spendRenewalToken } from './auth.repo.js';
import { findUserById, findUserByUsername } from '../accounts/index.js';
import { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';
import { startSecondStepIfNeeded } from './second-step.service.js';
import { finishSignIn, presentLoggedUser } from './sign-in.js';

export { presentLoggedUser };

/**
 * `POST /auth/renew` with Basic `user id:renewal key` ("stay signed in"): after a 440, a new
 * login token and a new key — the one shown is spent. A key unknown, spent, expired or of
 * another user is 401 and counts as a failed sign-in of that user and address.
 */
export async function renewLogin(ctx: AppContext, authorization: string | undefined, ip: string): Promise<LoggedUser> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  if (!isUuid(credentials.name)) throw new AppError('UNAUTHORIZED');
  const userId = credentials.name.toLowerCase();
  await assertLoginAllowed(ctx, userId, ip);
  const user = await findUserById(ctx.db, userId);
  const via = user?.verified ? await spendRenewalToken(ctx.db, user.id, hashToken(credentials.secret), ctx.clock.now()) : undefined;
  if (!user || !via) {
    await recordLoginFailure(ctx, userId, ip);
    throw new AppError('UNAUTHORIZED');
  }
  // The renewed token is as strong as the sign-in that made the key.
  return finishSignIn(ctx, user, { ttlSeconds: ctx.config.tokenTtlSeconds, stay: true, via });
}

/** `POST /auth/login` with Basic `username:password`: a new login token (and with `stay`, a renewal key). */
export async function logIn(
  ctx: AppContext,
  authorization: string | undefined,
  ip: string,
  requestedTtlSeconds?: number,
  stay = false,
): Promise<LoggedUser> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  // No username holds a NUL, and PostgreSQL rejects one in a text parameter (nor can the
  // limiter record it): such a sign-in cannot succeed, so it fails before any query.
  if (credentials.name.includes('\u0000')) throw new AppError('INVALID_CREDENTIALS');
  const username = credentials.name.trim().toLowerCase();
  await assertLoginAllowed(ctx, username, ip);

  const user = await findUserByUsername(ctx.db, username);
  const passwordOk = await verifySignInSecret(user, credentials.secret);
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx, username, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Told only after the right password, so this reveals nothing to a guesser.
  if (!user.verified) throw new AppError('ACCOUNT_NOT_VERIFIED');

  const ttlSeconds = effectiveTtl(ctx, requestedTtlSeconds);
  // With an active second factor the password only opens the second step (401 SECOND_FACTOR_REQUIRED).
  await startSecondStepIfNeeded(ctx, user, { ttlSeconds, stay });
  return finishSignIn(ctx, user, { ttlSeconds, stay, via: 'password' });
}

/** A token's lifetime: shorter on request (a shared computer), never longer than TOKEN_TTL. */
export function effectiveTtl(ctx: AppContext, requestedTtlSeconds: number | undefined): number {
  return Math.min(requestedTtlSeconds ?? ctx.config.tokenTtlSeconds, ctx.config.tokenTtlSeconds);
}

/** `GET /auth` with Basic `id:token` or `username:token`: the logged user again. */
export async function currentUser(ctx: AppContext, authorization: string | undefined): Promise<LoggedUser> {
  // Open to a member who still has to set up a second factor: the app learns it here.
  const { user, token, secret, secondFactorSetupRequired } = await authenticateToken(ctx, authorization, true);
  return { ...presentLoggedUser(user, secret, token.validUntil), ...(secondFactorSetupRequired ? { second_factor_setup_required: true } : {}) };
}

/**
 * `POST /auth/logout`: ends the presented token, even one that has already expired — only when
 * the name beside it (user id or username) is the token's user, as for every other call.
 */
export async function logOut(ctx: AppContext, authorization: string | undefined): Promise<void> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  if (credentials.name.includes('\u0000')) throw new AppError('UNAUTHORIZED');
  const name = isUuid(credentials.name) ? { id: credentials.name } : { username: credentials.name };
  const userId = await deleteTokenOfNamedUser(ctx.db, name, hashToken(credentials.secret));
  if (!userId) throw new AppError('UNAUTHORIZED');
  // Signing out ends "stay signed in" as well, on every device: whoever signs out means it.
  await deleteRenewalTokensOfUser(ctx.db, userId);
}
