/** Earlier appointments for those who wait: freed times and the offers made of them (docs/product.md#earlier-appointments). */
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FREED_TIME_REASONS, FREED_TIME_STATES, OFFER_STATES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, users } from './accounts.js';
import { profiles } from './locations.js';
import { appointments, appointmentTypes } from './appointments.js';

export const freedTimeReason = pgEnum('freed_time_reason', FREED_TIME_REASONS);
export const freedTimeState = pgEnum('freed_time_state', FREED_TIME_STATES);
export const offerState = pgEnum('offer_state', OFFER_STATES);

/**
 * A time of a processor that became free ahead of its start (a cancel, a move, a deletion, an
 * accepted offer's old time, an absence removed, new hours): offered round by round to the
 * waiting patients of its type until one takes it (FILLED) or it can no longer be (LAPSED).
 * Kept for the reports: freed, offered, re-filled and how long before the time.
 */
export const freedTimes = pgTable(
  'freed_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid('appointment_type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    processorId: uuid('processor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    reason: freedTimeReason('reason').notNull(),
    state: freedTimeState('state').notNull().default('OPEN'),
    /** The round of offers under way (0: none sent yet); each round goes to the next waiting patients. */
    round: smallint('round').notNull().default(0),
    freedAt: timestamp('freed_at', { withTimezone: true }).notNull(),
    /** The appointment whose leaving freed it (null for new hours or an absence removed). */
    fromAppointmentId: uuid('from_appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    filledByAppointmentId: uuid('filled_by_appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Reports read an account's freed times by when they were freed.
    index('freed_times_account_freed_idx').on(t.accountId, t.freedAt),
    index('freed_times_type_start_idx').on(t.appointmentTypeId, t.startAt),
  ],
);

/**
 * One offer of a freed time to one waiting appointment. The link's token is minted when the
 * offer is sent, and only its hash is kept (as a patient's link). A freed time is offered to an
 * appointment at most once.
 */
export const appointmentOffers = pgTable(
  'appointment_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    freedTimeId: uuid('freed_time_id')
      .notNull()
      .references(() => freedTimes.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    state: offerState('state').notNull().default('PENDING'),
    tokenHash: text('token_hash'),
    /** The channels it went by ('mail', 'sms', 'push'), for the reports' messages per re-fill. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_offers_token_unique').on(t.tokenHash),
    uniqueIndex('appointment_offers_once').on(t.freedTimeId, t.appointmentId),
    index('appointment_offers_appointment_idx').on(t.appointmentId),
    index('appointment_offers_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
