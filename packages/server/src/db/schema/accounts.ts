/** Practices (accounts), their staff (users) and sign-in. */
import { isNull, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { BUTTON_VISIBILITIES, NAME_ORDERS, SECTORS, SUBSCRIPTION_STATES } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { images } from './images.js';

export const subscriptionState = pgEnum('subscription_state', SUBSCRIPTION_STATES);
export const buttonVisibility = pgEnum('button_visibility', BUTTON_VISIBILITIES);
export const nameOrder = pgEnum('name_order', NAME_ORDERS);

export const sector = pgEnum('sector', SECTORS);

/**
 * How a login token (and a renewal key) was earned: `password` alone is the weak one; a second
 * factor, a passkey or Microsoft (the tenant's own MFA) count as strong (docs/security.md#sign-in).
 */
export const SIGN_IN_VIAS = ['password', 'second_factor', 'passkey', 'microsoft'] as const;
export type SignInVia = (typeof SIGN_IN_VIAS)[number];

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    displayName: text('display_name').notNull(),
    subscriptionState: subscriptionState('subscription_state').notNull().default('trial'),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** Stripe's customer and subscription of the practice, created with its first payment method. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The payment method invoices are charged to; null while the practice has none. */
    defaultPaymentMethodId: text('default_payment_method_id'),
    /** Fixed when the subscription is created: the first 20 paying practices keep the introductory price. */
    priceTier: text('price_tier', { enum: ['introductory', 'regular'] }),
    /** Since when the practice has not paid: `deactivated` follows 14 days later. */
    notPaidSince: timestamp('not_paid_since', { withTimezone: true }),
    /** When Stripe created the last payment event applied: an older one delivered late changes nothing. */
    billingEventAt: timestamp('billing_event_at', { withTimezone: true }),
    /** Days after which the personal data of finished tickets and past appointments is erased (docs/security.md#retention). */
    retentionDays: integer('retention_days').notNull().default(30),
    /** The practice's field (onboarding): the defaults of a new list. */
    sector: sector('sector'),
    /** The practice's logo on tickets, kiosk, monitor, poster and mails; removing the image clears it. */
    logoImageId: uuid('logo_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    /** Every member signs in with a second factor; one without can only set one up (platform/auth.ts). */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounts_retention_days_range', sql`${t.retentionDays} BETWEEN 1 AND 3650`),
    // Identifiers are compared case-insensitively: /Praxis and /praxis are one URL to a patient.
    uniqueIndex('accounts_identifier_unique').on(sql`lower(${t.identifier})`),
    uniqueIndex('accounts_stripe_customer_unique').on(t.stripeCustomerId),
  ],
);

/**
 * The practice a row belongs to: required, and deleted with it (an account's deletion takes all
 * its data along). Every tenant's table refers to its account through this one definition.
 */
export function accountRef() {
  return uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
}

/** Staff members: the processors of docs/product.md#entities; `is_admin` marks the account owner(s). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    /** argon2id of the password's MD5 (hex): old clients sign in with the MD5 (docs/product.md#the-api). */
    passwordMd5Hash: text('password_md5_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    lang: text('lang').notNull().default('de'),
    color: text('color'),
    priority: integer('priority').notNull().default(10),
    maxConcurrentProcessing: integer('max_concurrent_processing'),
    /** Null = the list's setting applies; set, it replaces the list's for this processor. */
    buttonVisibility: buttonVisibility('button_visibility'),
    /** Null = the list's name order applies; set, it replaces the list's for this processor. */
    nameOrder: nameOrder('name_order'),
    /** Where this processor serves ("Raum 2"): named on the ticket page and monitor while processing. */
    room: text('room'),
    microsoftTenantId: text('microsoft_tenant_id'),
    /** The Microsoft account's object id (`oid`), bound at the first Microsoft sign-in; later ones match by it, not by mail. */
    microsoftOid: text('microsoft_oid'),
    /** When the user finished or dismissed the tutorial: it is offered once, until then. */
    tutorialDismissedAt: timestamp('tutorial_dismissed_at', { withTimezone: true }),
    verified: boolean('verified').notNull().default(false),
    /**
     * When an admin removed the user: they sign in no more and are offered nowhere, but the row stays
     * so that their tickets and appointments keep their name in reports (docs/product.md#removing-keeps-history).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The username is the mail address and the login name: unique across all accounts among users
    // not removed — a removed user's address may be invited again, as a fresh user.
    uniqueIndex('users_username_unique')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deactivatedAt} IS NULL`),
    index('users_account_idx').on(t.accountId),
    uniqueIndex('users_microsoft_oid_unique')
      .on(t.microsoftOid)
      .where(sql`${t.microsoftOid} IS NOT NULL`),
  ],
);

/**
 * A session: one sign-in on one device (docs/security.md#sessions). Its login tokens and renewal
 * keys belong to it; ending it (`platform/sign-in-sessions.ts`) deletes it and, by the cascade,
 * every token and key of it at once. `device` is a short label read from the User-Agent at sign-in,
 * `ip` the address of the last use; `last_used_at` moves at most once a minute (cheap writes).
 * `expires_at` is the latest validity of its token or key: past it the session is over and unlisted.
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device'),
    ip: text('ip').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the sign-in was proven; every token and key of the session shares it (the second-factor gate of platform/auth.ts reads it). */
    via: text('via', { enum: SIGN_IN_VIAS }).notNull().default('password'),
    createdAt: createdAt(),
  },
  (t) => [index('login_sessions_user_idx').on(t.userId, t.expiresAt)],
);

/** A token of a login session (a login token, a renewal key): only a SHA-256 of it is stored. */
function sessionTokenColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => loginSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  };
}

/** Login tokens; only a SHA-256 of the random token is stored. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    ...sessionTokenColumns(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_tokens_hash_unique').on(t.tokenHash), index('login_tokens_user_idx').on(t.userId), index('login_tokens_session_idx').on(t.sessionId)],
);

/**
 * "Stay signed in" (docs/product.md#errors, 440): a key that gets a new login token once the
 * old one expired, for 30 days. Only its SHA-256 is kept. Each use spends it (`spent_at`) and
 * hands out the next key of the same session; the spent row stays so that a second use of it —
 * a copy in a thief's hands, or the thief's copy used first — is seen and ends the whole session
 * (rotation with reuse detection, docs/security.md#sessions).
 */
export const renewalTokens = pgTable(
  'renewal_tokens',
  {
    ...sessionTokenColumns(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('renewal_tokens_hash_unique').on(t.tokenHash), index('renewal_tokens_user_idx').on(t.userId), index('renewal_tokens_session_idx').on(t.sessionId)],
);

/**
 * Microsoft sign-ins under way (docs/security.md#trust-boundaries-and-what-holds-at-each): the state handed to Microsoft
 * with the PKCE verifier and nonce that only the server keeps. The state is the SHA-256 of a
 * secret only the starting browser holds (its cookie, modules/auth/microsoft-cookie.ts). A
 * return spends its state once; a state older than ten minutes or spent before is refused.
 */
export const microsoftLogins = pgTable(
  'microsoft_logins',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('microsoft_logins_created_idx').on(t.createdAt)],
);

/** One-time tokens sent by mail: sign-up verification and password reset share the shape. */
function oneTimeTokenTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: text('token_hash').notNull(),
      validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_hash_unique`).on(t.tokenHash), index(`${name}_user_idx`).on(t.userId)],
  );
}
export const signupTokens = oneTimeTokenTable('signup_tokens');
export const passwordResetTokens = oneTimeTokenTable('password_reset_tokens');

/** Failed sign-ins, counted per username and per IP over a sliding hour. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_username_idx').on(t.username, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

/** Users not removed: every query that signs in, lists or offers staff reads it. */
export const userIsActive = isNull(users.deactivatedAt);
