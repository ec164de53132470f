import { and, asc, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { appointments, appointmentTypes, profiles, queues, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import { inQueueVisibleTo } from '../queues/index.js';
import { visitOver, type AppointmentRow } from './appointments.repo.js';

/*
 * Appointments searched page by page (the FHIR interface's `GET /fhir/R4/Appointment`): by
 * start between instants or local times of each location, by state, by processor, location or
 * list — within the lists the caller sees — ordered by start and id so pages neither skip nor
 * repeat while nothing changes.
 */

/** Where an appointment stands, as searches ask for it (a cancel wins over every status). */
export type AppointmentState = 'booked' | 'arrived' | 'finished' | 'cancelled' | 'no_show';

/** A limit on the start: an instant (ISO 8601) or a wall-clock time of the appointment's location ('YYYY-MM-DDTHH:MM:SS'). */
export interface StartLimit {
  kind: 'instant' | 'local';
  after?: string | undefined;
  before?: string | undefined;
}

export interface AppointmentSearch {
  starts: StartLimit[];
  states?: AppointmentState[] | undefined;
  processorId?: string | undefined;
  profileId?: string | undefined;
  queueId?: string | undefined;
  offset: number;
  limit: number;
}

export interface FoundAppointment {
  row: AppointmentRow;
  timeZone: string;
  visitOver: boolean;
  typeName: string;
  processorName: string | null;
  profileName: string;
  queueName: string;
}

const localStart = sql`(${appointments.startAt} AT TIME ZONE ${profiles.timeZone})`;

function startCondition(limit: StartLimit): SQL[] {
  const column = limit.kind === 'instant' ? appointments.startAt : localStart;
  const cast = limit.kind === 'instant' ? sql`timestamptz` : sql`timestamp`;
  const conditions: SQL[] = [];
  if (limit.after !== undefined) conditions.push(sql`${column} >= ${limit.after}::${cast}`);
  if (limit.before !== undefined) conditions.push(sql`${column} < ${limit.before}::${cast}`);
  return conditions;
}

function stateCondition(state: AppointmentState): SQL {
  const open = isNull(appointments.cancelState);
  switch (state) {
    case 'cancelled':
      return isNotNull(appointments.cancelState);
    case 'booked':
      return and(open, eq(appointments.status, 'BOOKED')) as SQL;
    case 'no_show':
      return and(open, eq(appointments.status, 'NO_SHOW')) as SQL;
    case 'arrived':
      return and(open, eq(appointments.status, 'CHECKED_IN'), sql`not ${visitOver}`) as SQL;
    case 'finished':
      return and(open, or(eq(appointments.status, 'FINISHED'), and(eq(appointments.status, 'CHECKED_IN'), visitOver))) as SQL;
  }
}

/** Appointments with what is shown beside them: their location's zone, type, processor, location and list names. */
function withDetails(db: Queryable) {
  return db
    .select({
      row: appointments,
      timeZone: profiles.timeZone,
      visitOver,
      typeName: appointmentTypes.name,
      processorName: users.displayName,
      profileName: profiles.name,
      queueName: queues.name,
    })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .innerJoin(queues, eq(queues.id, appointments.queueId))
    .leftJoin(users, eq(users.id, appointments.processorId));
}

/** One page of the appointments the actor sees that match, with how many match in all. */
export async function searchVisibleAppointments(db: Queryable, actor: Actor, search: AppointmentSearch): Promise<{ total: number; rows: FoundAppointment[] }> {
  const conditions: SQL[] = [eq(appointments.accountId, actor.accountId), inQueueVisibleTo(actor, appointments.queueId), ...search.starts.flatMap(startCondition)];
  if (search.states) conditions.push(search.states.length > 0 ? (or(...search.states.map(stateCondition)) as SQL) : sql`false`);
  if (search.processorId) conditions.push(eq(appointments.processorId, search.processorId));
  if (search.profileId) conditions.push(eq(appointments.profileId, search.profileId));
  if (search.queueId) conditions.push(eq(appointments.queueId, search.queueId));
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(appointments).innerJoin(profiles, eq(profiles.id, appointments.profileId)).where(where);
  const rows = await withDetails(db).where(where).orderBy(asc(appointments.startAt), asc(appointments.id)).offset(search.offset).limit(search.limit);
  return { total: counted?.total ?? 0, rows };
}

/** One appointment the actor sees, with what a search gives for it; undefined like a foreign or unknown id. */
export async function findVisibleAppointmentDetails(db: Queryable, actor: Actor, id: string): Promise<FoundAppointment | undefined> {
  const rows = await withDetails(db)
    .where(and(eq(appointments.id, id), eq(appointments.accountId, actor.accountId), inQueueVisibleTo(actor, appointments.queueId)))
    .limit(1);
  return rows[0];
}
