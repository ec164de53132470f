import { and, eq } from 'drizzle-orm';
import {
  vacationProblems,
  type AffectedAppointment,
  type CreateVacationInput,
  type UpdateVacationInput,
  type Vacation,
  type VacationListQuery,
  type VacationShape,
  formatZoned,
} from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isExclusionViolation } from '../../platform/errors.js';
import { requireAdmin } from '../profiles/index.js';
import { isUserOfAccount } from './appointment-types.repo.js';
import { holdsTime, updateAppointmentIf } from './appointments.repo.js';
import { announceAppointments } from './appointments.events.js';
import { retryOnDeadlock } from './placement.js';
import { stretchOpened } from './freed-times.js';
import {
  appointmentsDuring,
  periodOf,
  deleteVacationRow,
  findVacationOfAccount,
  insertVacation,
  listVacationsOfAccount,
  updateVacationRow,
  type NewVacationRow,
  type VacationRow,
} from './vacations.repo.js';

function shapeOf(row: VacationRow): VacationShape {
  return {
    type: row.type,
    whole_days: row.wholeDays,
    start: row.wholeDays ? row.startDate! : row.startAt!.toISOString(),
    end: row.wholeDays ? row.endDate! : row.endAt!.toISOString(),
    absent_processor_id: row.absentProcessorId,
    substitute_processor_id: row.substituteProcessorId,
  };
}

function presentVacation(row: VacationRow, affected?: AffectedAppointment[]): Vacation {
  return {
    id: row.id,
    ...shapeOf(row),
    consider_existing_appointments: row.considerExistingAppointments,
    created_at: row.createdAt.toISOString(),
    ...(affected ? { affected_appointments: affected } : {}),
  };
}

/** The columns of a vacation as the rules checked it: whole days as dates, else as instants. */
function columnsOf(v: VacationShape): Pick<NewVacationRow, 'type' | 'wholeDays' | 'startAt' | 'endAt' | 'startDate' | 'endDate' | 'absentProcessorId' | 'substituteProcessorId'> {
  return {
    type: v.type,
    wholeDays: v.whole_days,
    startAt: v.whole_days ? null : new Date(v.start),
    endAt: v.whole_days ? null : new Date(v.end),
    startDate: v.whole_days ? v.start : null,
    endDate: v.whole_days ? v.end : null,
    absentProcessorId: v.absent_processor_id,
    substituteProcessorId: v.substitute_processor_id,
  };
}

/** A processor named must be a user of the account: another account's id is a 404 like a missing one. */
async function checkUser(ctx: AppContext, accountId: string, userId: string | null | undefined): Promise<void> {
  if (userId && !(isUuid(userId) && (await isUserOfAccount(ctx.db, accountId, userId)))) throw new AppError('NOT_FOUND');
}

/**
 * The appointments the vacation touches (consider_existing_appointments): the absent
 * processor's booked ones in its time. A substitution hands each to the substitute where they
 * are free (the exclusion constraint decides); the rest stay for staff to move or cancel.
 */
async function affectedBy(ctx: AppContext, row: VacationRow): Promise<AffectedAppointment[]> {
  const affected: AffectedAppointment[] = [];
  const handed: { accountId: string; queueId: string }[] = [];
  for (const { appointment, timeZone } of await appointmentsDuring(ctx.db, row)) {
    let moved = false;
    if (row.substituteProcessorId) {
      const still = and(holdsTime, eq(appointments.processorId, row.absentProcessorId));
      try {
        const substitute = row.substituteProcessorId;
        moved = (await retryOnDeadlock(() => updateAppointmentIf(ctx.db, appointment.id, still, { processorId: substitute }, ctx.clock.now()))) !== undefined;
      } catch (error) {
        if (!isExclusionViolation(error)) throw error;
      }
    }
    if (moved) handed.push(appointment);
    affected.push({
      appointment_id: appointment.id,
      start: formatZoned(appointment.startAt, timeZone),
      end: formatZoned(appointment.endAt, timeZone),
      moved_to_substitute: moved,
    });
  }
  // Once per list, not once per appointment handed over.
  await announceAppointments(ctx, handed);
  return affected;
}

/** A day's widest reach of zone offsets: whole days are read in UTC and widened by it. */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/**
 * The absence's time is open again (removed, or changed: what it still covers stays taken):
 * the offers of earlier appointments look there for times someone waits for. A whole-day
 * absence is read as its days in any zone; the scan looks only at times actually free.
 */
async function absenceLifted(ctx: AppContext, row: VacationRow): Promise<void> {
  const period = periodOf(row, 'UTC');
  const wide = row.wholeDays ? WIDEST_OFFSET_MS : 0;
  const stretch = { accountId: row.accountId, processorId: row.absentProcessorId, from: new Date(period.start.getTime() - wide), to: new Date(period.end.getTime() + wide) };
  await stretchOpened(ctx, ctx.db, stretch, 'ABSENCE_REMOVED', ctx.clock.now());
}

/** `GET /vacations?processor_id=`: the account's vacations, by start; staff read them, a filter naming a stranger is a 404. */
export async function listVacations(ctx: AppContext, actor: Actor, query: VacationListQuery): Promise<Vacation[]> {
  await checkUser(ctx, actor.accountId, query.processor_id);
  return (await listVacationsOfAccount(ctx.db, actor.accountId, query.processor_id)).map((row) => presentVacation(row));
}

/** `POST /vacations` (admins): the absent processor's free times vanish, or go to the substitute. */
export async function createVacation(ctx: AppContext, actor: Actor, input: CreateVacationInput): Promise<Vacation> {
  requireAdmin(actor);
  await checkUser(ctx, actor.accountId, input.absent_processor_id);
  await checkUser(ctx, actor.accountId, input.substitute_processor_id);
  const shape: VacationShape = { ...input, whole_days: input.whole_days ?? false, substitute_processor_id: input.substitute_processor_id ?? null };
  const row = await insertVacation(ctx.db, {
    accountId: actor.accountId,
    ...columnsOf(shape),
    considerExistingAppointments: input.consider_existing_appointments ?? false,
    createdAt: ctx.clock.now(),
  });
  return presentVacation(row, row.considerExistingAppointments ? await affectedBy(ctx, row) : undefined);
}

async function vacationOf(ctx: AppContext, actor: Actor, id: string): Promise<VacationRow> {
  const row = await findVacationOfAccount(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `PATCH /vacations/{id}` (admins): the merged vacation is checked as a whole, then the appointments again if asked. */
export async function updateVacation(ctx: AppContext, actor: Actor, id: string, input: UpdateVacationInput): Promise<Vacation> {
  requireAdmin(actor);
  const existing = await vacationOf(ctx, actor, id);
  await checkUser(ctx, actor.accountId, input.absent_processor_id);
  await checkUser(ctx, actor.accountId, input.substitute_processor_id);
  const current = shapeOf(existing);
  const wholeDaysChanged = input.whole_days !== undefined && input.whole_days !== current.whole_days;
  const merged: VacationShape = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== 'consider_existing_appointments')),
    // A switch between whole days and times needs both ends anew.
    ...(wholeDaysChanged && (input.start === undefined || input.end === undefined) ? { start: input.start ?? '', end: input.end ?? '' } : {}),
  };
  const problems = vacationProblems(merged);
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { fields: problems });
  const row = await updateVacationRow(ctx.db, existing.id, {
    ...columnsOf(merged),
    ...(input.consider_existing_appointments !== undefined ? { considerExistingAppointments: input.consider_existing_appointments } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND');
  await absenceLifted(ctx, existing);
  return presentVacation(row, row.considerExistingAppointments ? await affectedBy(ctx, row) : undefined);
}

/** `DELETE /vacations/{id}` (admins): the processor's free times come back. */
export async function deleteVacation(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  const existing = await vacationOf(ctx, actor, id);
  await deleteVacationRow(ctx.db, existing.id);
  await absenceLifted(ctx, existing);
}
