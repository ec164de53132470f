import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { hashToken } from './crypto.js';
import { accounts, loginSessions, loginTokens, secondFactors, userIsActive, users } from '../db/schema/index.js';
import { touchSession } from './sign-in-sessions.js';
import { actorOfApiKey, parseBearerKey } from './api-key-auth.js';
import type { ApiScope } from '@wartefrei/shared';

/** Who is calling: set on the request by `requireUser`. */
export interface Actor {
  userId: string;
  accountId: string;
  isAdmin: boolean;
  tokenId: string;
  /** The session the token belongs to (docs/security.md#sessions): "this device" in the session list. */
  sessionId: string;
  /**
   * Set when the request came with an API key (`Authorization: Bearer wf_…`): the key acts as
   * the practice, like an admin within its scopes; `userId` is then the admin who made it
   * (platform/api-key-auth.ts says why), and `tokenId`/`sessionId` name no row.
   */
  apiKey?: { id: string; name: string; scopes: ApiScope[] };
}

/** The person behind a request, for records of who did something: null for an API key (its name is recorded instead). */
export const personOf = (actor: Actor): string | null => (actor.apiKey ? null : actor.userId);

export interface BasicCredentials {
  /** User id, or username (mail). */
  name: string;
  /** Password (login) or token (every other call). */
  secret: string;
}

/** Parses `Authorization: Basic base64(name:secret)`; undefined when absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { name: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (ids of the API); other strings never match a row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * What a member may still do while their practice requires a second factor they have not set up
 * (signed in by password alone): set one up, change their language — nothing else. `GET /auth`
 * and signing out never pass through here; they stay open as well.
 */
function isSecondFactorSetupRoute(req: FastifyRequest): boolean {
  const url = req.routeOptions.url ?? '';
  return url.startsWith('/users/me/second-factors') || (req.method === 'PATCH' && url === '/users/me');
}

/**
 * Resolves `id:token` or `username:token` to the user and token row. A token past its validity
 * answers 440 so that clients can tell "log in again" from "wrong credentials" (401).
 *
 * The second-factor gate (docs/security.md#sign-in) lives here and nowhere else: when the
 * user's practice requires a second factor, the session was earned by a password alone and the
 * user has no active factor, the call is refused with 403 SECOND_FACTOR_SETUP_REQUIRED unless
 * `allowSecondFactorSetup` (the setup screen's own calls). Tokens earned with a second factor,
 * a passkey or Microsoft pass.
 */
export async function authenticateToken(ctx: AppContext, header: string | undefined, allowSecondFactorSetup = false) {
  const credentials = parseBasicAuth(header);
  if (!credentials) throw new AppError('AUTH_HEADER_MISSING');
  // PostgreSQL refuses NUL in text: such credentials name nobody, rather than failing the query.
  if (`${credentials.name}${credentials.secret}`.includes('\u0000')) throw new AppError('UNAUTHORIZED');
  const userMatch = isUuid(credentials.name) ? eq(users.id, credentials.name) : eq(sql`lower(${users.username})`, credentials.name.toLowerCase());
  const [row] = await ctx.db
    .select({
      user: users,
      token: loginTokens,
      session: { id: loginSessions.id, lastUsedAt: loginSessions.lastUsedAt, via: loginSessions.via },
      requireSecondFactor: accounts.requireSecondFactor,
      // Asked only where the practice requires one: every staff call passes here, most of them in practices that do not.
      hasSecondFactor: sql<boolean>`case when ${accounts.requireSecondFactor} then exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${users.id} and ${secondFactors.confirmedAt} is not null) else false end`,
    })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.userId))
    .innerJoin(loginSessions, eq(loginSessions.id, loginTokens.sessionId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    // A removed user's tokens are deleted with the removal; the condition keeps it so regardless.
    .where(and(eq(loginTokens.tokenHash, hashToken(credentials.secret)), userMatch, userIsActive))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (row.token.validUntil.getTime() <= ctx.clock.now().getTime()) throw new AppError('SESSION_EXPIRED');
  const secondFactorSetupRequired = row.requireSecondFactor && row.session.via === 'password' && !row.hasSecondFactor;
  if (secondFactorSetupRequired && !allowSecondFactorSetup) throw new AppError('SECOND_FACTOR_SETUP_REQUIRED');
  return { user: row.user, token: row.token, session: row.session, secondFactorSetupRequired, secret: credentials.secret };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

async function actorFromHeader(ctx: AppContext, req: FastifyRequest): Promise<Actor> {
  // The one place keys come in: every preHandler below passes here.
  const key = parseBearerKey(req.headers.authorization);
  if (key !== undefined) return actorOfApiKey(ctx, req, key);
  const { user, token, session } = await authenticateToken(ctx, req.headers.authorization, isSecondFactorSetupRoute(req));
  // The session list's "last use" and address: written at most once a minute.
  await touchSession(ctx.db, session, req.ip, ctx.clock.now());
  return { userId: user.id, accountId: user.accountId, isAdmin: user.isAdmin, tokenId: token.id, sessionId: session.id };
}

/** preHandler for staff routes: a valid token, else 401/440. */
export function requireUser(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    req.actor = await actorFromHeader(ctx, req);
  };
}

/**
 * preValidation for admin-only routes: the role is checked before the body is, so a processor
 * gets 403 whatever they send (an invalid body must not tell them what an admin may send).
 */
export function requireAdmin(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    req.actor = await actorFromHeader(ctx, req);
    if (!req.actor.isAdmin) throw new AppError('FORBIDDEN');
  };
}

/**
 * preHandler for routes open to everyone that staff may also call signed in (a manual draw):
 * without credentials nobody (`req.actor` stays unset); with them they must be valid (401/440).
 * `signedInCall` says which requests are made as someone (it runs after body validation);
 * the others ignore any credentials they carry.
 */
export function optionalUser(ctx: AppContext, signedInCall: (req: FastifyRequest) => boolean = () => true) {
  return async (req: FastifyRequest): Promise<void> => {
    if (req.headers.authorization && signedInCall(req)) req.actor = await actorFromHeader(ctx, req);
  };
}

/** The actor of a route behind `requireUser`. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED');
  return req.actor;
}
