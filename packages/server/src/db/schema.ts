/**
 * The database schema, one dialect: PostgreSQL (PGlite embeds the same engine). Migrations in
 * ./migrations are generated from this file by `npm run db:generate` and committed; a test fails
 * when the two disagree.
 */
import { isNull, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BUTTON_VISIBILITIES,
  CANCEL_STATES,
  DRAW_ORIGINS,
  INFO_TAG_DELAYS,
  LOGO_PLACEMENTS,
  MEMBER_STATUSES,
  MONITOR_LAYOUTS,
  MONITOR_STYLES,
  NAME_ORDERS,
  PATIENT_INPUT_MODES,
  SESSION_EVENT_SOURCES,
  SESSION_EVENTS,
  SUBSCRIPTION_STATES,
  type PatientInputs,
  type SessionButtonVisibility,
} from '@wartefrei/shared';

export type { PatientInputs, SessionButtonVisibility };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Enum values come from the shared contract, so API and database cannot disagree.
export const subscriptionState = pgEnum('subscription_state', SUBSCRIPTION_STATES);
export const buttonVisibility = pgEnum('button_visibility', BUTTON_VISIBILITIES);
export const nameOrder = pgEnum('name_order', NAME_ORDERS);

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  identifier: text('identifier').notNull(),
  displayName: text('display_name').notNull(),
  subscriptionState: subscriptionState('subscription_state').notNull().default('trial'),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  // Identifiers are compared case-insensitively: /Praxis and /praxis are one URL to a patient.
  uniqueIndex('accounts_identifier_unique').on(sql`lower(${t.identifier})`),
]);

/** Staff members: the processors of docs/product.md#entities; `is_admin` marks the account owner(s). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash'),
  isAdmin: boolean('is_admin').notNull().default(false),
  lang: text('lang').notNull().default('de'),
  color: text('color'),
  priority: integer('priority').notNull().default(10),
  maxConcurrentProcessing: integer('max_concurrent_processing'),
  buttonVisibility: buttonVisibility('button_visibility').notNull().default('EVERYBODY'),
  nameOrder: nameOrder('name_order').notNull().default('FIRST_LAST'),
  microsoftTenantId: text('microsoft_tenant_id'),
  verified: boolean('verified').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  // The username is the mail address and the login name: unique across all accounts.
  uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
  index('users_account_idx').on(t.accountId),
]);

/** Login tokens; only a SHA-256 of the random token is stored. */
export const loginTokens = pgTable('login_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('login_tokens_hash_unique').on(t.tokenHash), index('login_tokens_user_idx').on(t.userId)]);

/** One-time tokens sent by mail: sign-up verification and password reset share the shape. */
function oneTimeTokenTable<N extends string>(name: N) {
  return pgTable(name, {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  }, (t) => [uniqueIndex(`${name}_hash_unique`).on(t.tokenHash), index(`${name}_user_idx`).on(t.userId)]);
}
export const signupTokens = oneTimeTokenTable('signup_tokens');
export const passwordResetTokens = oneTimeTokenTable('password_reset_tokens');

/** Failed sign-ins, counted per username and per IP over a sliding hour. */
export const loginFailures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('login_failures_username_idx').on(t.username, t.createdAt),
  index('login_failures_ip_idx').on(t.ip, t.createdAt),
]);

/** ISO 3166-1 countries; names are localised at request time. */
export const countries = pgTable('countries', {
  id: smallint('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
});

/** Locations of an account. Extended by the locations issue (address, holidays). */
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  identifier: text('identifier').notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Vienna'),
  /** Public holidays: ISO country (AT, DE, CH) and its state or canton code (date-holidays). */
  country: text('country'),
  region: text('region'),
  /** Set when the location was deleted: it leaves every screen and link, its lists' history stays. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  street1: text('street1'),
  postcode: text('postcode'),
  city: text('city'),
  province: text('province'),
  addressCountry: text('address_country'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Among live locations only: a deleted location's identifier may be used again.
  uniqueIndex('profiles_account_identifier_unique').on(t.accountId, sql`lower(${t.identifier})`).where(sql`${t.archivedAt} IS NULL`),
]);

export const patientInputMode = pgEnum('patient_input_mode', PATIENT_INPUT_MODES);
export const logoPlacement = pgEnum('logo_placement', LOGO_PLACEMENTS);

/** Waiting lists with every field of docs/product.md#entities. */
export const queues = pgTable('queues', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  // No cascade: a location is archived, never deleted, and must not take its lists' history along.
  profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'no action' }),
  name: text('name').notNull(),
  identifier: text('identifier').notNull(),
  phone: text('phone'),
  priority: integer('priority').notNull().default(10),
  kioskTextBefore: text('kiosk_text_before'),
  kioskTextAfter: text('kiosk_text_after'),
  ticketTextBefore: text('ticket_text_before'),
  ticketTextAfter: text('ticket_text_after'),
  monitorText: text('monitor_text'),
  openingHours: text('opening_hours'),
  drawOnlineEnabled: boolean('draw_online_enabled').notNull().default(true),
  waitTimeCalculationEnabled: boolean('wait_time_calculation_enabled').notNull().default(true),
  kioskEnabled: boolean('kiosk_enabled').notNull().default(false),
  maxConcurrentProcessing: integer('max_concurrent_processing').notNull().default(1),
  preprocessingBufferMinutes: integer('preprocessing_buffer_minutes').notNull().default(0),
  averageProcessMinutes: integer('average_process_minutes').notNull().default(10),
  numberStart: integer('number_start'),
  numberEnd: integer('number_end'),
  /** At number end: start again from number start (true) or refuse new tickets (false). */
  numberWrap: boolean('number_wrap').notNull().default(true),
  timeoutMinutes: integer('timeout_minutes'),
  automaticallyNext: boolean('automatically_next').notNull().default(false),
  color: text('color'),
  accentColor: text('accent_color'),
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  isDefault: boolean('is_default').notNull().default(false),
  logoPlacementTicket: logoPlacement('logo_placement_ticket').notNull().default('TOP'),
  logoPlacementKiosk: logoPlacement('logo_placement_kiosk').notNull().default('TOP'),
  patientInputs: jsonb('patient_inputs').$type<PatientInputs>().notNull().default({
    display_name: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE',
  }),
  askPatientForLanguage: boolean('ask_patient_for_language').notNull().default(false),
  allowMoveAppointment: boolean('allow_move_appointment').notNull().default(false),
  mayActivateSmsNotifications: boolean('may_activate_sms_notifications').notNull().default(false),
  showProcessorOnProcessing: boolean('show_processor_on_processing').notNull().default(false),
  allowActualProcessorSelectionForNonActiveProcessors: boolean('allow_actual_processor_selection_for_non_active_processors').notNull().default(false),
  displayMonitorOnKiosk: boolean('display_monitor_on_kiosk').notNull().default(false),
  buttonVisibility: jsonb('button_visibility').$type<SessionButtonVisibility>().notNull().default({
    suspend_online: 'EVERYBODY', suspend_kiosk: 'EVERYBODY', queue_opened: 'EVERYBODY', terminate: 'EVERYBODY',
  }),
  nameOrder: nameOrder('name_order').notNull().default('FIRST_LAST'),
  alwaysShowProbingQuestions: boolean('always_show_probing_questions').notNull().default(false),
  /** Smart suspend: intake stops this many minutes before a scheduled close. */
  smartSuspendMinutes: integer('smart_suspend_minutes').notNull().default(15),
  /**
   * Set when the list was deleted: it leaves every screen, link and job, and its tickets stay
   * for reports. Every query that shows or serves lists reads `queueIsLive`.
   */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Among live lists only: a deleted list's identifier may be used again.
  uniqueIndex('queues_profile_identifier_unique').on(t.profileId, sql`lower(${t.identifier})`).where(sql`${t.archivedAt} IS NULL`),
  // At most one default queue per location: the one a link without a queue identifier opens.
  uniqueIndex('queues_one_default_per_profile').on(t.profileId).where(sql`${t.isDefault} AND ${t.archivedAt} IS NULL`),
  index('queues_account_idx').on(t.accountId),
  check('queues_priority_values', sql`${t.priority} IN (1, 5, 10, 100, 500)`),
  check('queues_number_range', sql`${t.numberEnd} IS NULL OR (${t.numberStart} IS NOT NULL AND ${t.numberStart} <= ${t.numberEnd})`),
  check('queues_ages_not_zero', sql`(${t.minAge} IS NULL OR ${t.minAge} > 0) AND (${t.maxAge} IS NULL OR ${t.maxAge} > 0)`),
]);

/** A list not deleted (archived): the only kind any screen, link or job may show or serve. */
export const queueIsLive = isNull(queues.archivedAt);
/** A location not deleted (archived). */
export const profileIsLive = isNull(profiles.archivedAt);

/** The open/closed state of a queue (docs/product.md#states-and-transitions); one row per queue. */
export const queueSessions = pgTable('queue_sessions', {
  queueId: uuid('queue_id').primaryKey().references(() => queues.id, { onDelete: 'cascade' }),
  open: boolean('open').notNull().default(false),
  queueingAllowed: boolean('queueing_allowed').notNull().default(true),
  blocked: boolean('blocked').notNull().default(false),
  onlineSuspended: boolean('online_suspended').notNull().default(false),
  /** Set for a timed suspend: intake resumes by itself at this time. */
  onlineSuspendedUntil: timestamp('online_suspended_until', { withTimezone: true }),
  kioskSuspended: boolean('kiosk_suspended').notNull().default(false),
  kioskSuspendedUntil: timestamp('kiosk_suspended_until', { withTimezone: true }),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  /** Counts the sessions: START on a closed queue begins the next one (ticket numbers restart). */
  sessionNo: integer('session_no').notNull().default(0),
  /**
   * The ticket counter: tickets drawn in this session. A draw raises it with UPDATE … RETURNING
   * in its own transaction; the row lock orders concurrent draws, and TERMINATE, which updates
   * the same row, can never interleave with a draw.
   */
  lastOrdinal: integer('last_ordinal').notNull().default(0),
  /** Bumped by every change: the compare-and-set key of concurrent session events. */
  version: integer('version').notNull().default(0),
});

export const sessionEvent = pgEnum('session_event', SESSION_EVENTS);
export const sessionEventSource = pgEnum('session_event_source', SESSION_EVENT_SOURCES);

/** Every session event with who and when (docs/product.md#states-and-transitions); a user id, or null for the schedule. */
export const queueSessionEvents = pgTable('queue_session_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'cascade' }),
  event: sessionEvent('event').notNull(),
  source: sessionEventSource('source').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
}, (t) => [index('queue_session_events_queue_idx').on(t.queueId, t.createdAt)]);

/** The weekly schedule of a queue: an event at a local time on a weekday (ISO 1 = Monday). */
export const sessionScheduleEntries = pgTable('session_schedule_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'cascade' }),
  event: sessionEvent('event').notNull(),
  weekday: smallint('weekday').notNull(),
  /** Wall-clock time in the profile's time zone, 'HH:MM'. */
  localTime: text('local_time').notNull(),
  activated: boolean('activated').notNull().default(true),
  validOnHoliday: boolean('valid_on_holiday').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  // docs/product.md#validation-rules: an entry of the same type at the same time is rejected.
  uniqueIndex('session_schedule_entries_unique').on(t.queueId, t.event, t.weekday, t.localTime),
  check('session_schedule_entries_weekday', sql`${t.weekday} BETWEEN 1 AND 7`),
  check('session_schedule_entries_time', sql`${t.localTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
]);

export const infoTagDelay = pgEnum('info_tag_delay', INFO_TAG_DELAYS);

/** Info tags on tickets (docs/product.md#entities, §5). */
export const infoTags = pgTable('info_tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  label: text('label'),
  color: text('color'),
  delay: infoTagDelay('delay').notNull().default('NONE'),
  delayMinutes: integer('delay_minutes').notNull().default(0),
  /** Time-shift priority: a member with this tag is moved by its delay and back to waiting. */
  timePriority: boolean('time_priority').notNull().default(false),
  visibleOnTicket: boolean('visible_on_ticket').notNull().default(true),
  ticketText: text('ticket_text'),
  hideTimesOnTicket: boolean('hide_times_on_ticket').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('info_tags_account_idx').on(t.accountId),
  check('info_tags_no_delay_is_zero', sql`${t.delay} <> 'NONE' OR ${t.delayMinutes} = 0`),
  check('info_tags_delay_not_negative', sql`${t.delayMinutes} >= 0`),
]);

export const jobStatus = pgEnum('job_status', ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'MISSED']);

/**
 * Timed work (schedule entries, timed suspends, smart suspend; later ticket timeouts and
 * reminders). Runners claim due rows with FOR UPDATE SKIP LOCKED, so each runs exactly once
 * however many server nodes there are; `key` makes scheduling the same occurrence idempotent.
 */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  key: text('key').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  status: jobStatus('status').notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  lockedBy: text('locked_by'),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key),
  index('jobs_due_idx').on(t.status, t.runAt),
]);

/**
 * Which processors work on which queue; `active` = actively processing vs only managing.
 * `inactive_until`: a pause with an announced return — not active until then, active again from
 * then on (read as active once passed; a job also sets the flag back). Null: no return announced.
 */
export const queueProcessors = pgTable('queue_processors', {
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  inactiveUntil: timestamp('inactive_until', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.queueId, t.userId] }), index('queue_processors_user_idx').on(t.userId)]);

export const memberStatus = pgEnum('member_status', MEMBER_STATUSES);
export const cancelState = pgEnum('member_cancel_state', CANCEL_STATES);
export const drawOrigin = pgEnum('draw_origin', DRAW_ORIGINS);

/**
 * Tickets (queue members, docs/product.md#entities). The line is `order_at` (then `ordinal`): the draw time,
 * shifted by a time-priority info tag and set between neighbours by a move. Every state change
 * is a compare-and-set on `version`.
 */
export const queueMembers = pgTable('queue_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  // No cascade: a list is archived, never deleted, and its tickets are its history (reports).
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'no action' }),
  /** The queue that issued the number (kept when the member moves); no FK: it may be deleted later. */
  numberQueueId: uuid('number_queue_id').notNull(),
  sessionNo: integer('session_no').notNull(),
  /** The n-th ticket of the session: the counter's value. */
  ordinal: integer('ordinal').notNull(),
  number: integer('number').notNull(),
  status: memberStatus('status').notNull().default('WAITING'),
  cancelState: cancelState('cancel_state'),
  /** Taken off the list without being served. */
  removed: boolean('removed').notNull().default(false),
  origin: drawOrigin('origin').notNull(),
  /** Drawn silently by a processor: no public announcement of the new ticket. */
  silent: boolean('silent').notNull().default(false),
  calledSilently: boolean('called_silently').notNull().default(false),
  drawnByUserId: uuid('drawn_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  processorId: uuid('processor_id').references(() => users.id, { onDelete: 'set null' }),
  orderAt: timestamp('order_at', { withTimezone: true }).notNull(),
  /** The shift of the time-priority info tag in order_at (minutes, − earlier), undone when it goes. */
  priorityShiftMinutes: integer('priority_shift_minutes').notNull().default(0),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  birthDate: text('birth_date'),
  insuranceNumber: text('insurance_number'),
  mail: text('mail'),
  phone: text('phone'),
  lang: text('lang'),
  firstEstimatedStart: timestamp('first_estimated_start', { withTimezone: true }),
  createdAt: createdAt(),
  actualStart: timestamp('actual_start', { withTimezone: true }),
  actualEnd: timestamp('actual_end', { withTimezone: true }),
  version: integer('version').notNull().default(0),
}, (t) => [
  // The counter hands out each ordinal of a session once; this proves it.
  uniqueIndex('queue_members_ordinal_unique').on(t.numberQueueId, t.sessionNo, t.ordinal),
  // Wrapped numbers never collide with a ticket still open: no two open tickets show one number.
  uniqueIndex('queue_members_open_number_unique')
    .on(t.numberQueueId, t.number)
    .where(sql`${t.status} IN ('WAITING', 'PROCESSING')`),
  // The line: call next reads the head of it.
  index('queue_members_line_idx').on(t.queueId, t.orderAt, t.ordinal).where(sql`${t.status} = 'WAITING' AND ${t.cancelState} IS NULL`),
  index('queue_members_queue_status_idx').on(t.queueId, t.status),
  // Recent real durations, for the learned average.
  index('queue_members_finished_idx').on(t.queueId, t.actualEnd).where(sql`${t.status} = 'FINISHED_BY_PROCESSOR'`),
  index('queue_members_account_idx').on(t.accountId),
  check('queue_members_user_cancel', sql`${t.status} <> 'FINISHED_BY_USER' OR ${t.cancelState} = 'USER'`),
  check('queue_members_processing_not_cancelled', sql`${t.status} <> 'PROCESSING' OR ${t.cancelState} IS NULL`),
]);

/** Info tags on a ticket. */
export const queueMemberInfoTags = pgTable('queue_member_info_tags', {
  memberId: uuid('member_id').notNull().references(() => queueMembers.id, { onDelete: 'cascade' }),
  infoTagId: uuid('info_tag_id').notNull().references(() => infoTags.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.memberId, t.infoTagId] }), index('queue_member_info_tags_tag_idx').on(t.infoTagId)]);

export const monitorLayout = pgEnum('monitor_layout', MONITOR_LAYOUTS);
export const monitorStyle = pgEnum('monitor_style', MONITOR_STYLES);

/** Ticket-number displays (docs/product.md#entities Monitor); shown without login at /monitor/{id}. */
export const monitors = pgTable('monitors', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  identifier: text('identifier').notNull(),
  displayName: text('display_name').notNull(),
  layout: monitorLayout('layout').notNull().default('STANDARD'),
  /** Percent of the layout's own size. */
  customZoom: integer('custom_zoom').notNull().default(100),
  style: monitorStyle('style').notNull().default('DARK'),
  gong: boolean('gong').notNull().default(true),
  speech: boolean('speech').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The public link /{account}/monitor/{identifier}: one per account, compared case-insensitively.
  uniqueIndex('monitors_account_identifier_unique').on(t.accountId, sql`lower(${t.identifier})`),
  check('monitors_custom_zoom_range', sql`${t.customZoom} BETWEEN 50 AND 300`),
]);

/** The queues a monitor shows, in display order; a deleted queue leaves its monitors by cascade. */
export const monitorQueues = pgTable('monitor_queues', {
  monitorId: uuid('monitor_id').notNull().references(() => monitors.id, { onDelete: 'cascade' }),
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.monitorId, t.queueId] }), index('monitor_queues_queue_idx').on(t.queueId)]);
