/** Appointments: what a practice lets patients book (types); the rules and bookings follow. */
import { isNull, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_CANCEL_STATES,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  BOOKING_CHANNELS,
  VACATION_TYPES,
  APPOINTMENT_DURATION_MAX_MINUTES,
  APPOINTMENT_DURATION_MIN_MINUTES,
  APPOINTMENT_SLOT_KINDS,
  DEFAULT_APPOINTMENT_TYPE_NAME,
  DEFAULT_BOOKING_FIELD_MODES,
  DEFAULT_OFFER_COUNT,
  DEFAULT_OFFER_MINUTES,
  DEFAULT_UNCONFIRMED_MARK_HOURS,
  type BookingFieldModes,
  type EarlierTime,
  type Recurrence,
} from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, users } from './accounts.js';
import { profiles } from './locations.js';
import { queues } from './queues.js';

/**
 * Appointment types (docs/product.md#entities): per location, served by the processors of one
 * waiting list (`queue_id`), whose work view shows them. Deleting one archives it — bookings
 * keep their type for reports, as tickets keep their list.
 */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'no action' }),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'no action' }),
    name: text('name').notNull().default(DEFAULT_APPOINTMENT_TYPE_NAME),
    durationMinutes: integer('duration_minutes').notNull(),
    // A removed processor leaves the type without a default rather than taking it along.
    defaultProcessorId: uuid('default_processor_id').references(() => users.id, { onDelete: 'set null' }),
    bookableOnline: boolean('bookable_online').notNull().default(true),
    bookableKiosk: boolean('bookable_kiosk').notNull().default(false),
    /** A freed time goes to this many waiting patients at once; 0: none (docs/product.md#earlier-appointments). */
    offerCount: smallint('offer_count').notNull().default(DEFAULT_OFFER_COUNT),
    offerMinutes: smallint('offer_minutes').notNull().default(DEFAULT_OFFER_MINUTES),
    /** Hours before the start the patient is asked to confirm; null: confirmations off. */
    confirmHoursBefore: smallint('confirm_hours_before'),
    unconfirmedMarkHours: smallint('unconfirmed_mark_hours').notNull().default(DEFAULT_UNCONFIRMED_MARK_HOURS),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_types_account_idx').on(t.accountId),
    index('appointment_types_queue_idx').on(t.queueId),
    check(
      'appointment_types_duration_range',
      sql`${t.durationMinutes} BETWEEN ${sql.raw(String(APPOINTMENT_DURATION_MIN_MINUTES))} AND ${sql.raw(String(APPOINTMENT_DURATION_MAX_MINUTES))}`,
    ),
  ],
);

/** The one condition every query that shows or books appointment types reads. */
export const appointmentTypeIsLive = isNull(appointmentTypes.archivedAt);

export const appointmentSlotKind = pgEnum('appointment_slot_kind', APPOINTMENT_SLOT_KINDS);

/**
 * Availability rules (docs/product.md#entities Appointment slot) of a processor in a location:
 * a weekday's hours (WEEK), or a date's added (SINGLE) or removed (SINGLE_NEGATE) hours, in the
 * location's wall clock ('HH:MM', which sorts as text). Free times are computed from these rules,
 * never stored. `appointment_type_ids` empty means every type of the location.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: appointmentSlotKind('kind').notNull(),
    weekday: smallint('weekday'),
    date: date('date', { mode: 'string' }),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    processorId: uuid('processor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentTypeIds: uuid('appointment_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minHoursInAdvance: integer('min_hours_in_advance').notNull().default(0),
    maxHoursInAdvance: integer('max_hours_in_advance'),
    requiredFields: jsonb('required_fields').$type<BookingFieldModes>().notNull().default(DEFAULT_BOOKING_FIELD_MODES),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_slots_profile_idx').on(t.profileId),
    index('appointment_slots_processor_idx').on(t.processorId),
    check('appointment_slots_day', sql`(${t.kind} = 'WEEK') = (${t.weekday} IS NOT NULL AND ${t.date} IS NULL) AND (${t.weekday} IS NOT NULL OR ${t.date} IS NOT NULL)`),
    check('appointment_slots_weekday_range', sql`${t.weekday} IS NULL OR ${t.weekday} BETWEEN 1 AND 7`),
    check('appointment_slots_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const appointmentStatus = pgEnum('appointment_status', APPOINTMENT_STATUSES);
export const appointmentCancelState = pgEnum('appointment_cancel_state', APPOINTMENT_CANCEL_STATES);
export const appointmentSource = pgEnum('appointment_source', APPOINTMENT_SOURCES);
export const bookingChannel = pgEnum('booking_channel', BOOKING_CHANNELS);

/**
 * Booked appointments (docs/product.md#entities Appointment). The patient's key is a link of
 * `patient_links`, never the id. A cancelled one keeps its status and gains `cancel_state`; only then does it stop holding its
 * time. No two appointments of one processor that hold time overlap: the exclusion constraint
 * `appointments_no_overlap` (hand-written in migration 0010, drizzle cannot declare one) says
 * so for every writer at once, back-to-back ones allowed ('[)').
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'no action' }),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'no action' }),
    appointmentTypeId: uuid('appointment_type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'no action' }),
    // A removed processor leaves their appointments without one, to be given to someone else.
    processorId: uuid('processor_id').references(() => users.id, { onDelete: 'set null' }),
    seriesId: uuid('series_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: appointmentStatus('status').notNull().default('BOOKED'),
    cancelState: appointmentCancelState('cancel_state'),
    source: appointmentSource('source').notNull(),
    channel: bookingChannel('channel'),
    bookedByUserId: uuid('booked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthDate: text('birth_date'),
    mail: text('mail'),
    phone: text('phone'),
    insuranceNumber: text('insurance_number'),
    description: text('description'),
    /** With end-to-end encryption on: the patient's names, birth date, insurance number and description, sealed in the browser. */
    sealedData: text('sealed_data'),
    /**
     * The staff series whose one sealed text this row carries (bound to the series id, crypto
     * sealTargets): kept when the occurrence leaves its series, so its text still opens; cleared
     * when the occurrence is sealed on its own.
     */
    sealedSeriesId: uuid('sealed_series_id'),
    notifyMail: boolean('notify_mail').notNull().default(false),
    notifySms: boolean('notify_sms').notNull().default(false),
    smsReminderMinutes: integer('sms_reminder_minutes'),
    lang: text('lang'),
    /** The rule the appointment's series was booked with (every occurrence carries it); null alone. */
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    /**
     * What the patient types at the kiosk of the appointment's location on its day: 8 characters
     * of Crockford's base32 (40 random bits; `newCheckInCode`). Shown on the appointment page and in
     * its mails, so kept as it is; it opens nothing but that day's check-in.
     */
    checkInCode: text('check_in_code'),
    /**
     * "Früher, wenn möglich" (docs/product.md#earlier-appointments): since when the patient wants an
     * earlier time (null: no wish), not before which local date, and which weekdays' parts suit
     * (empty: any). Cleared when an offer moved the appointment.
     */
    earlierWantedAt: timestamp('earlier_wanted_at', { withTimezone: true }),
    earlierNotBefore: date('earlier_not_before', { mode: 'string' }),
    earlierTimes: jsonb('earlier_times').$type<EarlierTime[]>().notNull().default([]),
    /** When the patient was asked to confirm, and when they did (confirmations per type). */
    confirmationAskedAt: timestamp('confirmation_asked_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** From when an unconfirmed appointment is marked (start minus its type's mark hours, set when asked). */
    unconfirmedFrom: timestamp('unconfirmed_from', { withTimezone: true }),
    /** When the patient arrived and the appointment joined its list as a member. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Raised by every change: the compare-and-set of a PATCH and the calendar file's SEQUENCE. */
    version: integer('version').notNull().default(0),
    /** When its personal data was erased (retention or a patient's request); the figures stay. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Retention finds the past appointments still holding personal data.
    index('appointments_unerased_idx')
      .on(t.accountId, t.endAt)
      .where(sql`${t.personalDataErasedAt} IS NULL`),
    // Reports read an account's appointments by start, with every column their figures and
    // filters need in the index (as queue_members_account_created_idx for tickets).
    index('appointments_account_start_idx').on(t.accountId, t.startAt, t.queueId, t.processorId, t.status, t.cancelState),
    index('appointments_processor_start_idx').on(t.processorId, t.startAt),
    index('appointments_queue_start_idx').on(t.queueId, t.startAt),
    index('appointments_series_idx').on(t.seriesId),
    index('appointments_check_in_code_idx')
      .on(t.checkInCode)
      .where(sql`${t.checkInCode} IS NOT NULL`),
    // The waiting patients of a type, for each freed time (few rows: only those who asked).
    index('appointments_earlier_idx')
      .on(t.appointmentTypeId, t.startAt)
      .where(sql`${t.earlierWantedAt} IS NOT NULL`),
    check('appointments_end_after_start', sql`${t.endAt} > ${t.startAt}`),
  ],
);

export const vacationType = pgEnum('vacation_type', VACATION_TYPES);

/**
 * A processor away (docs/product.md#entities Vacation/substitution): their free times vanish,
 * or appear under the substitute. Whole days are local dates (both inclusive), read in each
 * location's own zone; otherwise two instants.
 */
export const vacations = pgTable(
  'vacations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    type: vacationType('type').notNull(),
    wholeDays: boolean('whole_days').notNull().default(false),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    absentProcessorId: uuid('absent_processor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A substitution without its substitute means nothing: it goes with them.
    substituteProcessorId: uuid('substitute_processor_id').references(() => users.id, { onDelete: 'cascade' }),
    considerExistingAppointments: boolean('consider_existing_appointments').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('vacations_account_idx').on(t.accountId),
    index('vacations_absent_idx').on(t.absentProcessorId),
    check(
      'vacations_period',
      sql`CASE WHEN ${t.wholeDays} THEN ${t.startDate} IS NOT NULL AND ${t.endDate} >= ${t.startDate} AND ${t.startAt} IS NULL AND ${t.endAt} IS NULL
        ELSE ${t.startAt} IS NOT NULL AND ${t.endAt} > ${t.startAt} AND ${t.startDate} IS NULL AND ${t.endDate} IS NULL END`,
    ),
    check('vacations_substitute', sql`(${t.type} = 'SUBSTITUTION') = (${t.substituteProcessorId} IS NOT NULL)`),
  ],
);

/**
 * A processor's secret calendar feed (`GET /calendar/{token}.ics`, to subscribe in Outlook): one
 * per user, only the token's hash is kept; asking for a new one replaces it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);
