import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_PREFIX } from '@wartefrei/shared';
import { apiKeys } from '../db/schema/index.js';
import type { Actor } from './auth.js';
import type { AppContext } from './context.js';
import { hashToken } from './crypto.js';
import { AppError } from './errors.js';
import { hitOrRefuse, type RateLimiter } from './rate-limit.js';
import { keyMayCall } from './api-scopes.js';

/** `last_used_at` is written at most this often: a busy key costs no write per request. */
export const KEY_TOUCH_MS = 60_000;

/** No session or token stands behind a key; this id matches no row where one is looked up. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

/** The key of `Authorization: Bearer wf_…`; undefined when the header is no bearer of ours. */
export function parseBearerKey(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : undefined;
}

// One limiter per app (tests run several in one process); its counters are per key id.
const limiters = new WeakMap<AppContext, RateLimiter>();
function limiterOf(ctx: AppContext): RateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = ctx.rateLimits.shared('api-key', { limit: ctx.config.apiKeyLimit.perKey, windowSeconds: ctx.config.apiKeyLimit.windowSeconds });
    limiters.set(ctx, limiter);
  }
  return limiter;
}

/**
 * The actor of a request made with an API key: the practice, like an admin, within the key's
 * scopes. A revoked or unknown key is 401 from its next request on (nothing is cached). Counted
 * per key (429 with Retry-After beyond API_KEY_LIMIT_PER_MINUTE), then the route is checked
 * against the scope table (403 API_KEY_SCOPE). No second-factor gate: a key is no person's sign-in.
 *
 * `userId` is the admin who made the key: the person who answers for it, a real user of the
 * practice, so every column that must name a user (and every "is this the caller" check) keeps
 * pointing at one. Where a record says who did something — the audit log, who called a ticket,
 * who booked, who opened a list — `personOf` (auth.ts) answers null for a key, so no entry claims
 * the admin did what the key did; the audit log names the key instead.
 */
export async function actorOfApiKey(ctx: AppContext, req: FastifyRequest, key: string): Promise<Actor> {
  const [row] = await ctx.db
    .select({ id: apiKeys.id, accountId: apiKeys.accountId, name: apiKeys.name, scopes: apiKeys.scopes, createdBy: apiKeys.createdBy, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const now = ctx.clock.now();
  await hitOrRefuse(limiterOf(ctx), row.id, now);
  if (!keyMayCall(row.scopes, req.method, req.routeOptions.url)) throw new AppError('API_KEY_SCOPE');
  await touchKey(ctx, row, now);
  return { userId: row.createdBy, accountId: row.accountId, isAdmin: true, tokenId: NO_ROW, sessionId: NO_ROW, apiKey: { id: row.id, name: row.name, scopes: row.scopes } };
}

/** `last_used_at`, at most once a minute; conditional, so of two nodes marking at once one writes. */
async function touchKey(ctx: AppContext, row: { id: string; lastUsedAt: Date | null }, now: Date): Promise<void> {
  if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < KEY_TOUCH_MS) return;
  const stale = new Date(now.getTime() - KEY_TOUCH_MS);
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}
