import { TicketView } from '@wartefrei/shared';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { resolveLink, ticketUrl } from '../patient-links/index.js';
import { findMemberForStaff } from './tickets.repo.js';
import { createPublicSnapshots, type PublicSnapshots } from './public-snapshot.js';
import { ticketView } from './views.service.js';

/**
 * The tickets module's topics, registered at start:
 * - `member:{token}`: the token of the patient's link (docs/security.md#patient-links) follows
 *   `member:{id}` of the ticket it opens, in full (its events carry no more than the ticket page
 *   shows); anything else — an unknown or expired token, a ticket's bare id — is refused alike,
 *   so the topic cannot be used to probe. Staff ask by id (`member:{id}`) for a ticket of a list
 *   they see.
 * - The snapshots a socket may get with `subscribed` instead of refetching: `member:{…}` the
 *   ticket page (`GET /members/{token}`), `queue:{id}` the list's public view (`GET
 *   /queues/{id}/public`, from the cache that route uses, which it answers with).
 */
export function registerTicketTopics(ctx: AppContext): PublicSnapshots {
  const hub = ctx.realtime;
  const publicSnapshots = createPublicSnapshots(ctx);
  hub.registerTopicAuthorizer('member', async ({ actor }, key) => {
    if (actor && isUuid(key)) return (await findMemberForStaff(ctx.db, actor, key)) ? 'full' : false;
    const target = await resolveLink(ctx.db, key, ctx.clock.now());
    return target?.memberId ? { access: 'full', id: target.memberId } : false;
  });
  // The ticket page as `GET /members/{token}` answers it: by the ticket the topic follows, with
  // the link it was named by (staff, naming the id, get no link).
  hub.registerTopicSnapshot('member', async (id, askedAs) => {
    const view = await ticketView(ctx, id);
    return JSON.stringify(TicketView.parse(askedAs === id ? view : { ...view, patient_url: ticketUrl(ctx.config.publicUrl, askedAs) }));
  });
  hub.registerTopicSnapshot('queue', (id) => publicSnapshots.json(id));
  return publicSnapshots;
}
