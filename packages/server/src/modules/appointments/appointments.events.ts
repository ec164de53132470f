import { topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';

/**
 * Tells the staff screens of the account (the calendar, the work view) that appointments of
 * these lists changed, so another assistant's booking appears without a reload. Ids only, never
 * the patient: each screen refetches what its user may see. Call it after the commit.
 */
export async function announceAppointments(ctx: AppContext, rows: readonly { accountId: string; queueId: string }[]): Promise<void> {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.accountId} ${row.queueId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await ctx.realtime.publish(topicOf('account', row.accountId), { name: 'appointments.changed', data: { queue_id: row.queueId } });
  }
}
