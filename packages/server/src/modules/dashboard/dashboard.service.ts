import type { DashboardQueue } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { countAppointmentsOfDay } from '../appointments/index.js';
import { estimateLine, loadQueueLine, type QueueLine } from '../tickets/index.js';
import { listDashboardQueues, meanWaitSecondsOfOpenSessions, type DashboardQueueRow } from './dashboard.repo.js';

const MINUTE = 60_000;

/**
 * `GET /dashboard`: every queue the caller may see — admins all of the account, processors the
 * assigned ones (docs/product.md#roles-and-permissions) — with its state, counts, current average wait and estimated end.
 * The line and its estimate come from the tickets module, so the dashboard, the ticket page and
 * the public views always agree.
 */
export async function dashboardOf(ctx: AppContext, actor: Actor): Promise<DashboardQueue[]> {
  const rows = await listDashboardQueues(ctx.db, actor);
  const now = ctx.clock.now();
  const queueIds = rows.map((row) => row.queue.id);
  const [lined, meanWaits, appointmentsToday] = await Promise.all([
    Promise.all(rows.map(async (row) => ({ row, line: await loadQueueLine(ctx.db, row.queue.id, now) }))),
    meanWaitSecondsOfOpenSessions(ctx.db, queueIds),
    countAppointmentsOfDay(ctx.db, queueIds, now),
  ]);
  return lined.map(({ row, line }) => {
    const meanWait = meanWaits.get(row.queue.id);
    return {
      ...presentDashboardQueue(row, line, estimatedEnd(row, line, now), meanWait === undefined ? null : Math.round(meanWait / 60)),
      appointments_today: appointmentsToday.get(row.queue.id) ?? 0,
    };
  });
}

/**
 * When the last waiting member will be done: the latest estimated start in the line plus one
 * average process time. The latest rather than the last in order: an info tag may shift a
 * member's own estimate past the one behind it.
 */
function estimatedEnd(row: DashboardQueueRow, line: QueueLine, now: Date): Date | null {
  if (line.waiting.length === 0) return null;
  const estimate = estimateLine(row.queue, line, now);
  const starts = [...estimate.places.values()].flatMap((place) => (place.estimatedStart ? [place.estimatedStart.getTime()] : []));
  if (starts.length === 0) return null;
  return new Date(Math.max(...starts) + estimate.averageMinutes * MINUTE);
}

function presentDashboardQueue(row: DashboardQueueRow, line: QueueLine, end: Date | null, averageWaitMinutes: number | null): Omit<DashboardQueue, 'appointments_today'> {
  return {
    queue_id: row.queue.id,
    name: row.queue.name,
    profile_id: row.queue.profileId,
    profile_name: row.profileName,
    time_zone: row.timeZone,
    open: row.session?.open ?? false,
    waiting: line.waiting.length,
    processing: line.processing.length,
    average_wait_minutes: averageWaitMinutes,
    estimated_end: end?.toISOString() ?? null,
  };
}
