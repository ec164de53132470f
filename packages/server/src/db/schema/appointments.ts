/** Appointments: what a practice lets patients book (types); the rules and bookings follow. */
import { isNull, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_DURATION_MAX_MINUTES, APPOINTMENT_DURATION_MIN_MINUTES, DEFAULT_APPOINTMENT_TYPE_NAME } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accounts, users } from './accounts.js';
import { profiles } from './locations.js';
import { queues } from './queues.js';

/**
 * Appointment types (docs/product.md#entities): per location, served by the processors of one
 * waiting list (`queue_id`), whose work view shows them. Deleting one archives it — bookings
 * keep their type for reports, as tickets keep their list.
 */
export const appointmentTypes = pgTable('appointment_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'no action' }),
  queueId: uuid('queue_id').notNull().references(() => queues.id, { onDelete: 'no action' }),
  name: text('name').notNull().default(DEFAULT_APPOINTMENT_TYPE_NAME),
  durationMinutes: integer('duration_minutes').notNull(),
  // A removed processor leaves the type without a default rather than taking it along.
  defaultProcessorId: uuid('default_processor_id').references(() => users.id, { onDelete: 'set null' }),
  bookableOnline: boolean('bookable_online').notNull().default(true),
  bookableKiosk: boolean('bookable_kiosk').notNull().default(false),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('appointment_types_account_idx').on(t.accountId),
  index('appointment_types_queue_idx').on(t.queueId),
  check(
    'appointment_types_duration_range',
    sql`${t.durationMinutes} BETWEEN ${sql.raw(String(APPOINTMENT_DURATION_MIN_MINUTES))} AND ${sql.raw(String(APPOINTMENT_DURATION_MAX_MINUTES))}`,
  ),
]);

/** The one condition every query that shows or books appointment types reads. */
export const appointmentTypeIsLive = isNull(appointmentTypes.archivedAt);
