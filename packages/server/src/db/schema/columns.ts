import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created; every table that needs it uses this one definition. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
