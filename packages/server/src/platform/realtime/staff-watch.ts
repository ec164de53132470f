import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_CLOSE } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { loginTokens, users } from '../../db/schema/index.js';
import type { Actor } from '../auth.js';
import type { Clock } from '../clock.js';

/*
 * A staff socket is let in by its login token once, at connect; what it may see was decided
 * then too. So every node rechecks its staff sockets every few seconds, all in one query: a token
 * signed out, expired, or gone with its user closes the socket (4401, or 4440 when expired), and
 * a change of what the user may see — made an admin or not, assigned to other lists — closes it
 * with 4403 so that it reconnects and is asked the topic rules again.
 */

/** Seconds-scale: a stolen session that is signed out loses its live view within this. */
export const STAFF_RECHECK_MS = 5_000;

interface TokenAccess {
  validUntil: Date;
  /** What decides the user's visibility: admin or not, and the lists assigned. */
  access: string;
}

/** The tokens that still exist, with their validity and their users' access, in one query. */
async function accessOfTokens(db: Queryable, tokenIds: string[]): Promise<Map<string, TokenAccess>> {
  const rows = await db
    .select({
      id: loginTokens.id,
      validUntil: loginTokens.validUntil,
      isAdmin: users.isAdmin,
      lists: sql<string>`coalesce((select string_agg(qp.queue_id::text, ',' order by qp.queue_id) from queue_processors qp where qp.user_id = ${users.id}), '')`,
    })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.userId))
    .where(inArray(loginTokens.id, tokenIds));
  return new Map(rows.map((row) => [row.id, { validUntil: row.validUntil, access: `${row.isAdmin}:${row.lists}` }]));
}

interface Watched {
  tokenId: string;
  access: string;
  close: (code: number, reason: string) => void;
}

export interface StaffSocketWatch {
  /** Watches a staff socket from now on; answers how to stop (the socket closed). */
  admit(actor: Actor, close: (code: number, reason: string) => void): Promise<() => void>;
  stop(): void;
}

export function watchStaffSockets(options: { db: Queryable; clock: Clock; log: FastifyBaseLogger; intervalMs?: number }): StaffSocketWatch {
  const watched = new Set<Watched>();
  let sweeping = false;
  const end = (socket: Watched, code: number, reason: string) => {
    watched.delete(socket);
    socket.close(code, reason);
  };
  const sweep = async () => {
    if (sweeping || watched.size === 0) return;
    sweeping = true;
    try {
      // Only the sockets asked about: one let in while the query ran is not in its answer.
      const checking = [...watched];
      const tokens = await accessOfTokens(options.db, [...new Set(checking.map((socket) => socket.tokenId))]);
      const now = options.clock.now().getTime();
      for (const socket of checking) {
        if (!watched.has(socket)) continue;
        const token = tokens.get(socket.tokenId);
        if (!token) end(socket, REALTIME_CLOSE.UNAUTHORIZED, 'UNAUTHORIZED');
        else if (token.validUntil.getTime() <= now) end(socket, REALTIME_CLOSE.SESSION_EXPIRED, 'SESSION_EXPIRED');
        else if (token.access !== socket.access) end(socket, REALTIME_CLOSE.ACCESS_CHANGED, 'ACCESS_CHANGED');
      }
    } catch (err) {
      // The database away: the next sweep tries again; nothing is closed on a guess.
      options.log.warn({ err }, 'realtime: staff sockets could not be rechecked');
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), options.intervalMs ?? STAFF_RECHECK_MS);
  timer.unref();
  return {
    async admit(actor, close) {
      const token = (await accessOfTokens(options.db, [actor.tokenId])).get(actor.tokenId);
      const socket: Watched = { tokenId: actor.tokenId, access: token?.access ?? '', close };
      watched.add(socket);
      return () => void watched.delete(socket);
    },
    stop: () => clearInterval(timer),
  };
}
