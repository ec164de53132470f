/** What the operator of the server sees: failures the clients reported. */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Requests that failed in a client (`POST /qt_monitor`): what, when, from which page address —
 * no body, no query string, no client address. For the operator (`npm run admin -- client-failures`),
 * kept 30 days.
 */
export const clientFailures = pgTable(
  'client_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    clientTime: timestamp('client_time', { withTimezone: true }),
    reqLength: integer('req_length'),
    method: text('method').notNull(),
    baseUrl: text('base_url').notNull(),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('client_failures_received').on(t.receivedAt)],
);
