/** "Almost your turn" alerts (docs/product.md#alerts): the server's push keys, what patients asked for, what went out. */
import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ALERT_CHANNELS, ALERT_KINDS, ALERT_STATES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { memberRef } from './tickets.js';
import { accountRef } from './accounts.js';

/**
 * The server's VAPID key pair (RFC 8292), made at the first start and kept here so that every
 * node signs with the same key and a subscription outlives restarts. One row.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

export const alertChannel = pgEnum('alert_channel', ALERT_CHANNELS);
export const alertKind = pgEnum('alert_kind', ALERT_KINDS);
export const alertState = pgEnum('alert_state', ALERT_STATES);

/** What a ticket's patient asked for: one push subscription and/or one phone for SMS. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    memberId: memberRef(),
    channel: alertChannel('channel').notNull(),
    /** PUSH: the push service's endpoint and the browser's keys. */
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** SMS: the number, as stored for tickets. */
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_subscriptions_member_channel').on(t.memberId, t.channel),
    check(
      'alert_subscriptions_target',
      sql`(${t.channel} = 'PUSH' AND ${t.endpoint} IS NOT NULL AND ${t.p256dh} IS NOT NULL AND ${t.auth} IS NOT NULL) OR (${t.channel} = 'SMS' AND ${t.phone} IS NOT NULL)`,
    ),
  ],
);

/**
 * Every alert tried: the unique index is what makes an alert go out once, and a trigger (migration 0024) refuses a row for a ticket that is not open
 * any more — waiting for AHEAD and MINUTES, called for CALLED — so a cancelled or finished ticket
 * is never alerted. A ticket that ends drops what is still being sent.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    memberId: memberRef(),
    channel: alertChannel('channel').notNull(),
    kind: alertKind('kind').notNull(),
    state: alertState('state').notNull().default('SENDING'),
    /** What was said: "noch 2 vor Ihnen" needs its 2. */
    ahead: integer('ahead'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // Once per ticket and channel: the call, and one "almost your turn" — AHEAD or MINUTES,
    // whichever came first (the list offers "N ahead or M minutes left"). Also the index of a
    // ticket's deliveries (its first column).
    uniqueIndex('alert_deliveries_once').on(t.memberId, t.channel, sql`(${t.kind} = 'CALLED')`),
  ],
);
