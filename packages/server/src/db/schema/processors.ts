/** Which processors work on which list. */
import { lte, sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { queues } from './queues.js';

/**
 * Which processors work on which queue; `active` = actively processing vs only managing.
 * `inactive_until`: a pause with an announced return — not active until then, active again from
 * then on (read as active once passed; a job also sets the flag back). Null: no return announced.
 */
export const queueProcessors = pgTable(
  'queue_processors',
  {
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    inactiveUntil: timestamp('inactive_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.userId] }), index('queue_processors_user_idx').on(t.userId)],
);

/**
 * An assignment actively processing its list at `now`, in SQL: the same rule as `isActiveNow` of
 * @wartefrei/shared (switched on, or a pause whose return has passed, its end job run or not).
 * A NULL return is never passed, as there. active-now.test.ts holds the two to the same cases.
 */
export const activeNowSql = (now: Date): SQL<boolean> => sql<boolean>`(${queueProcessors.active} OR coalesce(${lte(queueProcessors.inactiveUntil, now)}, false))`;
