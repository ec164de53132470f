import type { Appointment, EarlierTime, EarlierWishInput, PatientAppointment } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  announceAppointments,
  appointmentIdOfLink,
  findAppointmentWithPlace,
  findVisibleAppointment,
  isOpenForPatient,
  patientView,
  presentAppointment,
  updateAppointmentIf,
} from '../appointments/index.js';
import { scheduleRound } from './jobs.js';
import { idleFreedTimes } from './offers.repo.js';

/*
 * "Früher, wenn möglich" (docs/product.md#wishes-and-offers): the patient by their link, or staff
 * with credentials by the appointment's id (for a patient on the phone), asks that freed times be
 * offered, or withdraws it. Only a booked appointment still ahead, of a type that offers earlier
 * times, may ask (EARLIER_NOT_OFFERED); withdrawing is always possible. Changing what suits keeps
 * the wish's `since`: the patient keeps their place among those who wait.
 */

/** Each weekday's part once, in week order: what is stored and shown. */
function timesOf(times: EarlierTime[] | null | undefined): EarlierTime[] {
  const seen = new Map<string, EarlierTime>();
  for (const time of times ?? []) seen.set(`${time.weekday}${time.part}`, { weekday: time.weekday, part: time.part });
  return [...seen.values()].sort((a, b) => a.weekday - b.weekday || a.part.localeCompare(b.part));
}

/** Writes the wish (`wish` undefined: withdrawn). */
async function writeWish(ctx: AppContext, id: string, wish: { input: EarlierWishInput } | undefined): Promise<void> {
  const found = await findAppointmentWithPlace(ctx.db, id);
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  const row = found.appointment;
  const now = ctx.clock.now();
  if (!wish) {
    if (row.earlierWantedAt === null) return;
    const changed = await updateAppointmentIf(ctx.db, row.id, undefined, { earlierWantedAt: null, earlierNotBefore: null, earlierTimes: [] }, now);
    if (changed) await announceAppointments(ctx, [changed]);
    return;
  }
  if (found.offerCount === 0 || !isOpenForPatient(row, now)) throw new AppError('EARLIER_NOT_OFFERED');
  const changes = { earlierWantedAt: row.earlierWantedAt ?? now, earlierNotBefore: wish.input?.not_before ?? null, earlierTimes: timesOf(wish.input?.times) };
  const changed = await updateAppointmentIf(ctx.db, row.id, undefined, changes, now);
  if (!changed) return;
  await announceAppointments(ctx, [changed]);
  // Freed times that found nobody before may fit this wish: their next round looks again.
  for (const freed of await idleFreedTimes(ctx.db, row.appointmentTypeId, now, row.startAt)) await scheduleRound(ctx.db, freed.id, freed.round + 1, now, true);
}

/**
 * `PUT /appointments/{key}/earlier` (`wish` given) and `DELETE` (undefined): the patient by the
 * token of their link gets their page; staff with credentials, by id, the appointment.
 */
export async function changeEarlierWish(
  ctx: AppContext,
  actor: Actor | undefined,
  key: string,
  wish: { input: EarlierWishInput } | undefined,
): Promise<Appointment | PatientAppointment> {
  if (actor && isUuid(key)) {
    const visible = await findVisibleAppointment(ctx.db, actor, key);
    if (!visible) throw new AppError('NOT_FOUND');
    await writeWish(ctx, visible.row.id, wish);
    const after = await findVisibleAppointment(ctx.db, actor, key);
    if (!after) throw new AppError('NOT_FOUND');
    return presentAppointment(after.row, after.timeZone, ctx.clock.now());
  }
  const id = await appointmentIdOfLink(ctx, key);
  await writeWish(ctx, id, wish);
  return patientView(ctx, id, key);
}
