import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { appointmentTypeIsLive, appointmentTypes, profileIsLive, profiles, queueIsLive, queueProcessors, queues, userIsActive, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import { inQueueVisibleTo } from '../queues/index.js';

/*
 * The FHIR interface's reads of the practice's set-up: read only, each scoped to the caller's
 * account and, for lists and what hangs on them, to the lists the caller sees (the queues'
 * visibility rule). Writes never happen here: bookings and cancels go through the
 * appointments module's services.
 */

export interface LocationRow {
  id: string;
  name: string;
  timeZone: string;
  street1: string | null;
  postcode: string | null;
  city: string | null;
  addressCountry: string | null;
}

/** The live locations of the caller's account, by name; one when `id` is given. */
export async function listLocations(db: Queryable, actor: Actor, id?: string): Promise<LocationRow[]> {
  return db
    .select({
      id: profiles.id,
      name: profiles.name,
      timeZone: profiles.timeZone,
      street1: profiles.street1,
      postcode: profiles.postcode,
      city: profiles.city,
      addressCountry: profiles.addressCountry,
    })
    .from(profiles)
    .where(and(eq(profiles.accountId, actor.accountId), profileIsLive, ...(id ? [eq(profiles.id, id)] : [])))
    .orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.id));
}

export interface ServiceRow {
  id: string;
  name: string;
  profileId: string;
  phone: string | null;
}

/** The live lists the caller sees, by name; one when `id` is given. */
export async function listServices(db: Queryable, actor: Actor, id?: string): Promise<ServiceRow[]> {
  return db
    .select({ id: queues.id, name: queues.name, profileId: queues.profileId, phone: queues.phone })
    .from(queues)
    .innerJoin(profiles, and(eq(profiles.id, queues.profileId), profileIsLive))
    .where(and(eq(queues.accountId, actor.accountId), queueIsLive, inQueueVisibleTo(actor, queues.id), ...(id ? [eq(queues.id, id)] : [])))
    .orderBy(asc(sql`lower(${queues.name})`), asc(queues.id));
}

export interface PractitionerRow {
  id: string;
  name: string;
}

/** The active processors who serve a list the caller sees, by name; one when `id` is given. */
export async function listPractitioners(db: Queryable, actor: Actor, id?: string): Promise<PractitionerRow[]> {
  const serves = sql`exists (select 1 from ${queueProcessors} where ${queueProcessors.userId} = ${users.id} and ${inQueueVisibleTo(actor, queueProcessors.queueId)})`;
  return db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(eq(users.accountId, actor.accountId), userIsActive, serves, ...(id ? [eq(users.id, id)] : [])))
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id));
}

export interface ScheduleRow {
  typeId: string;
  typeName: string;
  durationMinutes: number;
  processorId: string;
  processorName: string;
  profileId: string;
  profileName: string;
  timeZone: string;
  queueId: string;
  queueName: string;
}

/**
 * Each live appointment type of a list the caller sees, once per active processor of that list:
 * the Schedules. Filtered by type, processor, location or list.
 */
export async function listSchedules(
  db: Queryable,
  actor: Actor,
  filter: { typeId?: string | undefined; processorId?: string | undefined; profileId?: string | undefined; queueId?: string | undefined },
): Promise<ScheduleRow[]> {
  const conditions: SQL[] = [eq(appointmentTypes.accountId, actor.accountId), appointmentTypeIsLive, inQueueVisibleTo(actor, appointmentTypes.queueId)];
  if (filter.typeId) conditions.push(eq(appointmentTypes.id, filter.typeId));
  if (filter.processorId) conditions.push(eq(users.id, filter.processorId));
  if (filter.profileId) conditions.push(eq(appointmentTypes.profileId, filter.profileId));
  if (filter.queueId) conditions.push(eq(appointmentTypes.queueId, filter.queueId));
  return db
    .select({
      typeId: appointmentTypes.id,
      typeName: appointmentTypes.name,
      durationMinutes: appointmentTypes.durationMinutes,
      processorId: users.id,
      processorName: users.displayName,
      profileId: profiles.id,
      profileName: profiles.name,
      timeZone: profiles.timeZone,
      queueId: queues.id,
      queueName: queues.name,
    })
    .from(appointmentTypes)
    .innerJoin(queues, and(eq(queues.id, appointmentTypes.queueId), queueIsLive))
    .innerJoin(profiles, and(eq(profiles.id, appointmentTypes.profileId), profileIsLive))
    .innerJoin(queueProcessors, eq(queueProcessors.queueId, appointmentTypes.queueId))
    .innerJoin(users, and(eq(users.id, queueProcessors.userId), eq(users.accountId, actor.accountId), userIsActive))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${appointmentTypes.name})`), asc(appointmentTypes.id), asc(sql`lower(${users.displayName})`), asc(users.id));
}
