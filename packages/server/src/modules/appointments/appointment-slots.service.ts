import {
  slotOfCreate,
  slotProblems,
  type AppointmentSlot,
  type AppointmentSlotListQuery,
  type CreateAppointmentSlotInput,
  type SlotShape,
  type UpdateAppointmentSlotInput,
} from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, type FieldProblem } from '../../platform/errors.js';
import { findProfileInAccount, requireAdmin } from '../profiles/index.js';
import {
  deleteSlot,
  findClashingSlot,
  findSlotOfAccount,
  insertSlot,
  listSlotsOfAccount,
  liveTypeIdsOfProfile,
  lockProcessorForSlots,
  updateSlot,
  type AppointmentSlotRow,
} from './appointment-slots.repo.js';
import { isUserOfAccount } from './appointment-types.repo.js';
import { stretchOpened } from './freed-times.js';

export function presentSlot(row: AppointmentSlotRow): AppointmentSlot {
  return {
    id: row.id,
    profile_id: row.profileId,
    kind: row.kind,
    weekday: row.weekday,
    date: row.date,
    start_time: row.startTime,
    end_time: row.endTime,
    processor_id: row.processorId,
    appointment_type_ids: row.appointmentTypeIds,
    min_hours_in_advance: row.minHoursInAdvance,
    max_hours_in_advance: row.maxHoursInAdvance,
    required_fields: row.requiredFields,
  };
}

const shapeOf = (row: AppointmentSlotRow): SlotShape => ({
  kind: row.kind,
  weekday: row.weekday,
  date: row.date,
  start_time: row.startTime,
  end_time: row.endTime,
  min_hours_in_advance: row.minHoursInAdvance,
  max_hours_in_advance: row.maxHoursInAdvance,
  required_fields: row.requiredFields,
});

const DAY_MS = 86_400_000;
/** A day's widest reach of zone offsets: a rule's date is read in UTC and widened by it. */
const WIDEST_OFFSET_MS = 14 * 3_600_000;
/** How far ahead new weekly hours are looked at for those who wait (the scan bounds it again). */
const WEEKS_AHEAD_MS = 8 * 7 * DAY_MS;

/**
 * Hours added or widened (or a rule that took hours away gone): the offers of earlier
 * appointments look there for free times someone waits for (docs/product.md#wishes-and-offers).
 * A dated rule opens its day, a weekly one the weeks ahead; the scan looks only at times free.
 */
async function hoursOpened(ctx: AppContext, row: AppointmentSlotRow): Promise<void> {
  const now = ctx.clock.now();
  const day = row.date ? Date.parse(`${row.date}T00:00:00Z`) : undefined;
  const from = day === undefined ? now : new Date(day - WIDEST_OFFSET_MS);
  const to = day === undefined ? new Date(now.getTime() + WEEKS_AHEAD_MS) : new Date(day + DAY_MS + WIDEST_OFFSET_MS);
  await stretchOpened(ctx, ctx.db, { accountId: row.accountId, processorId: row.processorId, from, to }, 'HOURS_ADDED', now);
}

const idOrMissing = (id: string) => (isUuid(id) ? id : undefined);

/**
 * Checks what a slot names and writes it with `write`, the processor's slots locked meanwhile:
 * the processor and the types must be the account's (a foreign or unknown id is a 404), the types
 * of this location, and no slot of the same processor and kind may cover the same time on the same day.
 */
async function checkedWrite(
  ctx: AppContext,
  actor: Actor,
  slot: Pick<AppointmentSlotRow, 'profileId' | 'processorId' | 'kind' | 'weekday' | 'date' | 'startTime' | 'endTime' | 'appointmentTypeIds'>,
  exceptId: string | undefined,
  write: (tx: Transaction) => Promise<AppointmentSlotRow | undefined>,
): Promise<AppointmentSlotRow> {
  const row = await ctx.db.transaction(async (tx) => {
    if (!idOrMissing(slot.processorId) || !(await lockProcessorForSlots(tx, actor.accountId, slot.processorId))) throw new AppError('NOT_FOUND');
    if (!slot.appointmentTypeIds.every(isUuid)) throw new AppError('NOT_FOUND');
    const ofLocation = await liveTypeIdsOfProfile(tx, slot.profileId, slot.appointmentTypeIds);
    if (ofLocation.size !== new Set(slot.appointmentTypeIds).size) throw new AppError('NOT_FOUND');
    if (await findClashingSlot(tx, slot, exceptId)) throw new AppError('UNIQUE', { fields: { start_time: 'SLOT_EXISTS' } });
    return write(tx);
  });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `GET /appointment-slots` (staff): the slots of the account's locations; a filter naming nothing of the account is a 404. */
export async function listSlots(ctx: AppContext, actor: Actor, query: AppointmentSlotListQuery): Promise<AppointmentSlot[]> {
  if (query.profile_id !== undefined && !(idOrMissing(query.profile_id) && (await findProfileInAccount(ctx.db, actor.accountId, query.profile_id)))) {
    throw new AppError('NOT_FOUND');
  }
  if (query.processor_id !== undefined && !(idOrMissing(query.processor_id) && (await isUserOfAccount(ctx.db, actor.accountId, query.processor_id)))) {
    throw new AppError('NOT_FOUND');
  }
  const rows = await listSlotsOfAccount(ctx.db, actor.accountId, {
    ...(query.profile_id ? { profileId: query.profile_id } : {}),
    ...(query.processor_id ? { processorId: query.processor_id } : {}),
  });
  return rows.map(presentSlot);
}

/** `POST /appointment-slots` (admins). */
export async function createSlot(ctx: AppContext, actor: Actor, input: CreateAppointmentSlotInput): Promise<AppointmentSlot> {
  requireAdmin(actor);
  const profile = idOrMissing(input.profile_id) ? await findProfileInAccount(ctx.db, actor.accountId, input.profile_id) : undefined;
  if (!profile) throw new AppError('NOT_FOUND');
  const shape = slotOfCreate(input);
  const values = {
    accountId: actor.accountId,
    profileId: profile.id,
    processorId: input.processor_id,
    kind: shape.kind,
    weekday: shape.weekday,
    date: shape.date,
    startTime: shape.start_time,
    endTime: shape.end_time,
    appointmentTypeIds: [...new Set(input.appointment_type_ids ?? [])],
    minHoursInAdvance: shape.min_hours_in_advance,
    maxHoursInAdvance: shape.max_hours_in_advance,
    requiredFields: shape.required_fields,
  };
  const row = await checkedWrite(ctx, actor, values, undefined, (tx) => insertSlot(tx, values));
  if (row.kind !== 'SINGLE_NEGATE') await hoursOpened(ctx, row);
  return presentSlot(row);
}

/** `PATCH /appointment-slots/{id}` (admins): the slot as it will be is checked as a whole. */
export async function updateSlotOfAccount(ctx: AppContext, actor: Actor, id: string, input: UpdateAppointmentSlotInput): Promise<AppointmentSlot> {
  requireAdmin(actor);
  const existing = await findSlotOfAccount(ctx.db, actor.accountId, id);
  if (!existing) throw new AppError('NOT_FOUND');
  const before = shapeOf(existing);
  const merged: SlotShape = {
    kind: input.kind ?? before.kind,
    weekday: input.weekday !== undefined ? input.weekday : before.weekday,
    date: input.date !== undefined ? input.date : before.date,
    start_time: input.start_time ?? before.start_time,
    end_time: input.end_time ?? before.end_time,
    min_hours_in_advance: input.min_hours_in_advance ?? before.min_hours_in_advance,
    max_hours_in_advance: input.max_hours_in_advance !== undefined ? input.max_hours_in_advance : before.max_hours_in_advance,
    required_fields: { ...before.required_fields, ...input.required_fields },
  };
  const problems = slotProblems(merged);
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { fields: problems as Record<string, FieldProblem> });
  const values = {
    profileId: existing.profileId,
    processorId: input.processor_id ?? existing.processorId,
    kind: merged.kind,
    weekday: merged.weekday,
    date: merged.date,
    startTime: merged.start_time,
    endTime: merged.end_time,
    appointmentTypeIds: input.appointment_type_ids ? [...new Set(input.appointment_type_ids)] : existing.appointmentTypeIds,
    minHoursInAdvance: merged.min_hours_in_advance,
    maxHoursInAdvance: merged.max_hours_in_advance,
    requiredFields: merged.required_fields,
  };
  const { profileId: _profile, ...changes } = values;
  const row = await checkedWrite(ctx, actor, values, existing.id, (tx) => updateSlot(tx, existing.id, changes));
  // New hours open where they now are; a rule that took hours away opens where it was.
  if (row.kind !== 'SINGLE_NEGATE') await hoursOpened(ctx, row);
  if (existing.kind === 'SINGLE_NEGATE') await hoursOpened(ctx, existing);
  return presentSlot(row);
}

/** `DELETE /appointment-slots/{id}` (admins): a rule, not history — it is gone. */
export async function deleteSlotOfAccount(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  const existing = await findSlotOfAccount(ctx.db, actor.accountId, id);
  if (!existing) throw new AppError('NOT_FOUND');
  await deleteSlot(ctx.db, existing.id);
  if (existing.kind === 'SINGLE_NEGATE') await hoursOpened(ctx, existing);
}
