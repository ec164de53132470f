import {
  formatCheckInCode,
  type ConfirmationState,
  type EarlierWish,
  formatLocalDate,
  localDateOf,
  SUGGEST_MOVE_AFTER_LATE_MINUTES,
  type Appointment,
  type AppointmentView,
  type BookingPatientData,
  type PatientAppointment,
  formatZoned,
} from '@wartefrei/shared';
import type { AppointmentRow, AppointmentWithPlace } from './appointments.repo.js';

/** What the appointment page shows: a cancel wins over every status; a checked-in one is over with its visit. */
export function viewOf(row: Pick<AppointmentRow, 'status' | 'cancelState'>, visitOver = false): AppointmentView {
  if (row.cancelState) return 'cancelled';
  if (row.status === 'CHECKED_IN') return visitOver ? 'finished' : 'checked_in';
  if (row.status === 'FINISHED' || row.status === 'NO_SHOW') return 'finished';
  return 'booked';
}

/** A patient may still cancel (and, where the list allows, move) a booked appointment that has not begun. */
export function isOpenForPatient(row: Pick<AppointmentRow, 'status' | 'cancelState' | 'startAt'>, now: Date): boolean {
  return row.cancelState === null && row.status === 'BOOKED' && row.startAt.getTime() > now.getTime();
}

/** Whether two instants fall on one local date of the zone: an appointment is checked in on its day only. */
export function onSameLocalDay(a: Date, b: Date, timeZone: string): boolean {
  return formatLocalDate(localDateOf(a, timeZone)) === formatLocalDate(localDateOf(b, timeZone));
}

/** A booked appointment of today, not yet arrived: its patient may check in. */
export function canCheckIn(row: Pick<AppointmentRow, 'status' | 'cancelState' | 'startAt'>, now: Date, timeZone: string): boolean {
  return row.cancelState === null && row.status === 'BOOKED' && onSameLocalDay(row.startAt, now, timeZone);
}

/** The patient's data of an appointment, by the booking's field names. */
export function patientDataOf(row: AppointmentRow): BookingPatientData {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    birth_date: row.birthDate,
    mail: row.mail,
    phone: row.phone,
    insurance_number: row.insuranceNumber,
    sealed_data: row.sealedData,
  };
}

/** The patient's wish for an earlier time, as the API shows it; null: none. */
export function earlierWishOf(row: Pick<AppointmentRow, 'earlierWantedAt' | 'earlierNotBefore' | 'earlierTimes'>): EarlierWish | null {
  if (!row.earlierWantedAt) return null;
  return { since: row.earlierWantedAt.toISOString(), not_before: row.earlierNotBefore, times: row.earlierTimes };
}

/** Asked to confirm, and answered (docs/product.md#earlier-appointments). */
export function confirmationStateOf(row: Pick<AppointmentRow, 'confirmationAskedAt' | 'confirmedAt'>): ConfirmationState | null {
  if (row.confirmedAt) return 'CONFIRMED';
  return row.confirmationAskedAt ? 'ASKED' : null;
}

/** Asked, not confirmed, still booked and ahead of its end, and its mark time has come: the calendar and the day view mark it. */
export function isUnconfirmed(row: Pick<AppointmentRow, 'confirmationAskedAt' | 'confirmedAt' | 'unconfirmedFrom' | 'status' | 'cancelState' | 'endAt'>, now: Date): boolean {
  if (!row.confirmationAskedAt || row.confirmedAt || row.status !== 'BOOKED' || row.cancelState !== null) return false;
  return row.unconfirmedFrom !== null && row.unconfirmedFrom.getTime() <= now.getTime() && now.getTime() < row.endAt.getTime();
}

export function presentAppointment(row: AppointmentRow, timeZone: string, now: Date, visitOver = false): Appointment {
  return {
    id: row.id,
    profile_id: row.profileId,
    queue_id: row.queueId,
    appointment_type_id: row.appointmentTypeId,
    processor_id: row.processorId,
    series_id: row.seriesId,
    sealed_series_id: row.sealedSeriesId,
    start: formatZoned(row.startAt, timeZone),
    end: formatZoned(row.endAt, timeZone),
    status: row.status,
    cancel_state: row.cancelState,
    view: viewOf(row, visitOver),
    source: row.source,
    channel: row.channel,
    ...patientDataOf(row),
    description: row.description,
    notify_mail: row.notifyMail,
    notify_sms: row.notifySms,
    sms_reminder_minutes: row.smsReminderMinutes,
    lang: row.lang,
    recurrence: row.recurrence,
    erased_at: row.personalDataErasedAt?.toISOString() ?? null,
    earlier_wish: earlierWishOf(row),
    confirmation_state: confirmationStateOf(row),
    unconfirmed: isUnconfirmed(row, now),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** 'Hauptstraße 1, 1010 Wien', or null when the location has no address. */
export function addressOf(location: AppointmentWithPlace['location']): string | null {
  const town = [location.postcode, location.city].filter(Boolean).join(' ');
  const parts = [location.street1, town].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Where the patient goes, as mails and calendar files name it: 'Ordination Wien, Hauptstraße 1, 1010 Wien'. */
export function placeOf(location: AppointmentWithPlace['location']): string {
  const address = addressOf(location);
  return address ? `${location.name}, ${address}` : location.name;
}

export function presentPatientAppointment(found: AppointmentWithPlace, now: Date, lateMinutes: number): PatientAppointment {
  const { appointment: row, location } = found;
  const open = isOpenForPatient(row, now);
  return {
    id: row.id,
    status: row.status,
    view: viewOf(row, found.visitOver),
    source: row.source,
    start: formatZoned(row.startAt, location.timeZone),
    end: formatZoned(row.endAt, location.timeZone),
    time_zone: location.timeZone,
    appointment_type_id: row.appointmentTypeId,
    queue_id: row.queueId,
    type_name: found.typeName,
    location: { id: location.id, name: location.name, address: addressOf(location) },
    processor_name: found.processorName,
    can_cancel: open,
    can_move: open && found.allowMove,
    can_check_in: canCheckIn(row, now, location.timeZone),
    member_id: found.memberId,
    check_in_code: formatCheckInCode(row.checkInCode ?? ''),
    late_minutes: lateMinutes,
    suggest_move: open && found.allowMove && lateMinutes > SUGGEST_MOVE_AFTER_LATE_MINUTES,
    earlier_wanted: row.earlierWantedAt !== null,
    earlier_wish: earlierWishOf(row),
    can_ask_earlier: open && found.offerCount > 0,
    confirmation_state: confirmationStateOf(row),
    can_confirm: open && row.confirmedAt === null,
  };
}
