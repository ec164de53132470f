/** Reports' daily aggregates (docs/architecture.md#daily-aggregates-of-reports): figures per list and local day. */
import { date, index, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { infoTags } from './infotags.js';
import { queues } from './queues.js';
import { drawOrigin } from './tickets.js';

/**
 * Additive partial figures of one list's local day: a report sums the rows it needs, so a list-day
 * may have several rows of one key (tickets and appointments are written apart). `grain` says
 * which rows a report reads: 0 the whole list-day (no processor/origin/tag filter), 1 per
 * processor and origin (appointments as origin APPOINTMENT), 2 as 1 for the tickets carrying one
 * info tag — so a report without a tag filter counts each ticket once, one with a tag filter the
 * tickets with that tag; 3 the sum of grain 0 over all the account's lists (no list), for a
 * report on the whole account without filters. Durations are sparse histograms (`*_buckets[i]` holds `*_counts[i]`
 * values in [i·w, (i+1)·w) minutes, w = REPORT_BUCKET_MINUTES), mergeable by summing.
 */
export const reportDays = pgTable(
  'report_days',
  {
    accountId: accountRef(),
    /** null on the account-day rows (grain 3). */
    queueId: uuid('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    grain: smallint('grain').notNull(),
    processorId: uuid('processor_id').references(() => users.id, { onDelete: 'set null' }),
    origin: drawOrigin('origin'),
    infoTagId: uuid('info_tag_id').references(() => infoTags.id, { onDelete: 'cascade' }),
    drawn: integer('drawn').notNull().default(0),
    served: integer('served').notNull().default(0),
    cancelledByPatient: integer('cancelled_by_patient').notNull().default(0),
    cancelledByStaff: integer('cancelled_by_staff').notNull().default(0),
    timedOut: integer('timed_out').notNull().default(0),
    sessionEnd: integer('session_end').notNull().default(0),
    /** Tickets called with a first estimate, and those called no later than it plus the tolerance. */
    estimated: integer('estimated').notNull().default(0),
    withinEstimate: integer('within_estimate').notNull().default(0),
    appointmentsBooked: integer('appointments_booked').notNull().default(0),
    appointmentsCancelled: integer('appointments_cancelled').notNull().default(0),
    appointmentsNoShow: integer('appointments_no_show').notNull().default(0),
    waitBuckets: integer('wait_buckets').array().notNull().default([]),
    waitCounts: integer('wait_counts').array().notNull().default([]),
    processingBuckets: integer('processing_buckets').array().notNull().default([]),
    processingCounts: integer('processing_counts').array().notNull().default([]),
    errorBuckets: integer('error_buckets').array().notNull().default([]),
    errorCounts: integer('error_counts').array().notNull().default([]),
    /** Draws per local hour 0–23 (the hour of the autumn change counts both of its passes). */
    arrivals: integer('arrivals').array().notNull().default([]),
  },
  (t) => [index('report_days_account_day_idx').on(t.accountId, t.grain, t.day, t.queueId), index('report_days_queue_day_idx').on(t.queueId, t.day)],
);

/** Per list: every local day up to `aggregated_through` is in `report_days`. */
export const reportLists = pgTable(
  'report_lists',
  {
    queueId: uuid('queue_id')
      .primaryKey()
      .references(() => queues.id, { onDelete: 'cascade' }),
    accountId: accountRef(),
    aggregatedThrough: date('aggregated_through', { mode: 'string' }).notNull(),
  },
  (t) => [index('report_lists_account_idx').on(t.accountId)],
);

/** List-days whose rows changed after they may have been aggregated: the catch-up job redoes them. */
export const reportStaleDays = pgTable(
  'report_stale_days',
  {
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.day] })],
);
