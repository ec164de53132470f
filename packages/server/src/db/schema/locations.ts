/** Locations (`profiles` in the API) of an account. */
import { sql } from 'drizzle-orm';
import { DEFAULT_QUIET_HOURS, DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { accountRef } from './accounts.js';

/** Locations of an account. Extended by the locations issue (address, holidays). */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    name: text('name').notNull(),
    identifier: text('identifier').notNull(),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** Public holidays: ISO country (AT, DE, CH) and its state or canton code (date-holidays). */
    country: text('country'),
    region: text('region'),
    /** Set when the location was deleted: it leaves every screen and link, its lists' history stays. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    street1: text('street1'),
    postcode: text('postcode'),
    city: text('city'),
    province: text('province'),
    addressCountry: text('address_country'),
    /**
     * How the location's kiosk hands out the ticket (KIOSK_PRINTING_MODES): OFF shows the number
     * and a QR code on screen (no printer needed), BROWSER prints through the browser's silent
     * printing, SUNMI through the Sunmi app's bridge.
     */
    kioskPrinting: text('kiosk_printing').notNull().default('OFF'),
    /** No offers of earlier times are sent between these local times ('HH:MM'; over midnight when end < start). */
    quietHoursStart: text('quiet_hours_start').notNull().default(DEFAULT_QUIET_HOURS.start),
    quietHoursEnd: text('quiet_hours_end').notNull().default(DEFAULT_QUIET_HOURS.end),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Among live locations only: a deleted location's identifier may be used again.
    uniqueIndex('profiles_account_identifier_unique')
      .on(t.accountId, sql`lower(${t.identifier})`)
      .where(sql`${t.archivedAt} IS NULL`),
  ],
);
