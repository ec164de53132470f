/** API keys of a practice (docs/security.md#api-keys): other systems calling the API as the practice. */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { accountRef, users } from './accounts.js';

/**
 * One row per key. The key itself is never stored: only its SHA-256 (256 random bits, so a fast
 * hash suffices, as for login tokens) and its last four characters for people to tell keys apart.
 * A revoked key keeps its row (`revoked_at`): the audit log names entries by the key's name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    keyHash: text('key_hash').notNull(),
    hint: text('hint').notNull(),
    /** The admin who made it: the person who answers for what the key does. Users are deactivated, never deleted. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Written at most once a minute (platform/api-key-auth.ts), so that a busy key costs no write per call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_unique').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);
