import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, appointmentTypeIsLive, appointmentTypes, profileIsLive, profiles, queueIsLive, queueProcessors, queues, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import { inQueueVisibleTo } from '../queues/index.js';

export type AppointmentTypeRow = typeof appointmentTypes.$inferSelect;
export type NewAppointmentTypeRow = typeof appointmentTypes.$inferInsert;
export type AppointmentTypeChanges = Partial<
  Pick<
    NewAppointmentTypeRow,
    'name' | 'durationMinutes' | 'defaultProcessorId' | 'bookableOnline' | 'bookableKiosk' | 'offerCount' | 'offerMinutes' | 'confirmHoursBefore' | 'unconfirmedMarkHours'
  >
>;

/** The live types of the lists the actor sees (the queues' visibility rule), by name; optionally of one location or list. */
export async function listVisibleAppointmentTypes(db: Queryable, actor: Actor, filter: { profileId?: string; queueId?: string }): Promise<AppointmentTypeRow[]> {
  const conditions: SQL[] = [appointmentTypeIsLive, inQueueVisibleTo(actor, appointmentTypes.queueId)];
  if (filter.profileId) conditions.push(eq(appointmentTypes.profileId, filter.profileId));
  if (filter.queueId) conditions.push(eq(appointmentTypes.queueId, filter.queueId));
  return db
    .select()
    .from(appointmentTypes)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${appointmentTypes.name})`), asc(appointmentTypes.createdAt), asc(appointmentTypes.id));
}

/** The live type if the actor sees its list. */
export async function findVisibleAppointmentType(db: Queryable, actor: Actor, id: string): Promise<AppointmentTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.id, id), appointmentTypeIsLive, inQueueVisibleTo(actor, appointmentTypes.queueId)))
    .limit(1);
  return row;
}

export async function insertAppointmentType(db: Queryable, values: NewAppointmentTypeRow): Promise<AppointmentTypeRow> {
  const [row] = await db.insert(appointmentTypes).values(values).returning();
  if (!row) throw new Error('insert into appointment_types returned no row');
  return row;
}

export async function updateAppointmentTypeRow(db: Queryable, accountId: string, id: string, changes: AppointmentTypeChanges): Promise<AppointmentTypeRow | undefined> {
  const [row] = await db
    .update(appointmentTypes)
    .set(changes)
    .where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.accountId, accountId), appointmentTypeIsLive))
    .returning();
  return row;
}

/** Archives the type (a deleted type keeps its bookings' history); false when there was none. */
export async function archiveAppointmentType(db: Queryable, accountId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(appointmentTypes)
    .set({ archivedAt: at })
    .where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.accountId, accountId), appointmentTypeIsLive))
    .returning({ id: appointmentTypes.id });
  return rows.length > 0;
}

/** Whether the user belongs to the account (any role). */
export async function isUserOfAccount(db: Queryable, accountId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/** A type a patient may book, with the list that serves it. */
export interface BookableTypeRow {
  type: AppointmentTypeRow;
  queueName: string;
  smsReminders: boolean;
}

/** The live types of a live list or location that patients may book on the channel, by name. */
export async function listBookableTypes(db: Queryable, filter: { queueId?: string; profileId?: string; channel: 'ONLINE' | 'KIOSK' }): Promise<BookableTypeRow[]> {
  const conditions: SQL[] = [appointmentTypeIsLive, filter.channel === 'KIOSK' ? eq(appointmentTypes.bookableKiosk, true) : eq(appointmentTypes.bookableOnline, true)];
  if (filter.queueId) conditions.push(eq(appointmentTypes.queueId, filter.queueId));
  if (filter.profileId) conditions.push(eq(appointmentTypes.profileId, filter.profileId));
  return db
    .select({ type: appointmentTypes, queueName: queues.name, smsReminders: queues.mayActivateSmsNotifications })
    .from(appointmentTypes)
    .innerJoin(queues, and(eq(queues.id, appointmentTypes.queueId), queueIsLive))
    .innerJoin(profiles, and(eq(profiles.id, appointmentTypes.profileId), profileIsLive))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${appointmentTypes.name})`), asc(appointmentTypes.createdAt), asc(appointmentTypes.id));
}

/** The names patients see for processors (their display names), in the order they are offered: priority (1 first), then name. */
export async function processorNames(db: Queryable, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.priority), asc(sql`lower(${users.displayName})`), asc(users.id));
}

/**
 * Each processor's rank as an appointment's processor (docs/product.md#processor-settings): their
 * priority, 1 = very high first. Equal priorities are equal ranks, so the order the rules offer
 * them in stands among them, as it did before priorities counted.
 */
export async function processorOfferRanks(db: Queryable, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, priority: users.priority }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((p) => [p.id, p.priority]));
}

/** Whether the user is assigned to the queue (a type's default processor must serve its list). */
export async function isAssignedToQueue(db: Queryable, queueId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ queueId: queueProcessors.queueId })
    .from(queueProcessors)
    .innerJoin(queues, and(eq(queues.id, queueProcessors.queueId), queueIsLive))
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export interface TypeWithLocation {
  type: AppointmentTypeRow;
  location: { timeZone: string; country: string | null; region: string | null };
  /** Whether patients may move their appointments of this type (the list's setting). */
  allowMove: boolean;
  /** Whether the list allows SMS (`may_activate_sms_notifications`): `notify_sms` and SMS reminders need it. */
  smsAllowed: boolean;
  account: { subscriptionState: string };
}

/**
 * A live type of a live list and location, with the location's zone and holiday calendar and
 * what booking it asks of the list and the account;
 * for staff (`actor`) only if they see the list, for the public any.
 */
export async function findTypeWithLocation(db: Queryable, id: string, actor: Actor | undefined): Promise<TypeWithLocation | undefined> {
  const [row] = await db
    .select({
      type: appointmentTypes,
      location: { timeZone: profiles.timeZone, country: profiles.country, region: profiles.region },
      allowMove: queues.allowMoveAppointment,
      smsAllowed: queues.mayActivateSmsNotifications,
      account: { subscriptionState: accounts.subscriptionState },
    })
    .from(appointmentTypes)
    .innerJoin(accounts, eq(accounts.id, appointmentTypes.accountId))
    .innerJoin(queues, and(eq(queues.id, appointmentTypes.queueId), queueIsLive))
    .innerJoin(profiles, and(eq(profiles.id, appointmentTypes.profileId), profileIsLive))
    .where(and(eq(appointmentTypes.id, id), appointmentTypeIsLive, ...(actor ? [inQueueVisibleTo(actor, appointmentTypes.queueId)] : [])))
    .limit(1);
  return row;
}

/** A type's confirmation settings, as the timed jobs of its appointments read them. */
export interface ConfirmSettings {
  confirmHoursBefore: number | null;
  unconfirmedMarkHours: number;
}

/** The confirmation settings of the types (archived ones too: their bookings still happen), by type id. */
export async function confirmSettingsOf(q: Queryable, typeIds: string[]): Promise<Map<string, ConfirmSettings>> {
  const ids = [...new Set(typeIds)];
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: appointmentTypes.id, confirmHoursBefore: appointmentTypes.confirmHoursBefore, unconfirmedMarkHours: appointmentTypes.unconfirmedMarkHours })
    .from(appointmentTypes)
    .where(inArray(appointmentTypes.id, ids));
  return new Map(rows.map(({ id, ...settings }) => [id, settings]));
}
