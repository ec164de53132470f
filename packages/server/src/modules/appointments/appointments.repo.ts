import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { BookingPatientData } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, appointmentTypes, profiles, queueMembers, queues, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import { inQueueVisibleTo } from '../queues/index.js';
import { newCheckInCode } from './check-in-code.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentChanges = Partial<Omit<NewAppointmentRow, 'id' | 'accountId' | 'createdAt' | 'version'>>;

/**
 * A new appointment's columns of the patient's data, as checkBookingFields answered it, and of
 * how they asked to be told: by mail where they gave an address, unless they said otherwise.
 */
export function patientColumns(
  patient: BookingPatientData,
  asked: { description?: string | null | undefined; notifyMail?: boolean | null | undefined; notifySms?: boolean | null | undefined },
) {
  return {
    firstName: patient.first_name,
    lastName: patient.last_name,
    birthDate: patient.birth_date,
    mail: patient.mail,
    phone: patient.phone,
    insuranceNumber: patient.insurance_number,
    description: asked.description || null,
    sealedData: patient.sealed_data,
    notifyMail: asked.notifyMail ?? patient.mail !== null,
    notifySms: asked.notifySms ?? false,
  } satisfies Partial<NewAppointmentRow>;
}

/**
 * A checked-in appointment's visit is its member's: over once the member no longer waits or is
 * processed (finished, timed out, removed). Read where appointments are shown, not copied.
 */
export const visitOver = sql<boolean>`exists (select 1 from ${queueMembers} where ${queueMembers.appointmentId} = ${appointments.id} and ${queueMembers.status} not in ('WAITING', 'PROCESSING'))`;

/** Starts on `now`'s local date in its location's zone (a query joined with `profiles`). */
const startsOnDayOf = (now: Date) => sql`(${appointments.startAt} AT TIME ZONE ${profiles.timeZone})::date = (${now}::timestamptz AT TIME ZONE ${profiles.timeZone})::date`;

/** Holds its processor's time: not cancelled (the rule of the exclusion constraint). */
export const holdsTime = isNull(appointments.cancelState);

/** The time each processor has taken between two instants, as [start, end) in epoch milliseconds. */
export async function busyTimes(db: Queryable, processorIds: string[], from: Date, to: Date, exceptId?: string): Promise<Map<string, [number, number][]>> {
  const busy = new Map<string, [number, number][]>();
  if (processorIds.length === 0) return busy;
  const rows = await db
    .select({ processorId: appointments.processorId, startAt: appointments.startAt, endAt: appointments.endAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.processorId, processorIds),
        holdsTime,
        lt(appointments.startAt, to),
        gt(appointments.endAt, from),
        ...(exceptId ? [ne(appointments.id, exceptId)] : []),
      ),
    );
  for (const row of rows) {
    if (!row.processorId) continue;
    const list = busy.get(row.processorId) ?? [];
    list.push([row.startAt.getTime(), row.endAt.getTime()]);
    busy.set(row.processorId, list);
  }
  return busy;
}

/** Inserts a booking; each gets a kiosk check-in code of its own. */
export async function insertAppointment(db: Queryable, values: NewAppointmentRow): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({ checkInCode: newCheckInCode(), ...values })
    .returning();
  if (!row) throw new Error('insert into appointments returned no row');
  return row;
}

/** What the patient's page shows beside the appointment: its type, location and processor. */
export interface AppointmentWithPlace {
  appointment: AppointmentRow;
  typeName: string;
  location: { id: string; name: string; timeZone: string; street1: string | null; postcode: string | null; city: string | null };
  processorName: string | null;
  allowMove: boolean;
  /** The type offers freed times to this many waiting patients at once (0: it offers none). */
  offerCount: number;
  visitOver: boolean;
  /** The member the appointment became at check-in, if it did. */
  memberId: string | null;
}

/** The appointment by its id (the patient's key), with what its page shows. */
export async function findAppointmentWithPlace(db: Queryable, id: string): Promise<AppointmentWithPlace | undefined> {
  const [row] = await db
    .select({
      appointment: appointments,
      typeName: appointmentTypes.name,
      location: { id: profiles.id, name: profiles.name, timeZone: profiles.timeZone, street1: profiles.street1, postcode: profiles.postcode, city: profiles.city },
      processorName: users.displayName,
      allowMove: queues.allowMoveAppointment,
      offerCount: appointmentTypes.offerCount,
      visitOver,
      memberId: sql<string | null>`(select ${queueMembers.id} from ${queueMembers} where ${queueMembers.appointmentId} = ${appointments.id})`,
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .innerJoin(queues, eq(queues.id, appointments.queueId))
    .leftJoin(users, eq(users.id, appointments.processorId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}

/**
 * The booked appointment of today at the location with this check-in code (the kiosk's typed
 * way in): not cancelled, not yet checked in, starting on `now`'s local date of the location.
 */
export async function findBookedTodayByCode(db: Queryable, profileId: string, code: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(eq(appointments.checkInCode, code), eq(appointments.profileId, profileId), eq(appointments.status, 'BOOKED'), holdsTime, startsOnDayOf(now)))
    .limit(1);
  return row?.id;
}

/** The ticket a checked-in appointment became: its number and list, what the kiosk shows. */
export async function findMemberOfAppointment(db: Queryable, appointmentId: string): Promise<{ number: number; queueName: string } | undefined> {
  const [row] = await db
    .select({ number: queueMembers.number, queueName: queues.name })
    .from(queueMembers)
    .innerJoin(queues, eq(queues.id, queueMembers.queueId))
    .where(eq(queueMembers.appointmentId, appointmentId))
    .limit(1);
  return row;
}

/** The appointment and its location's zone, if the actor sees its list (the queues' visibility rule). */
export async function findVisibleAppointment(db: Queryable, actor: Actor, id: string): Promise<{ row: AppointmentRow; timeZone: string } | undefined> {
  const [found] = await db
    .select({ row: appointments, timeZone: profiles.timeZone })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(eq(appointments.id, id), eq(appointments.accountId, actor.accountId), inQueueVisibleTo(actor, appointments.queueId)))
    .limit(1);
  return found;
}

export interface AppointmentFilter {
  from: string;
  to: string;
  processorId?: string | undefined;
  profileId?: string | undefined;
  queueId?: string | undefined;
  status?: AppointmentRow['status'] | 'CANCELLED' | undefined;
}

/** The appointments of the lists the actor sees whose start falls on the local dates (each location's own zone), by start. */
export async function listVisibleAppointments(db: Queryable, actor: Actor, filter: AppointmentFilter): Promise<{ row: AppointmentRow; timeZone: string; visitOver: boolean }[]> {
  const localDay = sql`(${appointments.startAt} AT TIME ZONE ${profiles.timeZone})::date`;
  const conditions: SQL[] = [
    eq(appointments.accountId, actor.accountId),
    inQueueVisibleTo(actor, appointments.queueId),
    sql`${localDay} BETWEEN ${filter.from}::date AND ${filter.to}::date`,
  ];
  if (filter.processorId) conditions.push(eq(appointments.processorId, filter.processorId));
  if (filter.profileId) conditions.push(eq(appointments.profileId, filter.profileId));
  if (filter.queueId) conditions.push(eq(appointments.queueId, filter.queueId));
  if (filter.status === 'CANCELLED') conditions.push(isNotNull(appointments.cancelState));
  else if (filter.status) conditions.push(eq(appointments.status, filter.status), holdsTime);
  const rows = await db
    .select({ row: appointments, timeZone: profiles.timeZone, visitOver })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startAt), asc(appointments.id));
  return rows;
}

/**
 * Changes the appointments that still are as `expected` says (compare-and-set), raising their
 * version; those that were not (changed meanwhile, or gone) are left out of the answer.
 */
export async function updateAppointmentsIf(db: Queryable, ids: string[], expected: SQL | undefined, changes: AppointmentChanges, at: Date): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(appointments)
    .set({ ...changes, version: sql`${appointments.version} + 1`, updatedAt: at })
    .where(and(inArray(appointments.id, ids), ...(expected ? [expected] : [])))
    .returning();
}

/** updateAppointmentsIf for one appointment: the changed row, or undefined. */
export async function updateAppointmentIf(db: Queryable, id: string, expected: SQL | undefined, changes: AppointmentChanges, at: Date): Promise<AppointmentRow | undefined> {
  const [row] = await updateAppointmentsIf(db, [id], expected, changes, at);
  return row;
}

/** The ids of a series' appointments (or the one appointment alone), in start order. */
export async function idsOfScope(db: Queryable, row: AppointmentRow, all: boolean): Promise<string[]> {
  if (!all || !row.seriesId) return [row.id];
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.seriesId, row.seriesId), eq(appointments.accountId, row.accountId)))
    .orderBy(asc(appointments.startAt));
  return rows.map((r) => r.id);
}

export async function deleteAppointments(db: Queryable, ids: string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return db.delete(appointments).where(inArray(appointments.id, ids)).returning();
}

/** The list's appointments of `now`'s local day, booked or no-show and not cancelled, by start; `text` matches names and phone. */
export async function appointmentsOfListOnDay(db: Queryable, queueId: string, now: Date, text: string | undefined): Promise<{ row: AppointmentRow; timeZone: string }[]> {
  const conditions: SQL[] = [eq(appointments.queueId, queueId), holdsTime, inArray(appointments.status, ['BOOKED', 'NO_SHOW']), startsOnDayOf(now)];
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`concat_ws(' ', ${appointments.firstName}, ${appointments.lastName}, ${appointments.phone}) ILIKE ${pattern}`);
  }
  return db
    .select({ row: appointments, timeZone: profiles.timeZone })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startAt), asc(appointments.id));
}

/** Per list, how many appointments not cancelled start on `now`'s local day of their location. */
export async function countAppointmentsOfDay(db: Queryable, queueIds: string[], now: Date): Promise<Map<string, number>> {
  if (queueIds.length === 0) return new Map();
  const rows = await db
    .select({ queueId: appointments.queueId, n: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(and(inArray(appointments.queueId, queueIds), holdsTime, startsOnDayOf(now)))
    .groupBy(appointments.queueId);
  return new Map(rows.map((row) => [row.queueId, Number(row.n)]));
}
