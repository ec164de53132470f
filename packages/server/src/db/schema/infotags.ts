/** Info tags. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { INFO_TAG_DELAYS } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef } from './accounts.js';

export const infoTagDelay = pgEnum('info_tag_delay', INFO_TAG_DELAYS);

/** Info tags on tickets (docs/product.md#entities, §5). */
export const infoTags = pgTable(
  'info_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
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
  },
  (t) => [
    index('info_tags_account_idx').on(t.accountId),
    check('info_tags_no_delay_is_zero', sql`${t.delay} <> 'NONE' OR ${t.delayMinutes} = 0`),
    check('info_tags_delay_not_negative', sql`${t.delayMinutes} >= 0`),
  ],
);
