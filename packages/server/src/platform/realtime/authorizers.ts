import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import { queues } from '../../db/schema/index.js';
import { isUuid } from '../auth.js';
import { createRealtimeHub, type RealtimeHub, type RealtimeMetrics } from './hub.js';

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
  const accountOfQueue = sharedQueueAccountLookup(db);
  hub.registerTopicAuthorizer('account', ({ actor }, id) => Promise.resolve(actor?.accountId === id ? 'full' : false));
  hub.registerTopicAuthorizer('queue', async ({ actor }, id) => {
    if (!isUuid(id)) return false;
    const accountId = await accountOfQueue(id);
    if (!accountId) return false;
    return actor?.accountId === accountId ? 'full' : 'public';
  });
  hub.registerTopicAuthorizer('member', (_subscriber, id) => Promise.resolve(isUuid(id) ? 'public' : false));
}

/**
 * A queue's account, with one query shared by the lookups of a queue that overlap: after a node
 * restart thousands of sockets re-subscribe to the same queue within seconds, and a query each
 * queues them all behind the database (bench/fanout.mjs's reconnect storm). A queue never
 * changes its account, so a shared answer is the answer. Only "found" is shared: a lookup that
 * joined one answering "no such queue" asks again itself, since the queue may have been created
 * after the shared query looked. Nothing is kept once a query answered.
 */
function sharedQueueAccountLookup(db: Database): (queueId: string) => Promise<string | undefined> {
  const inFlight = new Map<string, Promise<string | undefined>>();
  const query = async (queueId: string) => {
    const [row] = await db.select({ accountId: queues.accountId }).from(queues).where(eq(queues.id, queueId)).limit(1);
    return row?.accountId;
  };
  return async (queueId) => {
    const shared = inFlight.get(queueId);
    if (shared) return (await shared) ?? query(queueId);
    const lookup = query(queueId).finally(() => inFlight.delete(queueId));
    inFlight.set(queueId, lookup);
    return lookup;
  };
}

/** The node's hub with the platform's topic rules: what app.ts puts into `ctx.realtime`. */
export async function createRealtime(options: {
  redisUrl: string | undefined;
  keyPrefix?: string;
  db: Database;
  log: FastifyBaseLogger;
  metrics?: RealtimeMetrics;
}): Promise<RealtimeHub> {
  const hub = await createRealtimeHub(options);
  registerPlatformAuthorizers(hub, options.db);
  return hub;
}
