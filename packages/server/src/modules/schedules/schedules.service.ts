import type { ScheduleEntry, ScheduleEntryInput, ScheduleEntryPatch, ScheduleEventName, ScheduleNow } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import { queueOfActor } from '../queues/index.js';
import type { SessionQueue } from '../sessions/index.js';
import { cancelEntryJobs, planNextOccurrence } from './schedules.jobs.js';
import { scheduleNow } from './schedules.now.js';
import {
  deleteEntry,
  findPlannableEntry,
  insertEntry,
  listActivatedEntriesOfQueue,
  listEntries,
  updateEntry,
  type ScheduleEntryRow,
  type ScheduleEntryValues,
} from './schedules.repo.js';

function presentEntry(row: ScheduleEntryRow): ScheduleEntry {
  return {
    id: row.id,
    queue_id: row.queueId,
    event: row.event as ScheduleEventName,
    weekday: row.weekday,
    local_time: row.localTime,
    activated: row.activated,
    valid_on_holiday: row.validOnHoliday,
  };
}

/** Admins: any queue of the account; processors: assigned queues, and only to read. */
async function queueOf(ctx: AppContext, actor: Actor, queueId: string, access: 'read' | 'write'): Promise<SessionQueue> {
  if (access === 'write' && !actor.isAdmin) throw new AppError('FORBIDDEN');
  return queueOfActor(ctx.db, actor, queueId);
}

/** docs/product.md#validation-rules: an entry of the same event at the same weekday and time exists already. */
function duplicateEntry(error: unknown): AppError | undefined {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'session_schedule_entries_unique') {
    return new AppError('UNIQUE', { fields: { local_time: 'SCHEDULE_ENTRY_EXISTS' } });
  }
  return undefined;
}

/** Re-plans an entry after a write: its pending jobs go, the next occurrence is planned. */
async function replan(ctx: AppContext, tx: Transaction, entryId: string): Promise<void> {
  await cancelEntryJobs(tx, entryId);
  const planned = await findPlannableEntry(tx, entryId);
  if (planned) await planNextOccurrence(tx, planned, ctx.clock.now());
}

/** `GET /queues/{id}/schedule`, by weekday and time. */
export async function listSchedule(ctx: AppContext, actor: Actor, queueId: string): Promise<ScheduleEntry[]> {
  const queue = await queueOf(ctx, actor, queueId, 'read');
  return (await listEntries(ctx.db, queue.id)).map(presentEntry);
}

/** `GET /queues/{id}/schedule/now`: whether the schedule has the list open at this moment (schedules.now.ts). */
export async function getScheduleNow(ctx: AppContext, actor: Actor, queueId: string): Promise<ScheduleNow> {
  const queue = await queueOf(ctx, actor, queueId, 'read');
  return scheduleNow(await listActivatedEntriesOfQueue(ctx.db, queue.id), ctx.clock.now());
}

/** `POST /queues/{id}/schedule`: a new entry, its next occurrence planned in the same transaction. */
export async function createScheduleEntry(ctx: AppContext, actor: Actor, queueId: string, input: ScheduleEntryInput): Promise<ScheduleEntry> {
  const queue = await queueOf(ctx, actor, queueId, 'write');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertEntry(tx, {
        queueId: queue.id,
        event: input.event,
        weekday: input.weekday,
        localTime: input.local_time,
        activated: input.activated,
        validOnHoliday: input.valid_on_holiday,
      });
      await replan(ctx, tx, inserted.id);
      return inserted;
    });
    return presentEntry(row);
  } catch (error) {
    throw duplicateEntry(error) ?? error;
  }
}

/** `PATCH /queues/{id}/schedule/{entryId}`: changes an entry and re-plans it. */
export async function changeScheduleEntry(ctx: AppContext, actor: Actor, queueId: string, entryId: string, input: ScheduleEntryPatch): Promise<ScheduleEntry> {
  const queue = await queueOf(ctx, actor, queueId, 'write');
  const values: ScheduleEntryValues = {};
  if (input.event !== undefined) values.event = input.event;
  if (input.weekday !== undefined) values.weekday = input.weekday;
  if (input.local_time !== undefined) values.localTime = input.local_time;
  if (input.activated !== undefined) values.activated = input.activated;
  if (input.valid_on_holiday !== undefined) values.validOnHoliday = input.valid_on_holiday;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await updateEntry(tx, queue.id, entryId, values);
      if (!updated) throw new AppError('NOT_FOUND');
      await replan(ctx, tx, updated.id);
      return updated;
    });
    return presentEntry(row);
  } catch (error) {
    throw duplicateEntry(error) ?? error;
  }
}

/** `DELETE /queues/{id}/schedule/{entryId}`: the entry and its pending jobs. */
export async function deleteScheduleEntry(ctx: AppContext, actor: Actor, queueId: string, entryId: string): Promise<void> {
  const queue = await queueOf(ctx, actor, queueId, 'write');
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteEntry(tx, queue.id, entryId))) throw new AppError('NOT_FOUND');
    await cancelEntryJobs(tx, entryId);
  });
}
