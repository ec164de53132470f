import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { addDays, formatLocalDate, parseLocalDate, zonedTimeToUtc } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, profiles, vacations } from '../../db/schema/index.js';
import type { Absence } from './availability.js';
import { holdsTime } from './appointments.repo.js';

export type VacationRow = typeof vacations.$inferSelect;
export type NewVacationRow = typeof vacations.$inferInsert;
export type VacationChanges = Partial<Omit<NewVacationRow, 'id' | 'accountId' | 'createdAt'>>;

const dayAfter = (date: string) => formatLocalDate(addDays(parseLocalDate(date), 1));

/** The vacation as real time in a zone: whole days from the first midnight to the midnight after the last day. */
export function periodOf(row: VacationRow, timeZone: string): { start: Date; end: Date } {
  if (row.startAt && row.endAt) return { start: row.startAt, end: row.endAt };
  return {
    start: zonedTimeToUtc(parseLocalDate(row.startDate!), '00:00', timeZone),
    end: zonedTimeToUtc(parseLocalDate(dayAfter(row.endDate!)), '00:00', timeZone),
  };
}

/** The absences of the processors that may touch [from, to) — whole days widened a day each way, the zone decides. */
export async function absencesOf(db: Queryable, processorIds: string[], from: Date, to: Date, timeZone: string): Promise<Absence[]> {
  if (processorIds.length === 0) return [];
  const day = 86_400_000;
  const rows = await db
    .select()
    .from(vacations)
    .where(
      and(
        inArray(vacations.absentProcessorId, processorIds),
        or(
          and(sql`${vacations.startAt} < ${to}`, sql`${vacations.endAt} > ${from}`),
          and(
            sql`${vacations.startDate} <= ${new Date(to.getTime() + day).toISOString().slice(0, 10)}::date`,
            sql`${vacations.endDate} >= ${new Date(from.getTime() - day).toISOString().slice(0, 10)}::date`,
          ),
        ),
      ),
    );
  return rows.map((row) => {
    const period = periodOf(row, timeZone);
    return { processorId: row.absentProcessorId, start: period.start.getTime(), end: period.end.getTime(), substituteId: row.substituteProcessorId };
  });
}

export async function listVacationsOfAccount(db: Queryable, accountId: string, processorId: string | undefined): Promise<VacationRow[]> {
  const conditions: SQL[] = [eq(vacations.accountId, accountId)];
  if (processorId) conditions.push(or(eq(vacations.absentProcessorId, processorId), eq(vacations.substituteProcessorId, processorId)) as SQL);
  return db
    .select()
    .from(vacations)
    .where(and(...conditions))
    .orderBy(asc(sql`coalesce(${vacations.startAt}, ${vacations.startDate}::timestamptz)`), asc(vacations.id));
}

export async function findVacationOfAccount(db: Queryable, accountId: string, id: string): Promise<VacationRow | undefined> {
  const [row] = await db
    .select()
    .from(vacations)
    .where(and(eq(vacations.id, id), eq(vacations.accountId, accountId)))
    .limit(1);
  return row;
}

export async function insertVacation(db: Queryable, values: NewVacationRow): Promise<VacationRow> {
  const [row] = await db.insert(vacations).values(values).returning();
  if (!row) throw new Error('insert into vacations returned no row');
  return row;
}

export async function updateVacationRow(db: Queryable, id: string, changes: VacationChanges): Promise<VacationRow | undefined> {
  const [row] = await db.update(vacations).set(changes).where(eq(vacations.id, id)).returning();
  return row;
}

export async function deleteVacationRow(db: Queryable, id: string): Promise<void> {
  await db.delete(vacations).where(eq(vacations.id, id));
}

/**
 * The time-holding appointments of the absent processor that the vacation touches, by start,
 * with their location's zone: whole days are read in each appointment's own location.
 */
export async function appointmentsDuring(db: Queryable, row: VacationRow) {
  const tz = profiles.timeZone;
  const during = row.wholeDays
    ? sql`${appointments.startAt} < ((${dayAfter(row.endDate!)}::date)::timestamp AT TIME ZONE ${tz}) AND ${appointments.endAt} > ((${row.startDate}::date)::timestamp AT TIME ZONE ${tz})`
    : sql`${appointments.startAt} < ${row.endAt} AND ${appointments.endAt} > ${row.startAt}`;
  return db
    .select({ appointment: appointments, timeZone: profiles.timeZone })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(eq(appointments.processorId, row.absentProcessorId), eq(appointments.accountId, row.accountId), holdsTime, eq(appointments.status, 'BOOKED'), during))
    .orderBy(asc(appointments.startAt));
}
