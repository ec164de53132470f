import { RENEWAL_DAYS, type LoggedUser } from '@wartefrei/shared';
import { authenticateToken, isUuid, parseBasicAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { verifySignInSecret } from '../../platform/passwords.js';
import type { users } from '../../db/schema/index.js';
import { deleteRenewalTokensOfUser, deleteTokenOfNamedUser, insertLoginToken, insertRenewalToken, spendRenewalToken } from './auth.repo.js';
import { findUserById, findUserByUsername } from '../accounts/index.js';
import { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';

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

/** A new login token for the user, and with `stay` a new renewal key beside it. */
async function issueTokens(ctx: AppContext, user: UserRow, ttlSeconds: number, stay: boolean): Promise<LoggedUser> {
  const token = newSecretToken();
  const now = ctx.clock.now().getTime();
  const validUntil = new Date(now + ttlSeconds * 1000);
  await insertLoginToken(ctx.db, { userId: user.id, tokenHash: hashToken(token), validUntil });
  if (!stay) return presentLoggedUser(user, token, validUntil);
  const renewal = newSecretToken();
  await insertRenewalToken(ctx.db, { userId: user.id, tokenHash: hashToken(renewal), validUntil: new Date(now + RENEWAL_DAYS * 86_400_000) });
  return { ...presentLoggedUser(user, token, validUntil), renewal_token: renewal };
}

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
  if (!user?.verified || !(await spendRenewalToken(ctx.db, user.id, hashToken(credentials.secret), ctx.clock.now()))) {
    await recordLoginFailure(ctx, userId, ip);
    throw new AppError('UNAUTHORIZED');
  }
  return issueTokens(ctx, user, ctx.config.tokenTtlSeconds, true);
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

  const ttl = Math.min(requestedTtlSeconds ?? ctx.config.tokenTtlSeconds, ctx.config.tokenTtlSeconds);
  return issueTokens(ctx, user, ttl, stay);
}

/** `GET /auth` with Basic `id:token` or `username:token`: the logged user again. */
export async function currentUser(ctx: AppContext, authorization: string | undefined): Promise<LoggedUser> {
  const { user, token, secret } = await authenticateToken(ctx, authorization);
  return presentLoggedUser(user, secret, token.validUntil);
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
