import { topicOf } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';

/**
 * Tells the screens on `monitor:{id}` that the monitor changed (settings, queues, or deleted).
 * The event carries nothing but its version: every screen refetches the public monitor, which
 * holds no more than anyone may see. Call it after the commit.
 */
export async function announceMonitorChange(ctx: AppContext, monitorId: string): Promise<void> {
  await ctx.realtime.publish(topicOf('monitor', monitorId), { name: 'monitor.updated', data: {}, public: true });
}
