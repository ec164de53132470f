/** Tickets (queue members) and their info tags. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CANCEL_STATES, MEMBER_ORIGINS, MEMBER_STATUSES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, users } from './accounts.js';
import { infoTags } from './infotags.js';
import { queues } from './queues.js';
import { appointments } from './appointments.js';

export const memberStatus = pgEnum('member_status', MEMBER_STATUSES);
export const cancelState = pgEnum('member_cancel_state', CANCEL_STATES);
export const drawOrigin = pgEnum('draw_origin', MEMBER_ORIGINS);

/**
 * Tickets (queue members, docs/product.md#entities). The line is `order_at` (then `ordinal`): the draw time,
 * shifted by a time-priority info tag and set between neighbours by a move. Every state change
 * is a compare-and-set on `version`.
 */
export const queueMembers = pgTable(
  'queue_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    // No cascade: a list is archived, never deleted, and its tickets are its history (reports).
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'no action' }),
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
    /**
     * With end-to-end encryption on: the names, birth date, insurance number and free-text answers,
     * sealed in the browser for the account's key (docs/security.md#encryption); those columns stay empty.
     */
    sealedData: text('sealed_data'),
    /** Checked in from an occurrence carrying its series' text: that series (check-in hands both on). */
    sealedSeriesId: uuid('sealed_series_id'),
    firstEstimatedStart: timestamp('first_estimated_start', { withTimezone: true }),
    /** The appointment this member is, once checked in (origin APPOINTMENT); one member per appointment. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    actualStart: timestamp('actual_start', { withTimezone: true }),
    actualEnd: timestamp('actual_end', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    /** When its personal data was erased (retention or a patient's request); the figures stay. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    // A ticket's durations in minutes, kept by the database beside the instants they come from
    // (null until both are known): reports sort and average them, and read them from the index
    // below without computing them for every ticket of a year.
    waitMinutes: doublePrecision('wait_minutes').generatedAlwaysAs(sql`date_part('epoch', actual_start - created_at) / 60`),
    processingMinutes: doublePrecision('processing_minutes').generatedAlwaysAs(sql`date_part('epoch', actual_end - actual_start) / 60`),
    /** Called this many minutes after the first estimate (negative: earlier). */
    estimateDeltaMinutes: doublePrecision('estimate_delta_minutes').generatedAlwaysAs(sql`date_part('epoch', actual_start - first_estimated_start) / 60`),
  },
  (t) => [
    uniqueIndex('queue_members_appointment_unique')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} IS NOT NULL`),
    // The counter hands out each ordinal of a session once; this proves it.
    uniqueIndex('queue_members_ordinal_unique').on(t.numberQueueId, t.sessionNo, t.ordinal),
    // Wrapped numbers never collide with a ticket still open: no two open tickets show one number.
    uniqueIndex('queue_members_open_number_unique')
      .on(t.numberQueueId, t.number)
      .where(sql`${t.status} IN ('WAITING', 'PROCESSING')`),
    // The line: call next reads the head of it.
    index('queue_members_line_idx')
      .on(t.queueId, t.orderAt, t.ordinal)
      .where(sql`${t.status} = 'WAITING' AND ${t.cancelState} IS NULL`),
    index('queue_members_queue_status_idx').on(t.queueId, t.status),
    // Recent real durations, for the learned average.
    index('queue_members_finished_idx')
      .on(t.queueId, t.actualEnd)
      .where(sql`${t.status} = 'FINISHED_BY_PROCESSOR'`),
    // Reports read an account's tickets by draw time (docs/product.md#reports), and every column
    // their figures and filters need is in the index: a month of a large group is read from it
    // alone, without visiting 130,000 wide rows. The tenant's own lookups use its prefix.
    index('queue_members_account_created_idx').on(
      t.accountId,
      t.createdAt,
      t.queueId,
      t.processorId,
      t.origin,
      t.status,
      t.removed,
      t.cancelState,
      t.waitMinutes,
      t.processingMinutes,
      t.estimateDeltaMinutes,
    ),
    // Retention finds the tickets still holding personal data: only the last N days are in here.
    index('queue_members_unerased_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.personalDataErasedAt} IS NULL`),
    check('queue_members_user_cancel', sql`${t.status} <> 'FINISHED_BY_USER' OR ${t.cancelState} = 'USER'`),
    check('queue_members_processing_not_cancelled', sql`${t.status} <> 'PROCESSING' OR ${t.cancelState} IS NULL`),
  ],
);

/** The ticket a row is about (an alert, an answer, a tag): required, and deleted with it. */
export function memberRef() {
  return uuid('member_id')
    .notNull()
    .references(() => queueMembers.id, { onDelete: 'cascade' });
}

/** Info tags on a ticket. */
export const queueMemberInfoTags = pgTable(
  'queue_member_info_tags',
  {
    memberId: memberRef(),
    infoTagId: uuid('info_tag_id')
      .notNull()
      .references(() => infoTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.infoTagId] }), index('queue_member_info_tags_tag_idx').on(t.infoTagId)],
);
