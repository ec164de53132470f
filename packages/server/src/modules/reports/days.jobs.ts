import type { AppContext } from '../../platform/context.js';
import { registerJobHandler, scheduleJob, type JobHandler } from '../../platform/jobs/index.js';
import { catchUp } from './days.service.js';

/*
 * The reports' catch-up (docs/architecture.md#daily-aggregates-of-reports): every CATCH_UP_EVERY_MS it aggregates the
 * list-days closed since, and those its triggers marked stale; with more left (a long history,
 * many stale days) it follows up at once. Missed while down: the next run does what was missed.
 */

export const REPORT_CATCH_UP_JOB = 'reports.catch-up';
const CATCH_UP_EVERY_MS = 10 * 60_000;
const FOLLOW_UP_MS = 2_000;

const slotOf = (at: Date) => at.toISOString();

/** Makes sure a catch-up is planned (server start; idempotent by its time slot). */
export async function planReportCatchUp(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const at = new Date(Math.ceil(now.getTime() / CATCH_UP_EVERY_MS) * CATCH_UP_EVERY_MS);
  await scheduleJob(ctx.db, { kind: REPORT_CATCH_UP_JOB, key: slotOf(at), runAt: at });
}

const run: JobHandler = async (ctx, tx) => {
  const now = ctx.clock.now();
  const more = await catchUp(tx, now);
  const next = more ? new Date(now.getTime() + FOLLOW_UP_MS) : new Date((Math.floor(now.getTime() / CATCH_UP_EVERY_MS) + 1) * CATCH_UP_EVERY_MS);
  await scheduleJob(tx, { kind: REPORT_CATCH_UP_JOB, key: slotOf(next), runAt: next });
  return 'DONE';
};

/** The reports module's job kinds; app.ts calls this when it builds the app. */
export function registerReportJobs(): void {
  registerJobHandler(REPORT_CATCH_UP_JOB, run);
}
