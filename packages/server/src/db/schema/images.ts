/** Uploaded images (a practice's logo): stored once, resized, in the database. */
import { customType, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { accountRef } from './accounts.js';

/** Raw bytes: small files (2 MB at most before resizing) kept with the rest of the practice's data. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer here.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    /** SHA-256 (hex) of the stored bytes: part of the image's URL, so a URL never changes content. */
    contentHash: text('content_hash').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The same file uploaded twice is one row: stored once (and the account's images are found by it).
    uniqueIndex('images_account_hash_unique').on(t.accountId, t.contentHash),
  ],
);
