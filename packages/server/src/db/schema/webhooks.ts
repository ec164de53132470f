/** Outgoing webhooks (Standard Webhooks): the practices' endpoints and the deliveries to them. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef } from './accounts.js';

export const webhookDisabledReason = pgEnum('webhook_disabled_reason', WEBHOOK_DISABLED_REASONS);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);

/**
 * A receiver of a practice's events. The secret is kept as it is, not as a hash: the server
 * signs every delivery with it (docs/security.md#webhooks says how it is protected). After a
 * rotation the previous secret signs alongside until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    url: text('url').notNull(),
    description: text('description'),
    /** The event types it subscribed to; the outbox triggers read this. */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: webhookDisabledReason('disabled_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId)],
);

/**
 * The outbox: one row per event and subscribed endpoint, written by triggers on queue_members and
 * appointments in the transaction of the change (migration 0041), so it commits or rolls back
 * with it. `body` is the exact text that is signed and sent on every attempt. A sender claims a
 * row by a lease (`lease_until`), sends outside any transaction, then records the outcome.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the outbox: per endpoint, deliveries go out in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: uuid('account_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header (`msg_` and the event's id): one event has one id at every endpoint and attempt. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The first attempt starts the 24 hours of retries. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The senders' question: the oldest pending delivery of each endpoint.
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.seq)
      .where(sql`${t.status} = 'PENDING'`),
    // The deliveries list of an endpoint, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
