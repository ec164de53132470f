import type { Database } from '../../db/connect.js';
import { isUuid } from '../../platform/auth.js';
import type { RealtimeHub } from '../../platform/realtime/index.js';
import { accountOfMonitor } from './monitors.repo.js';

/**
 * `monitor:{id}`: a monitor screen runs without login, so anyone may follow an existing monitor
 * (its events say no more than its public view). An unknown or malformed id is refused, so the
 * topic cannot be used to probe for ids.
 */
export function registerMonitorTopic(hub: RealtimeHub, db: Database): void {
  hub.registerTopicAuthorizer('monitor', async ({ actor }, id) => {
    if (!isUuid(id)) return false;
    const accountId = await accountOfMonitor(db, id);
    if (!accountId) return false;
    return actor?.accountId === accountId ? 'full' : 'public';
  });
}
