import { and, eq, isNull } from 'drizzle-orm';
import { checkInKeyOf, formatZoned, type Appointment, type KioskCheckInInput, type KioskCheckInResult, type PatientAppointment } from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitOrRefuse, refuseIfLimited, type RateLimiter } from '../../platform/rate-limit.js';
import { Outbox } from '../../platform/realtime/index.js';
import { admitAppointment, type WorkViewAppointments } from '../tickets/index.js';
import {
  appointmentsOfListOnDay,
  findAppointmentWithPlace,
  findBookedTodayByCode,
  findMemberOfAppointment,
  findVisibleAppointment,
  updateAppointmentIf,
  type AppointmentRow,
  type AppointmentWithPlace,
} from './appointments.repo.js';
import { isUnconfirmed, onSameLocalDay, presentAppointment } from './present.js';
import { appointmentIdOfLink, patientView } from './booking.service.js';
import { resolveLink } from '../patient-links/index.js';
import { announceAppointments } from './appointments.events.js';

/*
 * The appointment on its day (docs/product.md#states-and-transitions): the patient arrives and
 * checks in — by the link, the kiosk's QR code, or at the desk — and joins the list as a member;
 * one who never comes is marked a no-show a quarter of an hour after the start.
 */

/** Minutes after the start before staff may mark a no-show. */
export const NO_SHOW_AFTER_MINUTES = 15;

/** The appointment for a check-in: staff by id within their lists' visibility, the patient by their link. */
async function appointmentToCheckIn(ctx: AppContext, actor: Actor | undefined, key: string): Promise<{ row: AppointmentRow; timeZone: string }> {
  if (actor) {
    const found = await findVisibleAppointment(ctx.db, actor, key);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }
  const found = await findAppointmentWithPlace(ctx.db, await appointmentIdOfLink(ctx, key));
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  return { row: found.appointment, timeZone: found.location.timeZone };
}

/**
 * `POST /appointments/{token}/check-in` (staff: `{id}`): on the appointment's day, a booked
 * appointment joins its list as a member (origin APPOINTMENT) with the next number, placed by its
 * start time; the list must be open. Checking in again changes nothing. The status change and
 * the member are one transaction, and one member per appointment is a unique index: two
 * check-ins at once make one. The patient's link then opens the ticket as well.
 */
export async function checkIn(ctx: AppContext, actor: Actor | undefined, key: string): Promise<Appointment | PatientAppointment> {
  const { row, timeZone } = await appointmentToCheckIn(ctx, actor, key);
  await admitToList(ctx, row, timeZone);
  return actor ? presentAppointment((await appointmentToCheckIn(ctx, actor, key)).row, timeZone, ctx.clock.now()) : patientView(ctx, row.id, key);
}

/** The check-in itself; nothing when the appointment is checked in already. */
async function admitToList(ctx: AppContext, row: AppointmentRow, timeZone: string): Promise<void> {
  if (row.status === 'CHECKED_IN') return;
  if (row.cancelState !== null || row.status !== 'BOOKED') throw new AppError('APPOINTMENT_STATE');
  const now = ctx.clock.now();
  if (!onSameLocalDay(row.startAt, now, timeZone)) throw new AppError('CHECK_IN_NOT_TODAY');
  const outbox = new Outbox();
  await ctx.db.transaction(async (tx) => {
    const open = and(eq(appointments.status, 'BOOKED'), isNull(appointments.cancelState));
    const checked = await updateAppointmentIf(tx, row.id, open, { status: 'CHECKED_IN', checkedInAt: now }, now);
    // Lost a race (checked in, cancelled or marked meanwhile): the answer shows what won.
    if (!checked) return;
    const member = await admitAppointment(
      tx,
      {
        accountId: row.accountId,
        queueId: row.queueId,
        appointmentId: row.id,
        start: row.startAt,
        firstName: row.firstName,
        lastName: row.lastName,
        birthDate: row.birthDate,
        insuranceNumber: row.insuranceNumber,
        mail: row.mail,
        phone: row.phone,
        lang: row.lang,
        sealedData: row.sealedData,
        sealedSeriesId: row.sealedSeriesId,
      },
      now,
      outbox,
    );
    if (!member) throw new AppError('QUEUE_CLOSED');
  });
  await outbox.flush(ctx.realtime);
  await announceAppointments(ctx, [row]);
}

/**
 * `POST /appointments/check-in` (the kiosk): what the patient scanned (their link's QR code) or
 * typed (the check-in code) checks in a booked appointment of today at the kiosk's location.
 * Every miss — an unknown or mistyped code, another day's or location's appointment, one already
 * checked in or cancelled — answers the same APPOINTMENT_NOT_FOUND. The kiosk learns the ticket
 * number and nothing that opens the ticket or names a record: it is a shared device.
 */
export async function checkInAtKiosk(
  ctx: AppContext,
  limits: { perAddress: RateLimiter; failuresPerLocation: RateLimiter },
  input: KioskCheckInInput,
  ip: string,
): Promise<KioskCheckInResult> {
  const now = ctx.clock.now();
  // Like public booking, limited per address; and past its cap of misses a location's kiosk
  // tries no code at all until the window turns — else a guesser would still learn each answer.
  await hitOrRefuse(limits.perAddress, ip, now);
  const location = isUuid(input.profile_id) ? input.profile_id : undefined;
  if (!location) throw new AppError('APPOINTMENT_NOT_FOUND');
  refuseIfLimited(await limits.failuresPerLocation.peek(location, now));
  const found = await appointmentForKiosk(ctx, location, input.code, now);
  if (!found) {
    await limits.failuresPerLocation.hit(location, now);
    throw new AppError('APPOINTMENT_NOT_FOUND');
  }
  await admitToList(ctx, found.appointment, found.location.timeZone);
  const member = await findMemberOfAppointment(ctx.db, found.appointment.id);
  if (!member) throw new AppError('APPOINTMENT_NOT_FOUND');
  return { number: member.number, queue_name: member.queueName, start: formatZoned(found.appointment.startAt, found.location.timeZone), type_name: found.typeName };
}

/** The booked appointment of today at the location that a scanned link or a typed code names. */
async function appointmentForKiosk(ctx: AppContext, profileId: string, scanned: string, now: Date): Promise<AppointmentWithPlace | undefined> {
  const key = checkInKeyOf(scanned);
  if (!key) return undefined;
  const id = 'code' in key ? await findBookedTodayByCode(ctx.db, profileId, key.code, now) : (await resolveLink(ctx.db, key.token, now))?.appointmentId;
  const found = id ? await findAppointmentWithPlace(ctx.db, id) : undefined;
  if (!found) return undefined;
  const { appointment: row, location } = found;
  const bookedToday = row.status === 'BOOKED' && row.cancelState === null && onSameLocalDay(row.startAt, now, location.timeZone);
  return bookedToday && row.profileId === profileId ? found : undefined;
}

/** `POST /appointments/{id}/no-show` (staff): a booked appointment nobody checked in 15 minutes after its start. */
export async function markNoShow(ctx: AppContext, actor: Actor, id: string): Promise<Appointment> {
  const found = await findVisibleAppointment(ctx.db, actor, id);
  if (!found) throw new AppError('NOT_FOUND');
  const { row, timeZone } = found;
  if (row.status === 'NO_SHOW') return presentAppointment(row, timeZone, ctx.clock.now());
  if (row.cancelState !== null || row.status !== 'BOOKED') throw new AppError('APPOINTMENT_STATE');
  const now = ctx.clock.now();
  if (now.getTime() < row.startAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000) throw new AppError('NO_SHOW_TOO_EARLY');
  const marked = await updateAppointmentIf(ctx.db, row.id, and(eq(appointments.status, 'BOOKED'), isNull(appointments.cancelState)), { status: 'NO_SHOW' }, now);
  if (!marked) throw new AppError('APPOINTMENT_STATE');
  await announceAppointments(ctx, [marked]);
  return presentAppointment(marked, timeZone, ctx.clock.now());
}

/**
 * The work view's appointments of a list (registered with the tickets module): today's in the
 * location's zone, booked or marked no-show, not cancelled, not yet checked in (then they are
 * members); `text` matches names and phone like the members' search.
 */
export const appointmentsOfDay: WorkViewAppointments = async (q, queueId, now, text) => {
  const rows = await appointmentsOfListOnDay(q, queueId, now, text);
  return rows.map(({ row, timeZone }) => ({
    kind: 'appointment' as const,
    id: row.id,
    queue_id: row.queueId,
    appointment_type_id: row.appointmentTypeId,
    processor_id: row.processorId,
    start: formatZoned(row.startAt, timeZone),
    end: formatZoned(row.endAt, timeZone),
    status: row.status,
    can_mark_no_show: row.status === 'BOOKED' && now.getTime() >= row.startAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    sealed_data: row.sealedData,
    sealed_series_id: row.sealedSeriesId,
    unconfirmed: isUnconfirmed(row, now),
  }));
};
