import { and, eq } from 'drizzle-orm';
import { topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { queueIsLive, queues } from '../../db/schema/index.js';

/**
 * Tells every list of the account that its public view changed: the key to seal for
 * (`sealing_key`) came or went. Kiosks and monitors refetch on it, and the cached public view
 * (tickets/public-snapshot.ts) moves on with the version at once — a page must not offer
 * clear fields after the switch, nor a key that is gone. Call after the commit.
 */
export async function announceSealingKeyChange(ctx: AppContext, accountId: string): Promise<void> {
  const rows = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), queueIsLive));
  for (const { id } of rows) await ctx.realtime.publish(topicOf('queue', id), { name: 'queue.updated', data: { queue_id: id }, public: true });
}
