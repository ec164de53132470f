import type { LoggedUser, LoginQuery } from '@wartefrei/shared';
import { authenticateToken, isUuid, parseBasicAuth, type BasicCredentials } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { verifySignInSecret } from '../../platform/passwords.js';
import { endSessions } from '../../platform/sign-in-sessions.js';
import { sessionOfNamedUsersToken, spendRenewalToken } from './auth.repo.js';
import { findUserById, findUserByUsername } from '../accounts/index.js';
import { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';
import type { SignedIn } from './renewal-cookie.js';
import { issueTokens, presentLoggedUser, type SignInMeta } from './sign-in.js';

export { presentLoggedUser };

/** A renewal's credentials: Basic `user id:key` (API clients, key answered in the body) or the cookie (browsers). */
export type RenewalCredentials = { mode: 'basic' | 'cookie'; credentials: BasicCredentials | undefined };

/**
 * `POST /auth/renew` ("stay signed in"): after a 440, the key is spent and the session gets a new
 * login token and key, in the mode the key came in. A key unknown, expired or of another user is
 * 401 and counts as a failed sign-in of that user and address. A key spent before is a copy in
 * two hands (docs/security.md#sessions): the whole session ends — every token and key of it,
 * the fresh ones its first use handed out too — and the answer is 401.
 */
export async function renewLogin(ctx: AppContext, renewal: RenewalCredentials, meta: SignInMeta): Promise<SignedIn> {
  const { credentials } = renewal;
  if (!credentials) throw new AppError(renewal.mode === 'basic' ? 'AUTH_HEADER_MISSING' : 'UNAUTHORIZED');
  if (!isUuid(credentials.name)) throw new AppError('UNAUTHORIZED');
  const userId = credentials.name.toLowerCase();
  await assertLoginAllowed(ctx, userId, meta.ip);
  const user = await findUserById(ctx.db, userId);
  const spend = user?.verified ? await spendRenewalToken(ctx.db, user.id, hashToken(credentials.secret), ctx.clock.now()) : undefined;
  if (!user || spend?.outcome !== 'spent') {
    if (spend?.outcome === 'reused') {
      await endSessions(ctx.db, userId, { only: spend.sessionId });
      ctx.log.warn({ userId, sessionId: spend.sessionId }, 'renewal key used twice: session ended');
    }
    await recordLoginFailure(ctx, userId, meta.ip);
    throw new AppError('UNAUTHORIZED');
  }
  return issueTokens(ctx, user, { stay: renewal.mode === 'cookie' ? 'cookie' : true, meta, renewing: spend.sessionId });
}

/** `POST /auth/login` with Basic `username:password`: a new session, its login token (and with `stay`, a renewal key). */
export async function logIn(ctx: AppContext, authorization: string | undefined, query: LoginQuery, meta: SignInMeta): Promise<SignedIn> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  // No username holds a NUL, and PostgreSQL rejects one in a text parameter (nor can the
  // limiter record it): such a sign-in cannot succeed, so it fails before any query.
  if (credentials.name.includes('\u0000')) throw new AppError('INVALID_CREDENTIALS');
  const username = credentials.name.trim().toLowerCase();
  await assertLoginAllowed(ctx, username, meta.ip);

  const user = await findUserByUsername(ctx.db, username);
  const passwordOk = await verifySignInSecret(user, credentials.secret);
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx, username, meta.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Told only after the right password, so this reveals nothing to a guesser.
  if (!user.verified) throw new AppError('ACCOUNT_NOT_VERIFIED');

  const ttl = Math.min(query.ttl ?? ctx.config.tokenTtlSeconds, ctx.config.tokenTtlSeconds);
  const stay = query.stay === 'cookie' ? 'cookie' : query.stay === 'true';
  return issueTokens(ctx, user, { ttl, stay, meta });
}

/** `GET /auth` with Basic `id:token` or `username:token`: the logged user again. */
export async function currentUser(ctx: AppContext, authorization: string | undefined): Promise<LoggedUser> {
  const { user, token, secret } = await authenticateToken(ctx, authorization);
  return presentLoggedUser(user, secret, token.validUntil);
}

/**
 * `POST /auth/logout`: ends the session of the presented token — its token and its renewal key —
 * even when the token has already expired; only when the name beside it (user id or username)
 * is the token's user, as for every other call. Other devices stay signed in ("sign out
 * everywhere else" is `POST /users/me/sessions/end-others`).
 */
export async function logOut(ctx: AppContext, authorization: string | undefined): Promise<void> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  if (credentials.name.includes('\u0000')) throw new AppError('UNAUTHORIZED');
  const name = isUuid(credentials.name) ? { id: credentials.name } : { username: credentials.name };
  const found = await sessionOfNamedUsersToken(ctx.db, name, hashToken(credentials.secret));
  if (!found) throw new AppError('UNAUTHORIZED');
  await endSessions(ctx.db, found.userId, { only: found.sessionId });
}
