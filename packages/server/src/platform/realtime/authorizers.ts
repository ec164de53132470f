import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import { queues } from '../../db/schema/index.js';
import { isUuid } from '../auth.js';
import { createRealtimeHub, type RealtimeHub, type RealtimeMetrics } from './hub.js';

/**
 * The topic rules that need nothing but the platform — the safe ones, until the modules that
 * own a kind register theirs at start with `ctx.realtime.registerTopicAuthorizer(kind, fn)`:
 * - `account:{id}`: staff of that account only (modules/queues narrows a processor to the
 *   events of their lists: queues.realtime.ts).
 * - `queue:{id}`: public events only, to anyone; an unknown queue is refused (modules/queues
 *   gives staff who may see the list every event).
 * - `member:{token}`: refused (modules/tickets/tickets.realtime.ts: the token of a patient's
 *   link, or staff by id).
 * - `monitor:{id}`: refused (modules/monitors/monitors.realtime.ts: existing monitors, open to anyone).
 */
export function registerPlatformAuthorizers(hub: RealtimeHub, db: Database): void {
  const accountOfQueue = sharedQueueAccountLookup(db);
  hub.registerTopicAuthorizer('account', ({ actor }, id) => Promise.resolve(actor?.accountId === id ? 'full' : false));
  hub.registerTopicAuthorizer('queue', async (_subscriber, id) => (isUuid(id) && (await accountOfQueue(id)) ? 'public' : false));
  hub.registerTopicAuthorizer('member', () => Promise.resolve(false));
}

/**
 * A queue's account, with one query shared by the lookups of a queue that overlap: after a node
 * restart thousands of sockets re-subscribe to the same queue within seconds, and a query each
 * queues them all behind the database (bench/fanout.mjs's reconnect storm). A queue never
 * changes its account, so a shared answer is the answer. Only "found" is shared: a lookup that
 * joined one answering "no such queue" asks again itself, since the queue may have been created
 * after the shared query looked. Nothing is kept once a query answered.
 */
export function sharedQueueAccountLookup(db: Database): (queueId: string) => Promise<string | undefined> {
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
