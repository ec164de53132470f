import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import { queues } from '../../db/schema.js';
import { isUuid } from '../auth.js';
import { createRealtimeHub, type RealtimeHub } from './hub.js';

/**
 * The topic rules that need nothing but the platform. Modules replace or add rules with
 * `ctx.realtime.registerTopicAuthorizer(kind, fn)` (the ticket module registers `member`).
 * - `account:{id}`: staff of that account only.
 * - `queue:{id}`: staff of the queue's account see every event; anyone else (patients, kiosks,
 *   staff of other accounts) sees public events only; an unknown queue is refused.
 * - `member:{id}`: a fallback until the ticket module registers its rule at start (see
 *   modules/tickets/tickets.realtime.ts: existing tickets only, full access for the key holder).
 * - `monitor:{id}`: refused until the monitors module registers its rule at start (see
 *   modules/monitors/monitors.realtime.ts: existing monitors, open to anyone).
 */
export function registerPlatformAuthorizers(hub: RealtimeHub, db: Database): void {
  hub.registerTopicAuthorizer('account', ({ actor }, id) => Promise.resolve(actor?.accountId === id ? 'full' : false));
  hub.registerTopicAuthorizer('queue', async ({ actor }, id) => {
    if (!isUuid(id)) return false;
    const [row] = await db.select({ accountId: queues.accountId }).from(queues).where(eq(queues.id, id)).limit(1);
    if (!row) return false;
    return actor?.accountId === row.accountId ? 'full' : 'public';
  });
  hub.registerTopicAuthorizer('member', (_subscriber, id) => Promise.resolve(isUuid(id) ? 'public' : false));
}

/** The node's hub with the platform's topic rules: what app.ts puts into `ctx.realtime`. */
export async function createRealtime(options: {
  redisUrl: string | undefined;
  keyPrefix?: string;
  db: Database;
  log: FastifyBaseLogger;
}): Promise<RealtimeHub> {
  const hub = await createRealtimeHub(options);
  registerPlatformAuthorizers(hub, options.db);
  return hub;
}
