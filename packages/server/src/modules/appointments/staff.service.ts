import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { formatLocalDate, localDateOf, type Appointment, type AppointmentListQuery, type SeriesScope, type UpdateAppointmentInput } from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { refuseUnsendableSms } from '../../platform/sms-offer.js';
import { AppError, isExclusionViolation } from '../../platform/errors.js';
import { findProfileInAccount } from '../profiles/index.js';
import { queueOfActor } from '../queues/index.js';
import { findTypeWithLocation, isUserOfAccount } from './appointment-types.repo.js';
import {
  deleteAppointments,
  findAppointmentWithPlace,
  findVisibleAppointment,
  idsOfScope,
  listVisibleAppointments,
  updateAppointmentIf,
  updateAppointmentsIf,
  type AppointmentRow,
} from './appointments.repo.js';
import { announceAppointments } from './appointments.events.js';
import { placementFor, retryOnDeadlock, takeFirstFree } from './placement.js';
import { presentAppointment } from './present.js';
import { dataChanges } from './data-changes.js';
import { accountSeals } from '../encryption/index.js';
import { tell } from './notify.js';
import { dropReminders, resetReminders } from './reminders.js';
import { moveSeries } from './series.service.js';
import { timesFreed } from './freed-times.js';

/** The appointment if the actor sees its list; else NOT_FOUND, like a foreign or unknown id. */
async function visibleAppointment(ctx: AppContext, actor: Actor, id: string): Promise<{ row: AppointmentRow; timeZone: string }> {
  const found = await findVisibleAppointment(ctx.db, actor, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** `GET /appointments?from=&to=`: the appointments of the caller's lists; a filter naming what they cannot see is a 404. */
export async function listAppointments(ctx: AppContext, actor: Actor, query: AppointmentListQuery): Promise<Appointment[]> {
  if (query.processor_id !== undefined && !(isUuid(query.processor_id) && (await isUserOfAccount(ctx.db, actor.accountId, query.processor_id)))) {
    throw new AppError('NOT_FOUND');
  }
  if (query.profile_id !== undefined && !(isUuid(query.profile_id) && (await findProfileInAccount(ctx.db, actor.accountId, query.profile_id)))) {
    throw new AppError('NOT_FOUND');
  }
  if (query.queue_id !== undefined) await queueOfActor(ctx.db, actor, query.queue_id);
  const rows = await listVisibleAppointments(ctx.db, actor, {
    from: query.from,
    to: query.to,
    processorId: query.processor_id,
    profileId: query.profile_id,
    queueId: query.queue_id,
    status: query.status,
  });
  return rows.map(({ row, timeZone, visitOver }) => presentAppointment(row, timeZone, ctx.clock.now(), visitOver));
}

/**
 * `PATCH /appointments/{id}`: staff change the time, the processor or the patient's data. A
 * compare-and-set on the version read (or sent): someone else's change in between answers
 * APPOINTMENT_CHANGED instead of being overwritten; the same request again changes nothing.
 * A new time or processor is placed like a staff booking, and detaches the occurrence from its
 * series (docs/product.md#states-and-transitions); with `scope` ALL the coming occurrences move
 * together (moveSeries) and data changes reach every occurrence.
 */
export async function updateAppointment(ctx: AppContext, actor: Actor, id: string, input: UpdateAppointmentInput): Promise<Appointment> {
  const { row, timeZone } = await visibleAppointment(ctx, actor, id);
  if (input.version !== undefined && input.version !== row.version) throw new AppError('APPOINTMENT_CHANGED');
  const now = ctx.clock.now();
  // Switching SMS on where none would be sent is refused, as at booking (an SMS kept from before is left be).
  const smsAsked = (input.notify_sms === true && !row.notifySms) || (typeof input.sms_reminder_minutes === 'number' && input.sms_reminder_minutes !== row.smsReminderMinutes);
  if (smsAsked) refuseUnsendableSms(ctx.config, (await findTypeWithLocation(ctx.db, row.appointmentTypeId, actor))?.smsAllowed ?? false);
  const changes = dataChanges(row, input, formatLocalDate(localDateOf(now, timeZone)), await accountSeals(ctx.db, row.accountId));
  // Sealed anew for the whole series, the text is bound to the series id; for one occurrence, to its row (crypto sealTargets).
  if (changes.sealedData !== undefined) changes.sealedSeriesId = input.scope === 'ALL' ? row.seriesId : null;
  const start = input.start === undefined ? row.startAt : new Date(input.start);
  const durationMinutes = lengthOf(row, start, input.end);
  const processorId = input.processor_id ?? row.processorId ?? undefined;
  const moving =
    start.getTime() !== row.startAt.getTime() || processorId !== (row.processorId ?? undefined) || durationMinutes * 60_000 !== row.endAt.getTime() - row.startAt.getTime();
  const sameVersion = eq(appointments.version, row.version);
  if (!moving) {
    if (Object.keys(changes).length === 0) return presentAppointment(row, timeZone, ctx.clock.now());
    const ids = input.scope === 'ALL' ? await idsOfScope(ctx.db, row, true) : [row.id];
    const others = ids.filter((other) => other !== row.id);
    const [changed] = await updateAppointmentsIf(ctx.db, [row.id], sameVersion, changes, now);
    if (!changed) throw new AppError('APPOINTMENT_CHANGED');
    // A new address, phone or reminder time: the reminders follow.
    await resetReminders(ctx.db, [changed, ...(await updateAppointmentsIf(ctx.db, others, undefined, changes, now))], now);
    await announceAppointments(ctx, [changed]);
    return presentAppointment(changed, timeZone, ctx.clock.now());
  }
  if (row.cancelState !== null || row.status !== 'BOOKED') throw new AppError('APPOINTMENT_STATE');
  const type = await findTypeWithLocation(ctx.db, row.appointmentTypeId, actor);
  if (!type) throw new AppError('APPOINTMENT_STATE');
  const placement = await placementFor(ctx.db, type, { start, processorId, byStaff: true, now, durationMinutes });
  if (input.scope === 'ALL' && row.seriesId) {
    const series = await moveSeries(ctx, row, { start: placement.start, processorId: input.processor_id, changes }, timeZone);
    await resetReminders(ctx.db, series, now);
    await announceAppointments(ctx, series);
    tell(ctx, 'moved', await findAppointmentWithPlace(ctx.db, row.id), series);
    return presentAppointment((await visibleAppointment(ctx, actor, id)).row, timeZone, ctx.clock.now());
  }
  const moved = await takeFirstFree(ctx.db, placement.processorIds, async (processor, q) => {
    const changed = await updateAppointmentIf(q, row.id, sameVersion, { ...changes, startAt: placement.start, endAt: placement.end, processorId: processor, seriesId: null }, now);
    if (changed) await timesFreed(ctx, q, [row], 'MOVED', now);
    return changed;
  });
  if (!moved) throw new AppError('APPOINTMENT_CHANGED');
  await resetReminders(ctx.db, [moved], now);
  await announceAppointments(ctx, [moved]);
  if (moved.startAt.getTime() !== row.startAt.getTime()) tell(ctx, 'moved', await findAppointmentWithPlace(ctx.db, moved.id));
  return presentAppointment(moved, timeZone, ctx.clock.now());
}

/** Minutes from `start` to the new `end`, or the appointment's own length when none is given. */
function lengthOf(row: { startAt: Date; endAt: Date }, start: Date, end: string | undefined): number {
  if (end === undefined) return Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000);
  const minutes = Math.round((new Date(end).getTime() - start.getTime()) / 60_000);
  if (minutes <= 0) throw new AppError('VALIDATION', { fields: { end: 'END_NOT_AFTER_START' } });
  if (minutes > 24 * 60) throw new AppError('VALIDATION', { fields: { end: 'MAX_VALUE' } });
  return minutes;
}

/**
 * `POST /appointments/{id}/cancel` by staff: cancel state STAFF for the occurrence or, with
 * `scope` ALL, every booked occurrence of its series; the time is free again. Cancelling again
 * changes nothing; a visit checked in or over is not cancelled.
 */
export async function cancelByStaff(ctx: AppContext, actor: Actor, id: string, scope: SeriesScope | undefined): Promise<Appointment> {
  const { row, timeZone } = await visibleAppointment(ctx, actor, id);
  if (scope !== 'ALL' && row.cancelState === null && row.status !== 'BOOKED') throw new AppError('APPOINTMENT_STATE');
  const ids = await idsOfScope(ctx.db, row, scope === 'ALL');
  const open = and(isNull(appointments.cancelState), eq(appointments.status, 'BOOKED'));
  const now = ctx.clock.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const changed = await updateAppointmentsIf(tx, ids, open, { cancelState: 'STAFF' }, now);
    // Each held its time until now (the update's condition): the times are free.
    await timesFreed(ctx, tx, changed, 'CANCELLED', now);
    return changed;
  });
  if (cancelled.length > 0) {
    await dropReminders(
      ctx.db,
      cancelled.map((c) => c.id),
    );
    await announceAppointments(ctx, cancelled);
    const first = [...cancelled].sort((a, b) => a.startAt.getTime() - b.startAt.getTime())[0]!;
    tell(ctx, 'cancelled', await findAppointmentWithPlace(ctx.db, first.id), cancelled);
  }
  return presentAppointment((await visibleAppointment(ctx, actor, id)).row, timeZone, ctx.clock.now());
}

/**
 * `POST /appointments/{id}/restore` (staff only; the patient is not told): the occurrence or the
 * series holds its time again — all of it or, when any time was taken meanwhile, none
 * (APPOINTMENT_SLOT_TAKEN: one statement, so the exclusion constraint judges them together).
 */
export async function restoreByStaff(ctx: AppContext, actor: Actor, id: string, scope: SeriesScope | undefined): Promise<Appointment> {
  const { row, timeZone } = await visibleAppointment(ctx, actor, id);
  const ids = await idsOfScope(ctx.db, row, scope === 'ALL');
  try {
    const restored = await retryOnDeadlock(() => updateAppointmentsIf(ctx.db, ids, isNotNull(appointments.cancelState), { cancelState: null }, ctx.clock.now()));
    await resetReminders(ctx.db, restored, ctx.clock.now());
    await announceAppointments(ctx, restored);
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('APPOINTMENT_SLOT_TAKEN');
    throw error;
  }
  return presentAppointment((await visibleAppointment(ctx, actor, id)).row, timeZone, ctx.clock.now());
}

/** `DELETE /appointments/{id}?scope=`: gone for good (staff only), the occurrence or its whole series; the patient is told. */
export async function deleteByStaff(ctx: AppContext, actor: Actor, id: string, scope: SeriesScope | undefined): Promise<AppointmentRow[]> {
  const { row } = await visibleAppointment(ctx, actor, id);
  const place = await findAppointmentWithPlace(ctx.db, row.id);
  const ids = await idsOfScope(ctx.db, row, scope === 'ALL');
  const deleted = await ctx.db.transaction(async (tx) => {
    const gone = await deleteAppointments(tx, ids);
    await timesFreed(
      ctx,
      tx,
      gone.filter((d) => d.cancelState === null && d.status === 'BOOKED'),
      'DELETED',
      ctx.clock.now(),
    );
    return gone;
  });
  await dropReminders(
    ctx.db,
    deleted.map((d) => d.id),
  );
  await announceAppointments(ctx, deleted);
  // Only what still held its time is news to the patient.
  const news = deleted.filter((d) => d.cancelState === null && d.status === 'BOOKED' && d.startAt.getTime() > ctx.clock.now().getTime());
  if (place && news.length > 0) tell(ctx, 'deleted', { ...place, appointment: news[0]! }, news);
  return deleted;
}
