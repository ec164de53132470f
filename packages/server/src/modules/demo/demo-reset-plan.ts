import { addDays, localDateOf, zonedTimeToUtc } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { scheduleJob } from '../../platform/jobs/index.js';

export const DEMO_RESET_JOB = 'demo.reset';

/** The local time of the nightly reset: the demo's quietest hour, in its location's zone. */
export const DEMO_RESET_LOCAL_TIME = '03:00';

/** The next reset strictly after `after`: 03:00 on the location's calendar, whatever the offset that day (DST). */
export function nextDemoReset(after: Date, timeZone: string): Date {
  const today = localDateOf(after, timeZone);
  const at = zonedTimeToUtc(today, DEMO_RESET_LOCAL_TIME, timeZone);
  return at.getTime() > after.getTime() ? at : zonedTimeToUtc(addDays(today, 1), DEMO_RESET_LOCAL_TIME, timeZone);
}

/** Plans the next nightly reset (idempotent: one job per instant, however many nodes plan it). */
export async function planDemoReset(q: Queryable, after: Date, timeZone: string): Promise<Date> {
  const runAt = nextDemoReset(after, timeZone);
  await scheduleJob(q, { kind: DEMO_RESET_JOB, key: `demo@${runAt.toISOString()}`, runAt, payload: {} });
  return runAt;
}
