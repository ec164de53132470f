/** The open/closed state of a list, its recorded events and weekly schedule. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SESSION_EVENT_SOURCES, SESSION_EVENTS } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { users } from './accounts.js';
import { queues } from './queues.js';

/** The open/closed state of a queue (docs/product.md#states-and-transitions); one row per queue. */
export const queueSessions = pgTable('queue_sessions', {
  queueId: uuid('queue_id')
    .primaryKey()
    .references(() => queues.id, { onDelete: 'cascade' }),
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
export const queueSessionEvents = pgTable(
  'queue_session_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    event: sessionEvent('event').notNull(),
    source: sessionEventSource('source').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('queue_session_events_queue_idx').on(t.queueId, t.createdAt)],
);

/** The weekly schedule of a queue: an event at a local time on a weekday (ISO 1 = Monday). */
export const sessionScheduleEntries = pgTable(
  'session_schedule_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    event: sessionEvent('event').notNull(),
    weekday: smallint('weekday').notNull(),
    /** Wall-clock time in the profile's time zone, 'HH:MM'. */
    localTime: text('local_time').notNull(),
    activated: boolean('activated').notNull().default(true),
    validOnHoliday: boolean('valid_on_holiday').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // docs/product.md#validation-rules: an entry of the same type at the same time is rejected.
    uniqueIndex('session_schedule_entries_unique').on(t.queueId, t.event, t.weekday, t.localTime),
    check('session_schedule_entries_weekday', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('session_schedule_entries_time', sql`${t.localTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
