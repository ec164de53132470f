import { RENEWAL_DAYS, type LoggedUser } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { deviceLabel } from '../../platform/device-label.js';
import { extendSession, startSession } from '../../platform/sign-in-sessions.js';
import type { Queryable } from '../../db/connect.js';
import type { users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { insertLoginToken, insertRenewalToken, pruneSession } from './auth.repo.js';
import type { SignedIn } from './renewal-cookie.js';

type UserRow = typeof users.$inferSelect;

/** Where a sign-in came from: the session's address and device label. */
export interface SignInMeta {
  /** The client's address as Fastify's `req.ip` gives it (TRUST_PROXY applied). */
  ip: string;
  userAgent: string | undefined;
}

export interface IssueOptions {
  /** The login token's lifetime in seconds; the server's TOKEN_TTL when not given (never longer: the caller caps). */
  ttl?: number;
  /** "Stay signed in": `true` answers the renewal key in the body, `'cookie'` hands it to the route for the cookie. */
  stay?: boolean | 'cookie';
  meta: SignInMeta;
}

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

const renewalEnd = (now: number) => new Date(now + RENEWAL_DAYS * 86_400_000);

/** A login token (and a renewal key when asked) of the session, stored by their hashes; answers what the client gets. */
async function tokensOfSession(
  ctx: AppContext,
  db: Queryable,
  user: UserRow,
  sessionId: string,
  validUntil: Date,
  stay: boolean | 'cookie',
): Promise<SignedIn> {
  const token = newSecretToken();
  await insertLoginToken(db, { userId: user.id, sessionId, tokenHash: hashToken(token), validUntil });
  const loggedUser = presentLoggedUser(user, token, validUntil);
  if (!stay) return { user: loggedUser };
  const renewal = newSecretToken();
  await insertRenewalToken(db, { userId: user.id, sessionId, tokenHash: hashToken(renewal), validUntil: renewalEnd(ctx.clock.now().getTime()) });
  return stay === 'cookie' ? { user: { ...loggedUser, renewal_cookie: true }, cookieKey: renewal } : { user: { ...loggedUser, renewal_token: renewal } };
}

/**
 * Every successful sign-in ends here — password, Microsoft, renewal, and a second factor or
 * passkey: a new session (one sign-in on one device, docs/security.md#sessions) with its login
 * token, and with `stay` its renewal key; a renewal (`options.renewing`, its key already spent)
 * gets the next token and key of its own session instead. The route answers the result through
 * `answerSignIn` (which sets the cookie in cookie mode).
 */
export async function issueTokens(ctx: AppContext, user: UserRow, options: IssueOptions & { renewing?: string }): Promise<SignedIn> {
  const now = ctx.clock.now();
  const validUntil = new Date(now.getTime() + (options.ttl ?? ctx.config.tokenTtlSeconds) * 1000);
  const stay = options.stay ?? false;
  const expiresAt = stay && renewalEnd(now.getTime()) > validUntil ? renewalEnd(now.getTime()) : validUntil;
  return ctx.db.transaction(async (tx) => {
    let sessionId = options.renewing;
    if (sessionId === undefined) {
      sessionId = await startSession(tx, { userId: user.id, device: deviceLabel(options.meta.userAgent), ip: options.meta.ip, now, expiresAt });
    } else {
      // Ended a moment ago (signed out elsewhere, the key's reuse): nothing to renew.
      if (!(await extendSession(tx, sessionId, { ip: options.meta.ip, now, expiresAt }))) throw new AppError('UNAUTHORIZED');
      await pruneSession(tx, sessionId, now);
    }
    return tokensOfSession(ctx, tx, user, sessionId, validUntil, stay);
  });
}
