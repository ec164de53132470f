/** Second factors of staff sign-in (docs/security.md#sign-in): TOTP, passkeys, recovery codes, challenges. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SECOND_FACTOR_KINDS } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/**
 * A user's TOTP secrets and passkeys. A TOTP is active once `confirmed_at` is set (a code proved
 * the app holds the secret); a passkey is confirmed when it is stored. The TOTP secret must be
 * readable to check codes, so it is kept as it is (docs/security.md#sign-in says so); a passkey
 * keeps only its public key.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    name: text('name').notNull(),
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** WebAuthn credential id (base64url), public key (base64url COSE), signature counter, transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_credential_unique')
      .on(t.credentialId)
      .where(sql`${t.credentialId} IS NOT NULL`),
  ],
);

/** Recovery codes: ten per set, only their SHA-256 kept; each works once; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sign-in steps under way, found by the SHA-256 of their challenge: `login` is the second step
 * after a right password (it keeps the login's `ttl`/`stay`, counts wrong codes and carries the
 * WebAuthn challenge of a passkey answer); `passkey_sign_in` and `passkey_registration` are
 * WebAuthn ceremonies whose hashed challenge is the WebAuthn challenge itself. Each lives five
 * minutes and is spent by its success.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['login', 'passkey_sign_in', 'passkey_registration'] }).notNull(),
    challengeHash: text('challenge_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    webauthnChallenge: text('webauthn_challenge'),
    ttlSeconds: integer('ttl_seconds'),
    /** The login's "stay signed in": none, the key in the body (`true`), or in the cookie (`cookie`). */
    stay: text('stay', { enum: ['no', 'body', 'cookie'] })
      .notNull()
      .default('no'),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_hash_unique').on(t.challengeHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
    check('sign_in_challenges_failures_range', sql`${t.failures} BETWEEN 0 AND 5`),
  ],
);
