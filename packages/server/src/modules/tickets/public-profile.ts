import type { KioskPrinting, PublicProfile } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findProfileWithAccount, queueIdsOfProfile } from '../profiles/index.js';
import { publicQueues } from './views.service.js';

/**
 * `GET /profiles/{id}/public` (no login): a location with its queues as the queue picker and
 * the kiosk show them. Each queue is exactly its `GET /queues/{id}/public`: counts, called and
 * next numbers, no patient. Unknown and malformed ids are PROFILE_NOT_FOUND.
 */
export async function publicProfile(ctx: AppContext, id: string): Promise<PublicProfile> {
  const found = await findProfileWithAccount(ctx.db, id);
  if (!found) throw new AppError('PROFILE_NOT_FOUND');
  const { profile, account } = found;
  return {
    id: profile.id,
    name: profile.name,
    identifier: profile.identifier,
    account,
    kiosk_printing: profile.kioskPrinting as KioskPrinting,
    queues: await publicQueues(ctx, await queueIdsOfProfile(ctx.db, profile.id)),
  };
}
