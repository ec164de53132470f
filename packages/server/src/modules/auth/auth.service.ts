import type { LoggedUser } from '@wartefrei/shared';
import { authenticateToken, isUuid, parseBasicAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { verifySignInSecret } from '../../platform/passwords.js';
import type { users } from '../../db/schema/index.js';
import { deleteTokenOfNamedUser, insertLoginToken } from './auth.repo.js';
import { findUserByUsername } from '../accounts/index.js';
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

/** `POST /auth/login` with Basic `username:password`: a new login token. */
export async function logIn(
  ctx: AppContext,
  authorization: string | undefined,
  ip: string,
  requestedTtlSeconds?: number,
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

  const token = newSecretToken();
  const ttl = Math.min(requestedTtlSeconds ?? ctx.config.tokenTtlSeconds, ctx.config.tokenTtlSeconds);
  const validUntil = new Date(ctx.clock.now().getTime() + ttl * 1000);
  await insertLoginToken(ctx.db, { userId: user.id, tokenHash: hashToken(token), validUntil });
  return presentLoggedUser(user, token, validUntil);
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
  if (!(await deleteTokenOfNamedUser(ctx.db, name, hashToken(credentials.secret)))) throw new AppError('UNAUTHORIZED');
}
