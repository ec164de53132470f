import { isUuid } from '../../platform/auth.js';
import type { Database } from '../../db/connect.js';
import type { RealtimeHub } from '../../platform/realtime/index.js';
import { accountOfMember } from './tickets.repo.js';

/**
 * `member:{id}`: the ticket's id is the visitor's key — whoever holds it sees that ticket's
 * events in full (they carry no more than the ticket page shows); staff of the account too.
 * An unknown ticket is refused, so the topic cannot be used to probe for ids.
 */
export function registerMemberTopic(hub: RealtimeHub, db: Database): void {
  hub.registerTopicAuthorizer('member', async (_subscriber, id) => {
    if (!isUuid(id)) return false;
    return (await accountOfMember(db, id)) ? 'full' : false;
  });
}
