import { z } from 'zod';
import { APPOINTMENT_CANCEL_STATES, APPOINTMENT_SOURCES, APPOINTMENT_STATUSES, APPOINTMENT_VIEWS, BOOKING_CHANNELS } from '../enums.js';
import { SUPPORTED_LANGS } from '../i18n/translate.js';
import { isCalendarDate } from '../tickets/patient-data.js';
import { refineDateRange } from './appointment-types.schemas.js';
import { APPOINTMENT_DESCRIPTION_MAX_LENGTH, BOOKING_FIELDS, SMS_REMINDER_MINUTES, type BookingField } from './booking-fields.js';
import { ConfirmationState, EarlierWish, EarlierWishInput } from './earlier.schemas.js';

export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;
export const AppointmentSource = z.enum(APPOINTMENT_SOURCES);
export type AppointmentSource = z.infer<typeof AppointmentSource>;
export const BookingChannel = z.enum(BOOKING_CHANNELS);
export type BookingChannel = z.infer<typeof BookingChannel>;
export const AppointmentView = z.enum(APPOINTMENT_VIEWS);
export type AppointmentView = z.infer<typeof AppointmentView>;

/** An instant written with its offset ('2026-03-30T08:00:00+02:00'), on a whole minute. */
export const ZonedInstant = z.iso.datetime({ offset: true, message: 'INVALID_DATE' }).refine((value) => Date.parse(value) % 60_000 === 0, 'INVALID_VALUE');

const SmsReminderMinutes = z
  .number()
  .int()
  .refine((value) => (SMS_REMINDER_MINUTES as readonly number[]).includes(value), 'INVALID_VALUE');

/** How a series repeats (docs/product.md#entities Appointment, RFC 5545). */
export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/** A series has at most this many occurrences and reaches at most MAX_SERIES_YEARS ahead. */
export const MAX_SERIES_OCCURRENCES = 366;
export const MAX_SERIES_YEARS = 10;
/** A series repeats at most every this many days, weeks, months or years. */
export const MAX_RECURRENCE_INTERVAL = 99;

/**
 * `recurrence` of a staff booking: every `interval` days, weeks, months or years from the first
 * start, at its local time, until a local date (inclusive) or `count` times. A monthly series on
 * the 31st skips the months without one, a yearly one on 29 February the years without it.
 */
export const Recurrence = z
  .strictObject({
    frequency: z.enum(RECURRENCE_FREQUENCIES),
    interval: z.number().int().min(1, 'MIN_VALUE').max(MAX_RECURRENCE_INTERVAL, 'MAX_VALUE').optional(),
    until: z.string().refine(isCalendarDate, 'INVALID_DATE').optional(),
    // Checked against MAX_SERIES_OCCURRENCES by the server (RECURRENCE_TOO_LONG), before any conflict.
    count: z.number().int().min(1, 'MIN_VALUE').optional(),
  })
  .superRefine((rule, ctx) => {
    if ((rule.until === undefined) === (rule.count === undefined)) ctx.addIssue({ code: 'custom', path: ['count'], message: 'UNTIL_OR_COUNT' });
  });
export type Recurrence = z.infer<typeof Recurrence>;

/** What a booking says about the appointment beyond who the patient is. */
const bookingDetails = {
  description: z.string().trim().max(APPOINTMENT_DESCRIPTION_MAX_LENGTH),
  notify_mail: z.boolean(),
  notify_sms: z.boolean(),
  /** The patient's choice of reminder (30, 60, 120 or 1440 minutes before); null: none. */
  sms_reminder_minutes: SmsReminderMinutes.nullable(),
  lang: z.enum(SUPPORTED_LANGS),
};

/** The patient data fields of a booking, unread by the route: checkBookingFields judges them. */
const uncheckedPatientFields = Object.fromEntries(BOOKING_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<BookingField, z.ZodOptional<z.ZodUnknown>>;

/**
 * `POST /appointments` as the route sees it before the type and its slot are known: the patient
 * data fields are judged by checkBookingFields with the slot's required fields, so a client gets
 * every field error in one answer, as with a ticket.
 */
export const BookAppointmentBody = z.strictObject({
  appointment_type_id: z.string().trim().min(1).max(64),
  start: ZonedInstant,
  /** A processor of the type's list; without one, whoever is free then. */
  processor_id: z.string().trim().min(1).max(64).optional(),
  /** The patient's booking without a login: their phone (ONLINE, default) or the kiosk. */
  channel: BookingChannel.optional(),
  ...uncheckedPatientFields,
  description: bookingDetails.description.optional(),
  notify_mail: bookingDetails.notify_mail.optional(),
  notify_sms: bookingDetails.notify_sms.optional(),
  sms_reminder_minutes: bookingDetails.sms_reminder_minutes.optional(),
  lang: bookingDetails.lang.optional(),
  /** While the practice encrypts: the names, birth date, insurance number and description, sealed in the browser. */
  sealed_data: z.unknown().optional(),
  /** With `sealed_data` only: the id the sealing browser chose for the appointment (for a series: the series id), bound into the sealed text. */
  record_id: z.unknown().optional(),
  /** Staff only: a series, one appointment per occurrence. */
  recurrence: Recurrence.optional(),
  /** With a recurrence: book the free occurrences and list the taken ones, instead of refusing the series. */
  skip_conflicts: z.boolean().optional(),
  /** "Früher, wenn möglich": offer me an earlier time (as `PUT /appointments/{key}/earlier` says). */
  earlier: EarlierWishInput,
});
export type BookAppointmentBody = z.infer<typeof BookAppointmentBody>;

/** An appointment as staff read it (docs/product.md#entities Appointment). */
export const Appointment = z.object({
  id: z.uuid(),
  profile_id: z.uuid(),
  queue_id: z.uuid(),
  appointment_type_id: z.uuid(),
  processor_id: z.uuid().nullable(),
  series_id: z.uuid().nullable(),
  /** ISO 8601 with the location's offset at that instant. */
  start: z.string(),
  end: z.string(),
  status: AppointmentStatus,
  cancel_state: z.enum(APPOINTMENT_CANCEL_STATES).nullable(),
  view: AppointmentView,
  source: AppointmentSource,
  channel: BookingChannel.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  mail: z.string().nullable(),
  phone: z.string().nullable(),
  insurance_number: z.string().nullable(),
  description: z.string().nullable(),
  notify_mail: z.boolean(),
  notify_sms: z.boolean(),
  sms_reminder_minutes: z.number().int().nullable(),
  lang: z.string().nullable(),
  recurrence: Recurrence.nullable(),
  /** When the patient's data was erased (retention or their request): the fields above are empty for good. */
  erased_at: z.string().nullable(),
  /** With encryption on: the names, birth date, insurance number and description, sealed; staff browsers open it. */
  sealed_data: z.string().nullable(),
  /** The staff series whose one sealed text this appointment carries (crypto sealTargets); kept when it leaves the series. */
  sealed_series_id: z.uuid().nullable(),
  /** The patient's wish to be offered an earlier time; null: none (docs/product.md#earlier-appointments). */
  earlier_wish: EarlierWish.nullable(),
  /** Asked to confirm (ASKED) and answered (CONFIRMED); null: not asked. */
  confirmation_state: ConfirmationState.nullable(),
  /** Asked, not confirmed, and its type's mark time before the start has come: the calendar and the day view mark it. */
  unconfirmed: z.boolean(),
  /** Raised by every change: a PATCH may send it back to change only what it saw. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

/** A staff booking's answer: the (first) appointment and, for a series, what was booked and skipped. */
export const BookedAppointment = Appointment.extend({
  series: z.object({ id: z.uuid(), booked: z.array(z.string()), skipped: z.array(z.string()) }).optional(),
  /** The link the patient keeps (`{PUBLIC_URL}/a/{token}`; a series: its first occurrence's), to hand over on the phone. */
  patient_url: z.string().optional(),
});
export type BookedAppointment = z.infer<typeof BookedAppointment>;

/** Minutes late from which the appointment page offers another time. */
export const SUGGEST_MOVE_AFTER_LATE_MINUTES = 5;

/**
 * `GET /appointments/{token}`: the patient's own appointment, the token of their link being the
 * key (never the id). Nothing of the patient's data: the link may be forwarded, and the page
 * needs none of it.
 */
export const PatientAppointment = z.object({
  id: z.uuid(),
  status: AppointmentStatus,
  view: AppointmentView,
  source: AppointmentSource,
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  /** The type (its free times are where a move may go) and the list that serves it. */
  appointment_type_id: z.uuid(),
  queue_id: z.uuid(),
  type_name: z.string(),
  location: z.object({ id: z.uuid(), name: z.string(), address: z.string().nullable() }),
  processor_name: z.string().nullable(),
  can_cancel: z.boolean(),
  can_move: z.boolean(),
  /** Booked for today and not yet arrived: the patient may check in from their phone. */
  can_check_in: z.boolean(),
  /** Checked in, the ticket it became (its page opens with the same link: GET /members/{token}); else null. */
  member_id: z.uuid().nullable(),
  /** What the patient types at the kiosk instead of scanning the QR code: 8 characters, shown 'ABCD-EFGH'. */
  check_in_code: z.string(),
  /** How late the list runs now, in minutes (0 when on time or not today). */
  late_minutes: z.number().int(),
  /** More than 5 minutes late where the list allows moving: the page offers another time (docs/product.md). */
  suggest_move: z.boolean(),
  /** The patient asked to be offered an earlier time (`PUT …/earlier`); `earlier_wish` says what suits. */
  earlier_wanted: z.boolean(),
  earlier_wish: EarlierWish.nullable(),
  /** Still ahead and of a type that offers freed times: the page shows "Früher, wenn möglich". */
  can_ask_earlier: z.boolean(),
  /** Asked to confirm (ASKED) and answered (CONFIRMED); null: not asked. */
  confirmation_state: ConfirmationState.nullable(),
  /** Booked and still ahead: "Ich komme" confirms (`POST /appointments/{token}/confirm`). */
  can_confirm: z.boolean(),
  /** The link the patient keeps (`{PUBLIC_URL}/a/{token}`): in the booking's answer and any answer to a request made with a link. */
  patient_url: z.string().optional(),
});
export type PatientAppointment = z.infer<typeof PatientAppointment>;

/** `GET /appointments?from=&to=&processor_id=&status=`: local dates of each location, both inclusive, at most 62 days. */
export const AppointmentListQuery = z
  .object({
    from: z.string().refine(isCalendarDate, 'INVALID_DATE'),
    to: z.string().refine(isCalendarDate, 'INVALID_DATE'),
    processor_id: z.string().max(64).optional(),
    profile_id: z.string().max(64).optional(),
    queue_id: z.string().max(64).optional(),
    status: z.enum([...APPOINTMENT_STATUSES, 'CANCELLED']).optional(),
  })
  .superRefine(refineDateRange);
export type AppointmentListQuery = z.infer<typeof AppointmentListQuery>;

/** One occurrence or the whole series (docs/product.md#states-and-transitions Appointments). */
export const SeriesScope = z.enum(['ONE', 'ALL']);
export type SeriesScope = z.infer<typeof SeriesScope>;

/** `POST /appointments/{id}/cancel|restore`: a body is optional. */
export const SeriesScopeInput = z.strictObject({ scope: SeriesScope.optional() }).nullish();
export type SeriesScopeInput = z.infer<typeof SeriesScopeInput>;

/** `DELETE /appointments/{id}?scope=ONE|ALL`. */
export const SeriesScopeQuery = z.object({ scope: SeriesScope.optional() });
export type SeriesScopeQuery = z.infer<typeof SeriesScopeQuery>;

/** `POST /appointments/{id}/move`: the patient picks another free time of the same type. */
export const MoveAppointmentInput = z.strictObject({ start: ZonedInstant });
export type MoveAppointmentInput = z.infer<typeof MoveAppointmentInput>;

/** `PATCH /appointments/{id}` (staff): what is sent changes; with `version`, only if nobody changed it since. */
export const UpdateAppointmentInput = z.strictObject({
  start: ZonedInstant.optional(),
  /** A new end (the calendar's resize): after the start, at most a day later; a move without it keeps the length. */
  end: ZonedInstant.optional(),
  processor_id: z.string().trim().min(1).max(64).optional(),
  ...uncheckedPatientFields,
  description: bookingDetails.description.nullable().optional(),
  notify_mail: bookingDetails.notify_mail.optional(),
  notify_sms: bookingDetails.notify_sms.optional(),
  sms_reminder_minutes: bookingDetails.sms_reminder_minutes.optional(),
  /** While the practice encrypts: all sealed fields anew, replacing the stored sealed text. */
  sealed_data: z.unknown().optional(),
  version: z.number().int().min(0).optional(),
  scope: SeriesScope.optional(),
});
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentInput>;
