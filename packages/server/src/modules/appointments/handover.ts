import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { UPCOMING_FIRST_SHOWN } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, appointmentTypeIsLive, appointmentTypes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isExclusionViolation } from '../../platform/errors.js';
import { announceAppointments } from './appointments.events.js';
import { findAppointmentWithPlace, updateAppointmentsIf, type AppointmentRow } from './appointments.repo.js';
import { tell } from './notify.js';
import { dropReminders } from './reminders.js';

/*
 * The upcoming appointments of a list, a location or a processor being removed
 * (docs/product.md#removing-keeps-history): named to the admin (a 409 until told), then
 * cancelled with notice, moved to another list of the location, or handed to another
 * processor. Nothing is deleted, so reports keep every past appointment. Each step runs in
 * the caller's transaction; `afterHandover` tells patients and screens after the commit.
 */

/** Whose appointments: a list's (or a location's lists'), or a processor's. */
export type UpcomingOf = { queueIds: string[] } | { processorId: string };

/** Booked, not cancelled, not yet over at `now`: what a patient still expects to happen. */
const open = and(isNull(appointments.cancelState), eq(appointments.status, 'BOOKED'));

/** The upcoming appointments, earliest first, locked until the transaction ends. */
export async function upcomingAppointments(tx: Queryable, accountId: string, of: UpcomingOf, now: Date): Promise<AppointmentRow[]> {
  if ('queueIds' in of && of.queueIds.length === 0) return [];
  const whose = 'queueIds' in of ? inArray(appointments.queueId, of.queueIds) : eq(appointments.processorId, of.processorId);
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.accountId, accountId), whose, open, gt(appointments.endAt, now)))
    .orderBy(asc(appointments.startAt), asc(appointments.id))
    .for('update');
}

/** The 409 that names the upcoming appointments: their count and the first starts. */
export function refuseWhileUpcoming(code: 'QUEUE_HAS_APPOINTMENTS' | 'PROCESSOR_HAS_APPOINTMENTS', rows: AppointmentRow[]): AppError {
  const first = rows.slice(0, UPCOMING_FIRST_SHOWN).map((row) => row.startAt.toISOString());
  return new AppError(code, { args: [rows.length], upcoming: { count: rows.length, first } });
}

/** What changed, for `afterHandover`: cancelled rows tell their patients, every row its screens. */
export interface Handover {
  cancelled: AppointmentRow[];
  changed: { accountId: string; queueId: string }[];
}

/** Cancels them as staff do (cancel state STAFF), their reminders dropped with them. */
export async function cancelUpcoming(tx: Queryable, rows: AppointmentRow[], now: Date): Promise<Handover> {
  const cancelled = await updateAppointmentsIf(
    tx,
    rows.map((row) => row.id),
    open,
    { cancelState: 'STAFF' },
    now,
  );
  await dropReminders(
    tx,
    cancelled.map((row) => row.id),
  );
  return { cancelled, changed: cancelled };
}

/**
 * Moves them to another list of the same location, each to the live type of the same name there
 * (case-insensitive): the patient keeps time, place and processor, and staff can reschedule it
 * like any appointment of that list. A type the target lacks refuses the whole move
 * (HANDOVER_TYPE_MISSING, naming it) rather than inventing a type the target list would offer.
 */
export async function moveUpcoming(tx: Queryable, rows: AppointmentRow[], target: { id: string }, now: Date): Promise<Handover> {
  const typeIds = [...new Set(rows.map((row) => row.appointmentTypeId))];
  if (typeIds.length === 0) return { cancelled: [], changed: [] };
  const types = await tx.select({ id: appointmentTypes.id, name: appointmentTypes.name }).from(appointmentTypes).where(inArray(appointmentTypes.id, typeIds));
  const offered = await tx
    .select({ id: appointmentTypes.id, key: sql<string>`lower(trim(${appointmentTypes.name}))` })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.queueId, target.id), appointmentTypeIsLive));
  const byName = new Map(offered.map((type) => [type.key, type.id]));
  const missing = types.filter((type) => !byName.has(type.name.trim().toLowerCase())).map((type) => type.name);
  if (missing.length > 0) throw new AppError('HANDOVER_TYPE_MISSING', { args: [missing.join(', ')] });
  const changed: AppointmentRow[] = [];
  for (const type of types) {
    const ids = rows.filter((row) => row.appointmentTypeId === type.id).map((row) => row.id);
    const appointmentTypeId = byName.get(type.name.trim().toLowerCase())!;
    changed.push(...(await updateAppointmentsIf(tx, ids, open, { queueId: target.id, appointmentTypeId }, now)));
  }
  return { cancelled: [], changed: [...rows, ...changed] };
}

/**
 * Hands them to another processor at the same times. A time the new processor has taken already
 * refuses the whole handover (APPOINTMENT_SLOT_TAKEN, from the exclusion constraint) — nothing
 * is double-booked, nothing half-moved. Their hours are not asked: staff may book outside them.
 */
export async function reassignUpcoming(tx: Queryable, rows: AppointmentRow[], processorId: string, now: Date): Promise<Handover> {
  try {
    const changed = await updateAppointmentsIf(
      tx,
      rows.map((row) => row.id),
      open,
      { processorId },
      now,
    );
    return { cancelled: [], changed };
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('APPOINTMENT_SLOT_TAKEN');
    throw error;
  }
}

/**
 * After the commit: the staff screens refetch, and each patient whose appointment was cancelled
 * is told on the channels they chose, in their language — one message per series, as a staff
 * cancel of a whole series sends (notify.ts).
 */
export async function afterHandover(ctx: AppContext, handover: Handover): Promise<void> {
  await announceAppointments(ctx, handover.changed);
  const bySeries = new Map<string, AppointmentRow[]>();
  for (const row of handover.cancelled) {
    const key = row.seriesId ?? row.id;
    bySeries.set(key, [...(bySeries.get(key) ?? []), row]);
  }
  for (const rows of bySeries.values()) {
    const sorted = rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    tell(ctx, 'cancelled', await findAppointmentWithPlace(ctx.db, sorted[0]!.id), sorted);
  }
}
