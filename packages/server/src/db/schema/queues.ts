/** Waiting lists, and the one rule of which lists and locations are live. */
import { isNull, sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOGO_PLACEMENTS, PATIENT_INPUT_MODES, QUEUE_DEFAULTS, type PatientInputs, type SessionButtonVisibility, type ViewConfigurationInput } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, nameOrder } from './accounts.js';
import { profiles } from './locations.js';

export const patientInputMode = pgEnum('patient_input_mode', PATIENT_INPUT_MODES);
export const logoPlacement = pgEnum('logo_placement', LOGO_PLACEMENTS);

/** Waiting lists with every field of docs/product.md#entities. */
export const queues = pgTable(
  'queues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    // No cascade: a location is archived, never deleted, and must not take its lists' history along.
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    identifier: text('identifier').notNull(),
    phone: text('phone'),
    priority: integer('priority').notNull().default(QUEUE_DEFAULTS.priority),
    kioskTextBefore: text('kiosk_text_before'),
    kioskTextAfter: text('kiosk_text_after'),
    ticketTextBefore: text('ticket_text_before'),
    ticketTextAfter: text('ticket_text_after'),
    monitorText: text('monitor_text'),
    openingHours: text('opening_hours'),
    drawOnlineEnabled: boolean('draw_online_enabled').notNull().default(QUEUE_DEFAULTS.draw_online_enabled),
    waitTimeCalculationEnabled: boolean('wait_time_calculation_enabled').notNull().default(QUEUE_DEFAULTS.wait_time_calculation_enabled),
    kioskEnabled: boolean('kiosk_enabled').notNull().default(QUEUE_DEFAULTS.kiosk_enabled),
    maxConcurrentProcessing: integer('max_concurrent_processing').notNull().default(QUEUE_DEFAULTS.max_concurrent_processing),
    preprocessingBufferMinutes: integer('preprocessing_buffer_minutes').notNull().default(QUEUE_DEFAULTS.preprocessing_buffer_minutes),
    averageProcessMinutes: integer('average_process_minutes').notNull().default(QUEUE_DEFAULTS.average_process_minutes),
    numberStart: integer('number_start'),
    numberEnd: integer('number_end'),
    /** At number end: start again from number start (true) or refuse new tickets (false). */
    numberWrap: boolean('number_wrap').notNull().default(QUEUE_DEFAULTS.number_wrap),
    timeoutMinutes: integer('timeout_minutes'),
    automaticallyNext: boolean('automatically_next').notNull().default(QUEUE_DEFAULTS.automatically_next),
    color: text('color'),
    accentColor: text('accent_color'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    isDefault: boolean('is_default').notNull().default(QUEUE_DEFAULTS.is_default),
    logoPlacementTicket: logoPlacement('logo_placement_ticket').notNull().default(QUEUE_DEFAULTS.logo_placement_ticket),
    logoPlacementKiosk: logoPlacement('logo_placement_kiosk').notNull().default(QUEUE_DEFAULTS.logo_placement_kiosk),
    patientInputs: jsonb('patient_inputs').$type<PatientInputs>().notNull().default(QUEUE_DEFAULTS.patient_inputs),
    askPatientForLanguage: boolean('ask_patient_for_language').notNull().default(QUEUE_DEFAULTS.ask_patient_for_language),
    allowMoveAppointment: boolean('allow_move_appointment').notNull().default(QUEUE_DEFAULTS.allow_move_appointment),
    mayActivateSmsNotifications: boolean('may_activate_sms_notifications').notNull().default(QUEUE_DEFAULTS.may_activate_sms_notifications),
    alertMembersAhead: integer('alert_members_ahead').default(QUEUE_DEFAULTS.alert_members_ahead),
    alertMinutesLeft: integer('alert_minutes_left').default(QUEUE_DEFAULTS.alert_minutes_left),
    showProcessorOnProcessing: boolean('show_processor_on_processing').notNull().default(QUEUE_DEFAULTS.show_processor_on_processing),
    allowActualProcessorSelectionForNonActiveProcessors: boolean('allow_actual_processor_selection_for_non_active_processors')
      .notNull()
      .default(QUEUE_DEFAULTS.allow_actual_processor_selection_for_non_active_processors),
    displayMonitorOnKiosk: boolean('display_monitor_on_kiosk').notNull().default(QUEUE_DEFAULTS.display_monitor_on_kiosk),
    buttonVisibility: jsonb('button_visibility').$type<SessionButtonVisibility>().notNull().default(QUEUE_DEFAULTS.button_visibility),
    nameOrder: nameOrder('name_order').notNull().default(QUEUE_DEFAULTS.name_order),
    alwaysShowProbingQuestions: boolean('always_show_probing_questions').notNull().default(QUEUE_DEFAULTS.always_show_probing_questions),
    /** Smart suspend: intake stops this many minutes before a scheduled close. */
    smartSuspendMinutes: integer('smart_suspend_minutes').notNull().default(QUEUE_DEFAULTS.smart_suspend_minutes),
    /**
     * The work view's columns, filters and actions per role (shared view-configuration.ts). Empty
     * on lists from before it existed: a switch not stored reads as shown.
     */
    viewConfiguration: jsonb('view_configuration').$type<ViewConfigurationInput>().notNull().default({}),
    /**
     * Set when the list was deleted: it leaves every screen, link and job, and its tickets stay
     * for reports. Every query that shows or serves lists reads `queueIsLive`.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Among live lists only: a deleted list's identifier may be used again.
    uniqueIndex('queues_profile_identifier_unique')
      .on(t.profileId, sql`lower(${t.identifier})`)
      .where(sql`${t.archivedAt} IS NULL`),
    // At most one default queue per location: the one a link without a queue identifier opens.
    uniqueIndex('queues_one_default_per_profile')
      .on(t.profileId)
      .where(sql`${t.isDefault} AND ${t.archivedAt} IS NULL`),
    index('queues_account_idx').on(t.accountId),
    check('queues_priority_values', sql`${t.priority} IN (1, 5, 10, 100, 500)`),
    check('queues_number_range', sql`${t.numberEnd} IS NULL OR (${t.numberStart} IS NOT NULL AND ${t.numberStart} <= ${t.numberEnd})`),
    check('queues_ages_not_zero', sql`(${t.minAge} IS NULL OR ${t.minAge} > 0) AND (${t.maxAge} IS NULL OR ${t.maxAge} > 0)`),
  ],
);

/** A list not deleted (archived): the only kind any screen, link or job may show or serve. */
export const queueIsLive = isNull(queues.archivedAt);
/** A location not deleted (archived). */
export const profileIsLive = isNull(profiles.archivedAt);
