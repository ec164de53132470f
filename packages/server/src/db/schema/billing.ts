/** Billing (docs/product.md#billing): Stripe's events as applied, SEPA mandates, device orders. */
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DEVICE_ORDER_STATUSES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, accounts, users } from './accounts.js';

/**
 * Every Stripe event id we applied: the primary key makes a second delivery of the same event a
 * no-op, in the transaction that applies it.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** When Stripe created the event (its `created`), not when it reached us. */
    createdAtStripe: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('billing_events_account_idx').on(t.accountId)],
);

/** The SEPA mandate text an admin accepted, with who, when and from where (SEPA rulebook). */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    setupIntentId: text('setup_intent_id').notNull(),
    paymentMethodId: text('payment_method_id'),
    mandateText: text('mandate_text').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    acceptedAt: createdAt(),
  },
  (t) => [index('payment_mandates_account_idx').on(t.accountId)],
);

export const deviceOrderStatus = pgEnum('device_order_status', DEVICE_ORDER_STATUSES);

/** Kiosks and monitors a practice bought; the price is kept as charged. */
export const deviceOrders = pgTable(
  'device_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number on the confirmation mail and the invoice line. */
    number: serial('number').notNull(),
    accountId: accountRef(),
    orderedBy: uuid('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    kiosks: integer('kiosks').notNull(),
    monitors: integer('monitors').notNull(),
    street1: text('street1').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    province: text('province'),
    country: text('country').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    status: deviceOrderStatus('status').notNull().default('ORDERED'),
    stripeInvoiceId: text('stripe_invoice_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_orders_account_idx').on(t.accountId, t.createdAt),
    check('device_orders_something', sql`${t.kiosks} >= 0 AND ${t.monitors} >= 0 AND ${t.kiosks} + ${t.monitors} > 0`),
  ],
);
