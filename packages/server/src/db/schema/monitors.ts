/** Waiting-room monitors and the lists they show. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MONITOR_LAYOUTS, MONITOR_STYLES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { queues } from './queues.js';
import { accountRef } from './accounts.js';

export const monitorLayout = pgEnum('monitor_layout', MONITOR_LAYOUTS);
export const monitorStyle = pgEnum('monitor_style', MONITOR_STYLES);

/** Ticket-number displays (docs/product.md#entities Monitor); shown without login at /monitor/{id}. */
export const monitors = pgTable(
  'monitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
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
  },
  (t) => [
    // The public link /{account}/monitor/{identifier}: one per account, compared case-insensitively.
    uniqueIndex('monitors_account_identifier_unique').on(t.accountId, sql`lower(${t.identifier})`),
    check('monitors_custom_zoom_range', sql`${t.customZoom} BETWEEN 50 AND 300`),
  ],
);

/** The queues a monitor shows, in display order; a deleted queue leaves its monitors by cascade. */
export const monitorQueues = pgTable(
  'monitor_queues',
  {
    monitorId: uuid('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.queueId] }), index('monitor_queues_queue_idx').on(t.queueId)],
);
