import { and, asc, eq, gt, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { appointmentSlots, appointmentTypeIsLive, appointmentTypes, profileIsLive, profiles, userIsActive, users } from '../../db/schema/index.js';

export type AppointmentSlotRow = typeof appointmentSlots.$inferSelect;
export type NewAppointmentSlotRow = typeof appointmentSlots.$inferInsert;
export type AppointmentSlotChanges = Partial<Omit<NewAppointmentSlotRow, 'id' | 'accountId' | 'profileId' | 'createdAt'>>;

const slotColumns = { slot: appointmentSlots };

/** The slots of the account's live locations and active processors, by location, weekday or date, then time. */
export async function listSlotsOfAccount(db: Queryable, accountId: string, filter: { profileId?: string; processorId?: string }): Promise<AppointmentSlotRow[]> {
  const conditions: SQL[] = [eq(appointmentSlots.accountId, accountId), profileIsLive, userIsActive];
  if (filter.profileId) conditions.push(eq(appointmentSlots.profileId, filter.profileId));
  if (filter.processorId) conditions.push(eq(appointmentSlots.processorId, filter.processorId));
  const rows = await db
    .select(slotColumns)
    .from(appointmentSlots)
    .innerJoin(profiles, eq(profiles.id, appointmentSlots.profileId))
    .innerJoin(users, eq(users.id, appointmentSlots.processorId))
    .where(and(...conditions))
    .orderBy(
      asc(appointmentSlots.profileId),
      asc(appointmentSlots.kind),
      asc(appointmentSlots.weekday),
      asc(appointmentSlots.date),
      asc(appointmentSlots.startTime),
      asc(appointmentSlots.id),
    );
  return rows.map((row) => row.slot);
}

/** The slot if it belongs to a live location of the account. */
export async function findSlotOfAccount(db: Queryable, accountId: string, id: string): Promise<AppointmentSlotRow | undefined> {
  const [row] = await db
    .select(slotColumns)
    .from(appointmentSlots)
    .innerJoin(profiles, eq(profiles.id, appointmentSlots.profileId))
    .where(and(eq(appointmentSlots.id, id), eq(appointmentSlots.accountId, accountId), profileIsLive))
    .limit(1);
  return row?.slot;
}

/**
 * Locks the processor's user row until the transaction ends: slots of one processor are checked
 * and written one after the other, so two admins adding the same time at once cannot both pass.
 */
export async function lockProcessorForSlots(db: Queryable, accountId: string, processorId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, processorId), eq(users.accountId, accountId), userIsActive))
    .for('no key update');
  return rows.length > 0;
}

/** A slot of the same processor and kind on the same day whose time overlaps (docs/product.md#validation-rules). */
export async function findClashingSlot(
  db: Queryable,
  slot: Pick<AppointmentSlotRow, 'processorId' | 'kind' | 'weekday' | 'date' | 'startTime' | 'endTime'>,
  exceptId: string | undefined,
): Promise<AppointmentSlotRow | undefined> {
  const sameDay = slot.kind === 'WEEK' ? eq(appointmentSlots.weekday, slot.weekday ?? 0) : eq(appointmentSlots.date, slot.date ?? '');
  const [row] = await db
    .select()
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.processorId, slot.processorId),
        eq(appointmentSlots.kind, slot.kind),
        sameDay,
        lt(appointmentSlots.startTime, slot.endTime),
        gt(appointmentSlots.endTime, slot.startTime),
        ...(exceptId ? [ne(appointmentSlots.id, exceptId)] : []),
      ),
    )
    .limit(1);
  return row;
}

/** Which of the ids are live appointment types of the location. */
export async function liveTypeIdsOfProfile(db: Queryable, profileId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.profileId, profileId), appointmentTypeIsLive, inArray(appointmentTypes.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function insertSlot(db: Queryable, values: NewAppointmentSlotRow): Promise<AppointmentSlotRow> {
  const [row] = await db.insert(appointmentSlots).values(values).returning();
  if (!row) throw new Error('insert into appointment_slots returned no row');
  return row;
}

export async function updateSlot(db: Queryable, id: string, changes: AppointmentSlotChanges): Promise<AppointmentSlotRow | undefined> {
  const [row] = await db.update(appointmentSlots).set(changes).where(eq(appointmentSlots.id, id)).returning();
  return row;
}

export async function deleteSlot(db: Queryable, id: string): Promise<void> {
  await db.delete(appointmentSlots).where(eq(appointmentSlots.id, id));
}

/** Every rule of the location (availability is computed from them); a removed processor's hours are kept but offer nothing. */
export async function slotRulesOfProfile(db: Queryable, profileId: string): Promise<AppointmentSlotRow[]> {
  const rows = await db
    .select(slotColumns)
    .from(appointmentSlots)
    .innerJoin(users, eq(users.id, appointmentSlots.processorId))
    .where(and(eq(appointmentSlots.profileId, profileId), userIsActive));
  return rows.map((row) => row.slot);
}
