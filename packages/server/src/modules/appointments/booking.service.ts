import { and, eq, isNull } from 'drizzle-orm';
import {
  checkBookingFields,
  formatLocalDate,
  isSubscriptionValid,
  localDateOf,
  type BookAppointmentBody,
  type BookedAppointment,
  type MoveAppointmentInput,
  type PatientAppointment,
  formatZoned,
} from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import { isUuid, personOf, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import { refuseUnsendableSms } from '../../platform/sms-offer.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { laneDelayMinutes } from '../tickets/index.js';
import { findTypeWithLocation, type TypeWithLocation } from './appointment-types.repo.js';
import { findAppointmentWithPlace, findVisibleAppointment, insertAppointment, patientColumns, updateAppointmentIf, type AppointmentWithPlace } from './appointments.repo.js';
import { appointmentUrl, mintLink, resolveLink } from '../patient-links/index.js';
import { calendarFile } from './calendar-file.js';
import { tell } from './notify.js';
import { placementFor, takeFirstFree } from './placement.js';
import { dropReminders, resetReminders } from './reminders.js';
import { bookSeries } from './series.service.js';
import { timesFreed } from './freed-times.js';
import { isOpenForPatient, placeOf, presentAppointment, presentPatientAppointment } from './present.js';
import { announceAppointments } from './appointments.events.js';
import { accountSeals } from '../encryption/index.js';

/** Who books: a patient (online, kiosk) by address, or a signed-in staff member. */
export interface Booker {
  actor: Actor | undefined;
  ip: string;
}

/** The type to book, for the public any live one (then bookable on the channel), for staff one of their lists. */
async function typeToBook(ctx: AppContext, body: BookAppointmentBody, actor: Actor | undefined): Promise<TypeWithLocation> {
  const found = isUuid(body.appointment_type_id) ? await findTypeWithLocation(ctx.db, body.appointment_type_id, actor) : undefined;
  if (!found) throw new AppError(actor ? 'NOT_FOUND' : 'APPOINTMENT_TYPE_NOT_FOUND');
  if (!isSubscriptionValid(found.account.subscriptionState)) throw new AppError('SUBSCRIPTION_INVALID');
  if (!actor) {
    const channel = body.channel ?? 'ONLINE';
    if (channel === 'ONLINE' && !found.type.bookableOnline) throw new AppError('NOT_BOOKABLE_ONLINE');
    if (channel === 'KIOSK' && !found.type.bookableKiosk) throw new AppError('NOT_BOOKABLE_AT_KIOSK');
  }
  return found;
}

/**
 * `POST /appointments`: a patient books a free time the rules offer (source SELF_BOOKED,
 * rate limited per address); staff book any time of a processor of the list (FRONTEND). The
 * order of checks is the patient's: does the type exist and may it be booked here, is the time
 * offered, is the data right; then the database decides who gets the time.
 */
export async function bookAppointment(ctx: AppContext, limiter: RateLimiter, body: BookAppointmentBody, booker: Booker): Promise<BookedAppointment | PatientAppointment> {
  const now = ctx.clock.now();
  const { actor } = booker;
  if (!actor) {
    const verdict = await limiter.hit(booker.ip, now);
    if (!verdict.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
  }
  const found = await typeToBook(ctx, body, actor);
  const { type, location } = found;
  if (!actor && body.processor_id !== undefined && !isUuid(body.processor_id)) throw new AppError('VALIDATION', { fields: { processor_id: 'INVALID_VALUE' } });
  // A series is booked by the practice, never by a patient.
  if (!actor && (body.recurrence !== undefined || body.skip_conflicts !== undefined)) {
    throw new AppError('VALIDATION', { fields: { [body.recurrence !== undefined ? 'recurrence' : 'skip_conflicts']: 'INVALID_VALUE' } });
  }
  // Staff and patients alike: an SMS asked for where none would be sent is refused, not dropped.
  if (body.notify_sms === true || typeof body.sms_reminder_minutes === 'number') refuseUnsendableSms(ctx.config, found.smsAllowed);
  // "Früher, wenn möglich" with the booking (docs/product.md#wishes-and-offers): a series moves
  // as a whole, never into one freed time, so it asks for none.
  const earlier = body.earlier ?? undefined;
  if (earlier && body.recurrence) throw new AppError('VALIDATION', { fields: { earlier: 'INVALID_VALUE' } });
  if (earlier && type.offerCount === 0) throw new AppError('EARLIER_NOT_OFFERED');
  const placement = await placementFor(ctx.db, found, { start: new Date(body.start), processorId: body.processor_id, byStaff: actor !== undefined, now });
  const checked = checkBookingFields(placement.fieldModes, body, formatLocalDate(localDateOf(now, location.timeZone)), await accountSeals(ctx.db, type.accountId));
  if (!checked.ok) throw new AppError('VALIDATION', { fields: checked.fields });
  const values = {
    accountId: type.accountId,
    profileId: type.profileId,
    queueId: type.queueId,
    appointmentTypeId: type.id,
    // Staff in the app, another system with an API key (source API, docs/api.md#scopes), or the patient.
    source: actor ? (actor.apiKey ? ('API' as const) : ('FRONTEND' as const)) : ('SELF_BOOKED' as const),
    channel: actor ? null : (body.channel ?? 'ONLINE'),
    bookedByUserId: actor ? personOf(actor) : null,
    ...patientColumns(checked.value, { description: body.description, notifyMail: body.notify_mail, notifySms: body.notify_sms }),
    smsReminderMinutes: body.sms_reminder_minutes ?? null,
    lang: body.lang ?? null,
    ...(earlier ? { earlierWantedAt: now, earlierNotBefore: earlier.not_before ?? null, earlierTimes: earlier.times ?? [] } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (body.recurrence) {
    // A series' one sealed text is bound to its series id, chosen by the sealing browser as `record_id` (docs/security.md#encryption).
    const series = await bookSeries(ctx, {
      seriesId: checked.value.record_id,
      first: placement.start,
      durationMinutes: type.durationMinutes,
      // A series stays with one processor: the one named, else the first the rules offer.
      processorId: placement.processorIds[0]!,
      rule: body.recurrence,
      skipConflicts: body.skip_conflicts ?? false,
      timeZone: location.timeZone,
      values,
    });
    await resetReminders(ctx.db, series.rows, now);
    await announceAppointments(ctx, series.rows);
    tell(ctx, 'booked', await findAppointmentWithPlace(ctx.db, series.rows[0]!.id), series.rows);
    const zoned = (start: Date) => formatZoned(start, location.timeZone);
    const token = await mintLink(ctx.db, { appointmentId: series.rows[0]!.id }, now);
    return {
      ...presentAppointment(series.rows[0]!, location.timeZone, now),
      series: { id: series.seriesId, booked: series.rows.map((row) => zoned(row.startAt)), skipped: series.skipped.map(zoned) },
      patient_url: appointmentUrl(ctx.config.publicUrl, token),
    };
  }
  // The booking and the patient's link (its hash) commit together: no booking without its key.
  let token = '';
  const id = checked.value.record_id;
  const row = await takeFirstFree(ctx.db, placement.processorIds, async (processorId, q) => {
    const inserted = await insertAppointment(q, { ...values, ...(id ? { id } : {}), processorId, startAt: placement.start, endAt: placement.end }).catch((error: unknown) => {
      // Sealed in the browser for this id (docs/security.md#encryption): a taken one is refused, never replaced.
      if (isUniqueViolation(error) && violatedConstraint(error) === 'appointments_pkey') throw new AppError('RECORD_ID_TAKEN');
      throw error;
    });
    token = await mintLink(q, { appointmentId: inserted.id }, now);
    return inserted;
  });
  await resetReminders(ctx.db, [row], now);
  await announceAppointments(ctx, [row]);
  tell(ctx, 'booked', await findAppointmentWithPlace(ctx.db, row.id));
  if (actor) return { ...presentAppointment(row, location.timeZone, now), patient_url: appointmentUrl(ctx.config.publicUrl, token) };
  return patientView(ctx, row.id, token);
}

/**
 * The appointment a patient's link opens; APPOINTMENT_NOT_FOUND for anything else — an unknown
 * or expired token and a record id answer alike.
 */
export async function appointmentIdOfLink(ctx: AppContext, token: string): Promise<string> {
  const target = await resolveLink(ctx.db, token, ctx.clock.now());
  if (!target?.appointmentId) throw new AppError('APPOINTMENT_NOT_FOUND');
  return target.appointmentId;
}

async function appointmentById(ctx: AppContext, id: string): Promise<AppointmentWithPlace> {
  const found = await findAppointmentWithPlace(ctx.db, id);
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  return found;
}

/**
 * The patient's page of an appointment, with how late the list runs for it now; with the token
 * it was asked by, its link (`patient_url`) too.
 */
export async function patientView(ctx: AppContext, id: string, token?: string): Promise<PatientAppointment> {
  const found = await appointmentById(ctx, id);
  const now = ctx.clock.now();
  const row = found.appointment;
  const late = isOpenForPatient(row, now) || row.status === 'CHECKED_IN' ? await laneDelayMinutes(ctx.db, row.queueId, row.startAt, now) : 0;
  const view = presentPatientAppointment(found, now, late);
  return token ? { ...view, patient_url: appointmentUrl(ctx.config.publicUrl, token) } : view;
}

/**
 * `GET /appointments/{token}`: the patient's page by their link. Staff with credentials may ask
 * by id, for an appointment of a list they see (the calendar's day view does).
 */
export async function patientViewByKey(ctx: AppContext, actor: Actor | undefined, key: string): Promise<PatientAppointment> {
  if (actor && isUuid(key)) {
    const found = await findVisibleAppointment(ctx.db, actor, key);
    if (!found) throw new AppError('NOT_FOUND');
    return patientView(ctx, found.row.id);
  }
  return patientView(ctx, await appointmentIdOfLink(ctx, key), key);
}

/**
 * `POST /appointments/{token}/cancel` without a login: the patient cancels (cancel state USER,
 * never restored by them). Cancelling again changes nothing; a visit under way or over cannot be.
 */
export async function cancelByPatient(ctx: AppContext, token: string): Promise<PatientAppointment> {
  const id = await appointmentIdOfLink(ctx, token);
  const found = await appointmentById(ctx, id);
  const row = found.appointment;
  if (row.cancelState !== null) return patientView(ctx, id, token);
  const now = ctx.clock.now();
  if (!isOpenForPatient(row, now)) throw new AppError('APPOINTMENT_STATE');
  const open = and(isNull(appointments.cancelState), eq(appointments.status, 'BOOKED'));
  // Losing a race (a cancel by staff, a check-in) changes nothing: the page shows what won.
  const cancelled = await ctx.db.transaction(async (tx) => {
    const changed = await updateAppointmentIf(tx, row.id, open, { cancelState: 'USER' }, now);
    if (changed) await timesFreed(ctx, tx, [row], 'CANCELLED', now);
    return changed;
  });
  if (cancelled) {
    await dropReminders(ctx.db, [cancelled.id]);
    await announceAppointments(ctx, [cancelled]);
    tell(ctx, 'cancelled', { ...found, appointment: cancelled });
  }
  return patientView(ctx, id, token);
}

/**
 * `POST /appointments/{token}/move`: the patient takes another free time of the same type, where
 * the list allows it; their processor first, else whoever the rules offer. The same start again
 * changes nothing.
 */
export async function moveByPatient(ctx: AppContext, token: string, input: MoveAppointmentInput): Promise<PatientAppointment> {
  const id = await appointmentIdOfLink(ctx, token);
  const found = await appointmentById(ctx, id);
  const row = found.appointment;
  const now = ctx.clock.now();
  if (!isOpenForPatient(row, now)) throw new AppError('APPOINTMENT_STATE');
  if (!found.allowMove) throw new AppError('MOVE_NOT_ALLOWED');
  const start = new Date(input.start);
  if (start.getTime() === row.startAt.getTime()) return patientView(ctx, id, token);
  const type = await findTypeWithLocation(ctx.db, row.appointmentTypeId, undefined);
  if (!type) throw new AppError('APPOINTMENT_STATE');
  const placement = await placementFor(ctx.db, type, { start, byStaff: false, now });
  const ids = [...placement.processorIds].sort((a, b) => Number(b === row.processorId) - Number(a === row.processorId));
  const open = and(isNull(appointments.cancelState), eq(appointments.status, 'BOOKED'), eq(appointments.startAt, row.startAt));
  const moved = await takeFirstFree(ctx.db, ids, async (processorId, q) => {
    const changed = await updateAppointmentIf(q, row.id, open, { startAt: placement.start, endAt: placement.end, processorId, seriesId: null }, now);
    if (changed) await timesFreed(ctx, q, [row], 'MOVED', now);
    return changed;
  });
  if (!moved) throw new AppError('APPOINTMENT_STATE');
  await resetReminders(ctx.db, [moved], now);
  await announceAppointments(ctx, [moved]);
  tell(ctx, 'moved', await findAppointmentWithPlace(ctx.db, moved.id));
  return patientView(ctx, id, token);
}

/** `GET /appointments/{token}/calendar.ics`: the patient's calendar entry (by their link); a cancelled one says so. */
export async function appointmentCalendarFile(ctx: AppContext, token: string): Promise<string> {
  const found = await appointmentById(ctx, await appointmentIdOfLink(ctx, token));
  const row = found.appointment;
  const { location } = found;
  return calendarFile(
    [
      {
        id: row.id,
        startAt: row.startAt,
        endAt: row.endAt,
        summary: `${found.typeName} – ${location.name}`,
        location: placeOf(location),
        url: appointmentUrl(ctx.config.publicUrl, token),
        sequence: row.version,
        cancelled: row.cancelState !== null,
      },
    ],
    location.timeZone,
    'PUBLISH',
  );
}
