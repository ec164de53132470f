/** End-to-end encryption's keys (docs/security.md#encryption): public keys and wrapped blobs only. */
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KEY_EXCHANGE_STATUSES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, accounts, users } from './accounts.js';

/**
 * The account's key pair, made in an admin's browser when encryption is switched on: its public
 * key (patients' browsers seal for it), the id bound into every sealing, and its private key
 * wrapped under the printed recovery code. The server never holds a key that opens anything.
 * `disabled_at`: switching off began — nothing is sealed for the key any more, and the records
 * still sealed may be written back in the clear; the row goes once none is left.
 */
export const accountKeys = pgTable('account_keys', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  keyId: uuid('key_id').notNull().defaultRandom(),
  publicKey: text('public_key').notNull(),
  recoveryWrappedKey: text('recovery_wrapped_key').notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * A staff member's own key pair: the public key, and the private key wrapped under their passphrase.
 * `created_at` is when this key was set; `replaced_at` when it replaced an earlier one — what the
 * admin's approval list shows, since replacing a key is a stolen session's first step.
 */
export const userKeys = pgTable('user_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: accountRef(),
  publicKey: text('public_key').notNull(),
  wrappedPrivateKey: text('wrapped_private_key').notNull(),
  createdAt: createdAt(),
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
});

export const keyExchangeStatus = pgEnum('key_exchange_status', KEY_EXCHANGE_STATUSES);

/**
 * `private_key_exchange` (docs/security.md#encryption): a user asks for the account key with their public key; an
 * admin who holds it approves by wrapping it for that key in their browser. One live request or
 * grant per user (the index); a new key of the user, their password reset or removal ends it.
 */
export const privateKeyExchanges = pgTable(
  'private_key_exchange',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    status: keyExchangeStatus('status').notNull().default('PENDING'),
    wrappedAccountKey: text('wrapped_account_key'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('private_key_exchange_live_unique')
      .on(t.userId)
      .where(sql`${t.status} IN ('PENDING', 'APPROVED')`),
    index('private_key_exchange_account_idx').on(t.accountId, t.status),
    check('private_key_exchange_grant', sql`(${t.status} = 'APPROVED') = (${t.wrappedAccountKey} IS NOT NULL)`),
  ],
);
