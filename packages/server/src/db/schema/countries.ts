/** Countries for addresses and holidays. */
import { pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** ISO 3166-1 countries; names are localised at request time. */
export const countries = pgTable('countries', {
  id: smallint('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
});
