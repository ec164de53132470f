import type { FastifyRequest } from 'fastify';
import { RENEWAL_DAYS, type LoggedUser } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { deviceLabel } from '../../platform/device-label.js';
import { extendSession, startSession } from '../../platform/sign-in-sessions.js';
import type { Queryable } from '../../db/connect.js';
import type { SignInVia, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { insertLoginToken, insertRenewalToken, pruneSession } from './auth.repo.js';
import type { SignedIn } from './renewal-cookie.js';
import { secondFactorSetupRequired } from './second-factors.repo.js';

type UserRow = typeof users.$inferSelect;

/** Where a sign-in came from: the session's address and device label. */
export interface SignInMeta {
  /** The client's address as Fastify's `req.ip` gives it (TRUST_PROXY applied). */
  ip: string;
  userAgent: string | undefined;
}

/** The sign-in's origin as a route reads it off its request. */
export const signInMetaOf = (req: FastifyRequest): SignInMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export type IssueOptions = {
  /** The login token's lifetime in seconds; the server's TOKEN_TTL when not given (never longer: the caller caps). */
  ttl?: number;
  /** "Stay signed in": `true` answers the renewal key in the body, `'cookie'` hands it to the route for the cookie. */
  stay?: StayMode;
  meta: SignInMeta;
} &
  /** A new session: how its sign-in was proven (the second-factor gate of platform/auth.ts reads it). */
  (
    | { via: SignInVia; renewing?: undefined }
    /** A renewal within this session (its key already spent): the session keeps its `via`. */
    | { renewing: string; via?: undefined }
  );

/** "Stay signed in": no renewal key, the key in the answer's body (`true`, API clients), or in the HttpOnly cookie. */
export type StayMode = boolean | 'cookie';

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
async function tokensOfSession(ctx: AppContext, db: Queryable, user: UserRow, sessionId: string, validUntil: Date, stay: StayMode): Promise<SignedIn> {
  const token = newSecretToken();
  await insertLoginToken(db, { userId: user.id, sessionId, tokenHash: hashToken(token), validUntil });
  const loggedUser = presentLoggedUser(user, token, validUntil);
  if (!stay) return { user: loggedUser };
  const renewal = newSecretToken();
  await insertRenewalToken(db, { userId: user.id, sessionId, tokenHash: hashToken(renewal), validUntil: renewalEnd(ctx.clock.now().getTime()) });
  return stay === 'cookie' ? { user: { ...loggedUser, renewal_cookie: true }, cookieKey: renewal } : { user: { ...loggedUser, renewal_token: renewal } };
}

/**
 * Every successful sign-in ends here — password, second step, passkey, Microsoft, renewal: a
 * new session (one sign-in on one device, docs/security.md#sessions) marked with how it was
 * proven (`via`), with its login token, and with `stay` its renewal key; a renewal (`options.renewing`, its key already spent)
 * gets the next token and key of its own session instead. The route answers the result through
 * `answerSignIn` (which sets the cookie in cookie mode).
 */
export async function issueTokens(ctx: AppContext, user: UserRow, options: IssueOptions): Promise<SignedIn> {
  const now = ctx.clock.now();
  const validUntil = new Date(now.getTime() + (options.ttl ?? ctx.config.tokenTtlSeconds) * 1000);
  const stay = options.stay ?? false;
  const expiresAt = stay && renewalEnd(now.getTime()) > validUntil ? renewalEnd(now.getTime()) : validUntil;
  const { signedIn, via } = await ctx.db.transaction(async (tx) => {
    const { renewing } = options;
    if (renewing === undefined) {
      const via = options.via;
      const sessionId = await startSession(tx, { userId: user.id, device: deviceLabel(options.meta.userAgent), ip: options.meta.ip, now, expiresAt, via });
      return { signedIn: await tokensOfSession(ctx, tx, user, sessionId, validUntil, stay), via };
    }
    // Ended a moment ago (signed out elsewhere, the key's reuse): nothing to renew.
    const via = await extendSession(tx, renewing, { ip: options.meta.ip, now, expiresAt });
    if (!via) throw new AppError('UNAUTHORIZED');
    await pruneSession(tx, renewing, now);
    return { signedIn: await tokensOfSession(ctx, tx, user, renewing, validUntil, stay), via };
  });
  // A password alone in a practice that requires a second factor opens only its setup (platform/auth.ts).
  if (via === 'password' && (await secondFactorSetupRequired(ctx.db, user.id))) signedIn.user.second_factor_setup_required = true;
  return signedIn;
}
