import type { PublicMonitor } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findMonitorByIdentifier, findMonitorWithAccount, queueIdsOfAccountInMasterOrder, queueIdsOfMonitors, type MonitorAccount, type MonitorRow } from './monitors.repo.js';
import { presentMonitor } from './monitors.service.js';

async function presentPublic(ctx: AppContext, account: MonitorAccount, row: MonitorRow): Promise<PublicMonitor> {
  const { id, identifier, ...settings } = presentMonitor(row, (await queueIdsOfMonitors(ctx.db, [row.id])).get(row.id) ?? []);
  return { account, monitor: { id, identifier, ...settings } };
}

/**
 * The account's master monitor (docs/product.md#screens-and-routes `/{account}/monitor`): not stored, so no id and no
 * identifier; every queue of the account as a list under the practice's name.
 */
async function masterMonitor(ctx: AppContext, account: MonitorAccount): Promise<PublicMonitor> {
  return {
    account,
    monitor: {
      id: null,
      identifier: null,
      display_name: account.display_name,
      layout: 'LIST',
      custom_zoom: 100,
      style: 'DARK',
      gong: true,
      speech: false,
      queue_ids: await queueIdsOfAccountInMasterOrder(ctx.db, account.id),
    },
  };
}

/** `GET /monitors/{id}/public` (no login): the monitor id is the screen's key to it. */
export async function publicMonitor(ctx: AppContext, id: string): Promise<PublicMonitor> {
  const found = await findMonitorWithAccount(ctx.db, id);
  if (!found) throw new AppError('MONITOR_NOT_FOUND');
  return presentPublic(ctx, found.account, found.monitor);
}

/**
 * The monitor a link `/{account}/monitor/{identifier}` names (matched case-insensitively), or,
 * without an identifier, the account's master monitor. An unknown identifier is MONITOR_NOT_FOUND.
 */
export async function publicMonitorOfAccount(ctx: AppContext, account: MonitorAccount, identifier: string | undefined): Promise<PublicMonitor> {
  if (identifier === undefined) return masterMonitor(ctx, account);
  const row = await findMonitorByIdentifier(ctx.db, account.id, identifier);
  if (!row) throw new AppError('MONITOR_NOT_FOUND');
  return presentPublic(ctx, account, row);
}
