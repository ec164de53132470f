import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { profiles, queues, sessionScheduleEntries } from '../../db/schema/index.js';

export type ScheduleEntryRow = typeof sessionScheduleEntries.$inferSelect;
export type ScheduleEntryValues = Partial<Pick<ScheduleEntryRow, 'event' | 'weekday' | 'localTime' | 'activated' | 'validOnHoliday'>>;

/** Where an entry fires: the location's zone and holiday region. */
export interface ScheduleLocation {
  timeZone: string;
  country: string | null;
  region: string | null;
}

export interface PlannableEntry {
  entry: ScheduleEntryRow;
  location: ScheduleLocation;
  smartSuspendMinutes: number;
}

const plannableColumns = {
  entry: sessionScheduleEntries,
  location: { timeZone: profiles.timeZone, country: profiles.country, region: profiles.region },
  smartSuspendMinutes: queues.smartSuspendMinutes,
};

export async function listEntries(q: Queryable, queueId: string): Promise<ScheduleEntryRow[]> {
  return q
    .select()
    .from(sessionScheduleEntries)
    .where(eq(sessionScheduleEntries.queueId, queueId))
    .orderBy(asc(sessionScheduleEntries.weekday), asc(sessionScheduleEntries.localTime), asc(sessionScheduleEntries.event));
}

export async function insertEntry(q: Queryable, values: typeof sessionScheduleEntries.$inferInsert): Promise<ScheduleEntryRow> {
  const [row] = await q.insert(sessionScheduleEntries).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEntry(q: Queryable, queueId: string, entryId: string, values: ScheduleEntryValues): Promise<ScheduleEntryRow | undefined> {
  const where = and(eq(sessionScheduleEntries.id, entryId), eq(sessionScheduleEntries.queueId, queueId));
  if (Object.keys(values).length === 0) {
    const [row] = await q.select().from(sessionScheduleEntries).where(where).limit(1);
    return row;
  }
  const [row] = await q.update(sessionScheduleEntries).set(values).where(where).returning();
  return row;
}

export async function deleteEntry(q: Queryable, queueId: string, entryId: string): Promise<boolean> {
  const rows = await q
    .delete(sessionScheduleEntries)
    .where(and(eq(sessionScheduleEntries.id, entryId), eq(sessionScheduleEntries.queueId, queueId)))
    .returning({ id: sessionScheduleEntries.id });
  return rows.length > 0;
}

/** An entry with its location (jobs and planning). */
export async function findPlannableEntry(q: Queryable, entryId: string): Promise<PlannableEntry | undefined> {
  const [row] = await q
    .select(plannableColumns)
    .from(sessionScheduleEntries)
    .innerJoin(queues, eq(queues.id, sessionScheduleEntries.queueId))
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .where(eq(sessionScheduleEntries.id, entryId))
    .limit(1);
  return row;
}

/** Every activated entry of every account, with its location (planning on start). */
export async function listActivatedEntries(q: Queryable): Promise<PlannableEntry[]> {
  return q
    .select(plannableColumns)
    .from(sessionScheduleEntries)
    .innerJoin(queues, eq(queues.id, sessionScheduleEntries.queueId))
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .where(eq(sessionScheduleEntries.activated, true));
}

/** A queue's activated entries with its location (whether the schedule has it open now). */
export async function listActivatedEntriesOfQueue(q: Queryable, queueId: string): Promise<PlannableEntry[]> {
  return q
    .select(plannableColumns)
    .from(sessionScheduleEntries)
    .innerJoin(queues, eq(queues.id, sessionScheduleEntries.queueId))
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .where(and(eq(sessionScheduleEntries.queueId, queueId), eq(sessionScheduleEntries.activated, true)));
}
