import type { EndedSessions, SignInSession } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { endSessions, sessionsOfUser } from '../../platform/sign-in-sessions.js';

/*
 * The caller's own sessions (docs/security.md#sessions), on /backend/profile: only ever their
 * own — another user's session id is answered like an unknown one (404), whoever asks.
 */

/** `GET /users/me/sessions`: the caller's sessions not over, most recently used first. */
export async function listOwnSessions(ctx: AppContext, actor: Actor): Promise<SignInSession[]> {
  const rows = await sessionsOfUser(ctx.db, actor.userId, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
}

/** `DELETE /users/me/sessions/{id}`: ends one of the caller's sessions (their current one too: a sign-out). */
export async function endOwnSession(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const ended = await endSessions(ctx.db, actor.userId, { only: id });
  if (ended.length === 0) throw new AppError('LOGIN_SESSION_NOT_FOUND');
}

/** `POST /users/me/sessions/end-others`: "sign out everywhere else" — every session of the caller but this one. */
export async function endOtherOwnSessions(ctx: AppContext, actor: Actor): Promise<EndedSessions> {
  const ended = await endSessions(ctx.db, actor.userId, { except: actor.sessionId });
  return { ended: ended.length };
}
