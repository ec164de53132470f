import { parseTopic } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { queuesWithSubscriptions } from './alerts.repo.js';
import { checkQueueAlerts } from './check.js';

/** Changes within this window are checked together: a burst of calls costs one check. */
const COALESCE_MS = 250;
/** The sweep: minutes pass without any change, and a node may have died mid-check. */
const SWEEP_MS = 30_000;

export interface AlertWatcher {
  /** Waits for the checks under way; no new ones start. */
  stop(): Promise<void>;
}

/**
 * Checks a queue's alerts after each change of its line that this node published (a draw, a
 * call, a cancel, a move), a little later so that a burst is one check. Errors are logged:
 * the next change or the sweep tries again.
 */
export function watchQueueChanges(ctx: AppContext): AlertWatcher {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const check = (queueId: string) => {
    const job = checkQueueAlerts(ctx, queueId)
      .catch((error: unknown) => ctx.log.error({ err: error, queueId }, 'alert check failed'))
      .finally(() => running.delete(job));
    running.add(job);
  };
  ctx.realtime.onPublish((topic, event) => {
    if (stopped || !event.name.startsWith('member.')) return;
    const parsed = parseTopic(topic);
    if (parsed?.kind !== 'queue' || timers.has(parsed.id)) return;
    timers.set(
      parsed.id,
      setTimeout(() => {
        timers.delete(parsed.id);
        check(parsed.id);
      }, COALESCE_MS),
    );
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}

/** Every SWEEP_MS: checks each queue whose tickets asked for alerts (main.ts starts it). */
export function startAlertSweep(ctx: AppContext): AlertWatcher {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    current = queuesWithSubscriptions(ctx.db)
      .then(async (queueIds) => {
        for (const queueId of queueIds) await checkQueueAlerts(ctx, queueId);
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alert sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(sweep, SWEEP_MS);
      });
  };
  timer = setTimeout(sweep, SWEEP_MS);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
