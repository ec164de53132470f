import { z } from 'zod';
import { isCalendarDate } from '../tickets/patient-data.js';
import { BookingFieldModes } from './appointment-slots.schemas.js';
import { SealingKey } from '../privacy/encryption.schemas.js';
import { MAX_OFFER_COUNT } from './earlier.schemas.js';

/** docs/product.md#entities Appointment type: the name a type gets when none is given. */
export const DEFAULT_APPOINTMENT_TYPE_NAME = 'Arztgespräch';
/** Shortest and longest appointment; a day's slot rules are in whole minutes. */
export const APPOINTMENT_DURATION_MIN_MINUTES = 5;
export const APPOINTMENT_DURATION_MAX_MINUTES = 480;
/** Shortest and longest validity of an earlier-time offer's link, in minutes. */
export const OFFER_MINUTES_MIN = 5;
export const OFFER_MINUTES_MAX = 1440;
/** The most hours before its start an appointment asks for confirmation or is marked unconfirmed (two weeks). */
export const CONFIRM_HOURS_MAX = 336;

const appointmentTypeFields = {
  name: z.string().trim().min(1).max(100),
  duration_minutes: z.number().int().min(APPOINTMENT_DURATION_MIN_MINUTES, 'MIN_VALUE').max(APPOINTMENT_DURATION_MAX_MINUTES, 'MAX_VALUE'),
  /** A processor of the account assigned to the type's list; null: whoever is free. */
  default_processor_id: z.uuid().nullable(),
  bookable_online: z.boolean(),
  bookable_kiosk: z.boolean(),
  /** A freed time is offered to this many waiting patients at once; 0: the type offers none (docs/product.md#earlier-appointments). */
  offer_count: z.number().int().min(0, 'MIN_VALUE').max(MAX_OFFER_COUNT, 'MAX_VALUE'),
  /** How long an offer's link is valid, in minutes. */
  offer_minutes: z.number().int().min(OFFER_MINUTES_MIN, 'MIN_VALUE').max(OFFER_MINUTES_MAX, 'MAX_VALUE'),
  /** Ask the patient to confirm this many hours before the start; null: confirmations off. */
  confirm_hours_before: z.number().int().min(1, 'MIN_VALUE').max(CONFIRM_HOURS_MAX, 'MAX_VALUE').nullable(),
  /** An appointment still unconfirmed this many hours before its start is marked in the calendar and the day view. */
  unconfirmed_mark_hours: z.number().int().min(1, 'MIN_VALUE').max(CONFIRM_HOURS_MAX, 'MAX_VALUE'),
};

/** `PATCH /appointment-types/{id}` (admins): what is sent changes; the list (and so the location) stays. */
export const UpdateAppointmentTypeInput = z.strictObject(appointmentTypeFields).partial();
export type UpdateAppointmentTypeInput = z.infer<typeof UpdateAppointmentTypeInput>;

/**
 * `POST /appointment-types` (admins). The type belongs to the location of its list
 * (`queue_id`): that list's processors serve it and its work view shows it. Only the duration
 * is required; the rest has defaults.
 */
export const CreateAppointmentTypeInput = z.strictObject({
  queue_id: z.string().trim().min(1).max(64),
  ...UpdateAppointmentTypeInput.shape,
  duration_minutes: appointmentTypeFields.duration_minutes,
});
export type CreateAppointmentTypeInput = z.infer<typeof CreateAppointmentTypeInput>;

/** An appointment type (docs/product.md#entities) as staff read it. */
export const AppointmentType = z.object({
  id: z.uuid(),
  profile_id: z.uuid(),
  queue_id: z.uuid(),
  ...appointmentTypeFields,
  name: z.string(),
  created_at: z.string(),
});
export type AppointmentType = z.infer<typeof AppointmentType>;

/** `GET /appointment-types?profile_id=&queue_id=`: both optional filters. */
export const AppointmentTypeListQuery = z.object({
  profile_id: z.string().max(64).optional(),
  queue_id: z.string().max(64).optional(),
});
export type AppointmentTypeListQuery = z.infer<typeof AppointmentTypeListQuery>;

/** The longest stretch one availability request covers (two months, a calendar's view). */
export const AVAILABILITY_MAX_DAYS = 62;
const LocalDateString = z.string().refine(isCalendarDate, 'INVALID_DATE');

/**
 * A stretch of local dates, both inclusive, forwards and at most AVAILABILITY_MAX_DAYS long:
 * the range of availability and of the staff's appointment list.
 */
export function refineDateRange(query: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (!Number.isFinite(days)) return;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'END_NOT_AFTER_START' });
  // A too_big issue carries its maximum to the message, as every length and value limit does.
  else if (days > AVAILABILITY_MAX_DAYS) ctx.addIssue({ code: 'too_big', origin: 'number', maximum: AVAILABILITY_MAX_DAYS, path: ['to'], message: 'RANGE_TOO_LONG' });
}

/** `GET /appointment-types/{id}/availability?from=&to=&channel=`: local dates, both inclusive. */
export const AvailabilityQuery = z
  .object({
    from: LocalDateString,
    to: LocalDateString,
    /** Whose view without a login: the patient's phone (ONLINE, default) or the kiosk. */
    channel: z.enum(['ONLINE', 'KIOSK']).optional(),
  })
  .superRefine(refineDateRange);
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

/**
 * Free times in the location's zone; `start`/`end` ISO 8601 with the local offset. Each time
 * names the patient data its rule asks (`fields`, an index into `field_sets`: a month has
 * thousands of times but a handful of distinct requirements), and `processors` names whoever
 * offers one, for a patient who may choose.
 */
export const Availability = z.object({
  time_zone: z.string(),
  slots: z.array(z.object({ start: z.string(), end: z.string(), processor_id: z.uuid(), fields: z.number().int().min(0) })),
  field_sets: z.array(BookingFieldModes),
  processors: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type Availability = z.infer<typeof Availability>;

/** `GET /appointment-types/bookable?queue_id=|profile_id=&channel=`: what a patient may book at a list or a location. */
export const BookableTypesQuery = z
  .object({
    queue_id: z.string().max(64).optional(),
    profile_id: z.string().max(64).optional(),
    channel: z.enum(['ONLINE', 'KIOSK']).optional(),
  })
  .refine((query) => query.queue_id !== undefined || query.profile_id !== undefined, { path: ['queue_id'], message: 'REQUIRED' });
export type BookableTypesQuery = z.infer<typeof BookableTypesQuery>;

/**
 * A type as the patient's picker sees it. `choose_processor`: the type has no default
 * processor, so the patient picks whom to see (with one, the practice decides).
 * `sms_reminders`: the list lets patients ask for an SMS reminder.
 */
export const BookableType = z.object({
  id: z.uuid(),
  name: z.string(),
  duration_minutes: z.number().int(),
  queue_id: z.uuid(),
  queue_name: z.string(),
  choose_processor: z.boolean(),
  sms_reminders: z.boolean(),
  /** The type offers freed times to those who wait: the booking page shows "Früher, wenn möglich". */
  offers_earlier: z.boolean(),
});
export type BookableType = z.infer<typeof BookableType>;
export const BookableTypes = z.object({
  types: z.array(BookableType),
  /** While the practice encrypts: the key the booking page seals the patient's data for (docs/security.md#encryption). */
  sealing_key: SealingKey.nullable(),
});
export type BookableTypes = z.infer<typeof BookableTypes>;
