import { z } from 'zod';
import { formatLocalDate, localDateOf, nextWeeklyOccurrence, ScheduleEventName, zonedTimeToUtc } from '@wartefrei/shared';
import type { Queryable, Transaction } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Outbox } from '../../platform/realtime/index.js';
import { cancelPendingJobs, registerJobHandler, scheduleJob, type JobHandler } from '../../platform/jobs/index.js';
import { applySessionEvent, findQueueById, getOrCreateSession, type SessionCommand, type SessionEventOrigin } from '../sessions/index.js';
import { isPublicHoliday } from '../profiles/index.js';
import { findPlannableEntry, listActivatedEntries, type PlannableEntry, type ScheduleEntryRow } from './schedules.repo.js';

export const SCHEDULE_OCCURRENCE_JOB = 'schedule.occurrence';
export const SMART_SUSPEND_JOB = 'schedule.smart-suspend';

/**
 * Missed-while-down rule for schedule occurrences: one that is run more than this late is marked
 * MISSED instead of fired (a START at 07:30 should not open the list at 14:00 because the server
 * was down), and the entry's next occurrence is planned either way.
 */
export const OCCURRENCE_GRACE_MS = 15 * 60_000;

/** The entry as its job saw it when planned (see snapshotOf). */
const OccurrencePayload = z.object({
  entryId: z.uuid(),
  queueId: z.uuid(),
  event: ScheduleEventName,
  weekday: z.number().int().min(1).max(7),
  localTime: z.string().regex(/^\d{2}:\d{2}$/),
});
type OccurrencePayload = z.infer<typeof OccurrencePayload>;
const SmartSuspendPayload = OccurrencePayload.extend({ closesAt: z.iso.datetime({ offset: true }) });

/** The entry as its job saw it when planned: a changed entry makes the old job obsolete. */
function snapshotOf(entry: ScheduleEntryRow): OccurrencePayload {
  return { entryId: entry.id, queueId: entry.queueId, event: entry.event as ScheduleEventName, weekday: entry.weekday, localTime: entry.localTime };
}

/**
 * Whether a job still stands for its entry: 'current' when it does; 'changed' when the entry was
 * edited, deactivated or deleted since (that change planned what is right now); 'moved' when only
 * the location's time zone changed, which nobody re-planned, so the job re-plans the entry.
 */
function planState(current: PlannableEntry | undefined, planned: OccurrencePayload, runAt: Date): 'current' | 'changed' | 'moved' {
  if (!current?.entry.activated) return 'changed';
  const now = snapshotOf(current.entry);
  if (now.event !== planned.event || now.weekday !== planned.weekday || now.localTime !== planned.localTime) return 'changed';
  const date = localDateOf(runAt, current.location.timeZone);
  const at = zonedTimeToUtc(date, current.entry.localTime, current.location.timeZone);
  return at.getTime() === runAt.getTime() ? 'current' : 'moved';
}

/** Whether an occurrence fires: not on a public holiday of the location unless valid on holiday. */
export function firesOn(planned: PlannableEntry, at: Date): boolean {
  if (planned.entry.validOnHoliday) return true;
  const { timeZone, country, region } = planned.location;
  return !isPublicHoliday(country, region, formatLocalDate(localDateOf(at, timeZone)));
}

/**
 * Plans the entry's next occurrence strictly after `after` (idempotent: the key is entry and
 * instant), and for a TERMINATE the smart suspend `smartSuspendMinutes` before it.
 */
export async function planNextOccurrence(q: Queryable, planned: PlannableEntry, after: Date): Promise<Date | undefined> {
  const { entry, location } = planned;
  if (!entry.activated) return undefined;
  const { at } = nextWeeklyOccurrence(after, entry.weekday, entry.localTime, location.timeZone);
  const key = `${entry.id}@${at.toISOString()}`;
  await scheduleJob(q, { kind: SCHEDULE_OCCURRENCE_JOB, key, runAt: at, payload: { ...snapshotOf(entry) } });
  if (entry.event === 'TERMINATE' && planned.smartSuspendMinutes > 0) {
    await scheduleJob(q, {
      kind: SMART_SUSPEND_JOB,
      key,
      runAt: new Date(at.getTime() - planned.smartSuspendMinutes * 60_000),
      payload: { ...snapshotOf(entry), closesAt: at.toISOString() },
    });
  }
  return at;
}

/** Drops the pending jobs of an entry (changed or deleted); the caller plans anew. */
export async function cancelEntryJobs(q: Queryable, entryId: string): Promise<void> {
  await cancelPendingJobs(q, [SCHEDULE_OCCURRENCE_JOB, SMART_SUSPEND_JOB], 'entryId', entryId);
}

/** On start: plans the next occurrence of every activated entry (idempotent). */
export async function planAllSchedules(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const entries = await listActivatedEntries(ctx.db);
  for (const planned of entries) await planNextOccurrence(ctx.db, planned, now);
  return entries.length;
}

/** Fires a command; a state that already holds (SESSION_UNCHANGED) is fine for the schedule. */
async function fire(ctx: AppContext, tx: Transaction, queueId: string, command: SessionCommand, origin: SessionEventOrigin, outbox: Outbox): Promise<void> {
  const queue = await findQueueById(tx, queueId);
  if (!queue) return;
  try {
    await tx.transaction((sp) => applySessionEvent(ctx, sp, queue, command, origin, outbox));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'SESSION_UNCHANGED')) throw error;
  }
}

/**
 * One occurrence of a weekly entry: fires the entry's event through the session service like a
 * user would (source SCHEDULE; buttons do not bind the schedule) unless it is a public holiday
 * and the entry is not valid on holidays, then plans the next occurrence.
 */
const runOccurrence: JobHandler<OccurrencePayload> = async (ctx, tx, job, outbox) => {
  const planned = job.payload;
  const current = await findPlannableEntry(tx, planned.entryId);
  const now = ctx.clock.now();
  const state = planState(current, planned, job.runAt);
  if (state === 'moved' && current) await planNextOccurrence(tx, current, now);
  if (state !== 'current' || !current) return 'DONE';
  await planNextOccurrence(tx, current, new Date(Math.max(job.runAt.getTime(), now.getTime())));
  if (now.getTime() - job.runAt.getTime() > OCCURRENCE_GRACE_MS) return 'MISSED';
  if (firesOn(current, job.runAt)) {
    await fire(ctx, tx, planned.queueId, { event: planned.event, note: { schedule_entry_id: planned.entryId } }, { source: 'SCHEDULE' }, outbox);
  }
  return 'DONE';
};

/**
 * Smart suspend: online intake stops `smart_suspend_minutes` before a scheduled TERMINATE, as a
 * timed suspend until the close (source JOB). Only when that TERMINATE will fire (same holiday
 * rule) and the session is open. Missed-while-down rule: it runs late, but not after the close
 * it belongs to (then it is MISSED). The minutes are those of the queue when the close was
 * planned; a changed setting applies from the next planned close on.
 */
const runSmartSuspend: JobHandler<z.infer<typeof SmartSuspendPayload>> = async (ctx, tx, job, outbox) => {
  const planned = job.payload;
  const closesAt = new Date(planned.closesAt);
  const current = await findPlannableEntry(tx, planned.entryId);
  // A moved or changed close has (or gets, through its occurrence job) a smart suspend of its own.
  if (planState(current, planned, closesAt) !== 'current' || !current) return 'DONE';
  if (ctx.clock.now().getTime() >= closesAt.getTime()) return 'MISSED';
  if (!firesOn(current, closesAt)) return 'DONE';
  const session = await getOrCreateSession(tx, planned.queueId);
  if (!session.open) return 'DONE';
  await fire(
    ctx,
    tx,
    planned.queueId,
    { event: 'SUSPEND_ONLINE_TIMED', until: closesAt, note: { smart_suspend: true, schedule_entry_id: planned.entryId } },
    { source: 'JOB' },
    outbox,
  );
  return 'DONE';
};

/** The schedules module's job kinds; app.ts calls this when it builds the app. */
export function registerScheduleJobs(): void {
  registerJobHandler(SCHEDULE_OCCURRENCE_JOB, runOccurrence, OccurrencePayload);
  registerJobHandler(SMART_SUSPEND_JOB, runSmartSuspend, SmartSuspendPayload);
}
