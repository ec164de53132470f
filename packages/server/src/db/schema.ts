/**
 * The database schema, one dialect: PostgreSQL (PGlite embeds the same engine). Migrations in
 * ./migrations are generated from this file by `npm run db:generate` and committed; a test fails
 * when the two disagree.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const subscriptionState = pgEnum('subscription_state', [
  'allPaid',
  'deactivated',
  'notPaid',
  'trial',
  'paymentExempt',
]);
export const buttonVisibility = pgEnum('button_visibility', ['EVERYBODY', 'ADMINS_ONLY', 'NOBODY']);
export const nameOrder = pgEnum('name_order', ['FIRST_LAST', 'LAST_FIRST']);

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

/** Staff members: the processors of SPEC.md §3; `is_admin` marks the account owner(s). */
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
  country: text('country'),
  region: text('region'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('profiles_account_identifier_unique').on(t.accountId, sql`lower(${t.identifier})`)]);

/** Waiting lists. Only the core here; the queue issue adds every field of SPEC.md §3. */
export const queues = pgTable('queues', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  identifier: text('identifier').notNull(),
  priority: integer('priority').notNull().default(10),
  averageProcessMinutes: integer('average_process_minutes').notNull().default(10),
  maxConcurrentProcessing: integer('max_concurrent_processing').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('queues_profile_identifier_unique').on(t.profileId, sql`lower(${t.identifier})`),
  index('queues_account_idx').on(t.accountId),
]);

/** The open/closed state of a queue (SPEC.md §4); one row per queue. */
export const queueSessions = pgTable('queue_sessions', {
  queueId: uuid('queue_id').primaryKey().references(() => queues.id, { onDelete: 'cascade' }),
  open: boolean('open').notNull().default(false),
  queueingAllowed: boolean('queueing_allowed').notNull().default(true),
  onlineSuspended: boolean('online_suspended').notNull().default(false),
  kioskSuspended: boolean('kiosk_suspended').notNull().default(false),
  openedAt: timestamp('opened_at', { withTimezone: true }),
});

/** Which processors work on which queue; `active` = actively processing vs only managing. */
export const queueProcessors = pgTable('queue_processors', {
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
}, (t) => [primaryKey({ columns: [t.queueId, t.userId] }), index('queue_processors_user_idx').on(t.userId)]);
