import { TicketView } from '@wartefrei/shared';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { accountOfMember } from './tickets.repo.js';
import { createPublicSnapshots, type PublicSnapshots } from './public-snapshot.js';
import { ticketView } from './views.service.js';

/**
 * The tickets module's topics, registered at start:
 * - `member:{id}`: the ticket's id is the visitor's key — whoever holds it sees that ticket's
 *   events in full (they carry no more than the ticket page shows); staff of the account too.
 *   An unknown ticket is refused, so the topic cannot be used to probe for ids.
 * - The snapshots a socket may get with `subscribed` instead of refetching: `member:{id}` the
 *   ticket page (`GET /members/{id}`), `queue:{id}` the list's public view (`GET
 *   /queues/{id}/public`, from the cache that route uses, which it answers with).
 */
export function registerTicketTopics(ctx: AppContext): PublicSnapshots {
  const hub = ctx.realtime;
  const publicSnapshots = createPublicSnapshots(ctx);
  hub.registerTopicAuthorizer('member', async (_subscriber, id) => {
    if (!isUuid(id)) return false;
    return (await accountOfMember(ctx.db, id)) ? 'full' : false;
  });
  hub.registerTopicSnapshot('member', async (id) => JSON.stringify(TicketView.parse(await ticketView(ctx, id))));
  hub.registerTopicSnapshot('queue', (id) => publicSnapshots.json(id));
  return publicSnapshots;
}
