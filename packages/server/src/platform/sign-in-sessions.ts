import { and, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/connect.js';
import { loginSessions, type SignInVia } from '../db/schema/index.js';

/*
 * Sessions (docs/security.md#sessions): one sign-in on one device, the family of its login tokens
 * and renewal keys. Ending one deletes its row; the foreign keys take every token and key of it
 * along in the same statement, so its next call is 401 at once and the staff-socket recheck
 * (realtime/staff-watch.ts) closes its sockets. Here, in platform, because sign-out, a password
 * change or reset, a processor's removal and the session routes all end sessions, and every one
 * of them goes through `endSessions` — one place to get it right.
 */

/** How often `last_used_at` (and the address beside it) is written at most: a call a second costs no write a second. */
export const SESSION_TOUCH_MS = 60_000;

export type SessionRow = typeof loginSessions.$inferSelect;

/** Which of a user's sessions end: all, one (`only`), or all but one (`except`, the caller's own). */
export type SessionsToEnd = { all: true } | { only: string } | { except: string };

/** Ends sessions of the user; answers the ids ended (empty: none matched, e.g. another user's id). */
export async function endSessions(db: Queryable, userId: string, which: SessionsToEnd): Promise<string[]> {
  const match: SQL | undefined = 'only' in which ? eq(loginSessions.id, which.only) : 'except' in which ? ne(loginSessions.id, which.except) : undefined;
  const ended = await db
    .delete(loginSessions)
    .where(and(eq(loginSessions.userId, userId), match))
    .returning({ id: loginSessions.id });
  return ended.map((row) => row.id);
}

/** A new session of the user, lasting until `expiresAt`; also drops the user's sessions already over. */
export async function startSession(db: Queryable, values: { userId: string; device: string | null; ip: string; now: Date; expiresAt: Date; via: SignInVia }): Promise<string> {
  await db.delete(loginSessions).where(and(eq(loginSessions.userId, values.userId), lt(loginSessions.expiresAt, values.now)));
  const [row] = await db
    .insert(loginSessions)
    .values({ userId: values.userId, device: values.device, ip: values.ip, lastUsedAt: values.now, expiresAt: values.expiresAt, via: values.via, createdAt: values.now })
    .returning({ id: loginSessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
}

/**
 * A renewal within the session: it was used now, from this address, and lasts until `expiresAt`;
 * answers how the session's sign-in was proven, or undefined when it has ended.
 */
export async function extendSession(db: Queryable, sessionId: string, values: { ip: string; now: Date; expiresAt: Date }): Promise<SignInVia | undefined> {
  const [row] = await db
    .update(loginSessions)
    .set({ ip: values.ip, lastUsedAt: values.now, expiresAt: values.expiresAt })
    .where(eq(loginSessions.id, sessionId))
    .returning({ via: loginSessions.via });
  return row?.via;
}

/**
 * Marks the session used now from this address, when its last mark is older than a minute (the
 * caller passes the mark it read with the token, so a fresh one costs no query at all).
 */
export async function touchSession(db: Queryable, session: { id: string; lastUsedAt: Date }, ip: string, now: Date): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < SESSION_TOUCH_MS) return;
  const stale = new Date(now.getTime() - SESSION_TOUCH_MS);
  // Conditional: of two nodes marking at once, one writes.
  await db
    .update(loginSessions)
    .set({ lastUsedAt: now, ip })
    .where(and(eq(loginSessions.id, session.id), lt(loginSessions.lastUsedAt, stale)));
}

/** When the session's sign-in was (a renewal keeps it): how recent the caller's proof of identity is. */
export async function sessionStartedAt(db: Queryable, sessionId: string): Promise<Date | undefined> {
  const [row] = await db.select({ createdAt: loginSessions.createdAt }).from(loginSessions).where(eq(loginSessions.id, sessionId)).limit(1);
  return row?.createdAt;
}

/** The user's sessions not over at `now`, most recently used first. */
export async function sessionsOfUser(db: Queryable, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, userId), gt(loginSessions.expiresAt, now)))
    .orderBy(desc(loginSessions.lastUsedAt), desc(loginSessions.createdAt));
}
