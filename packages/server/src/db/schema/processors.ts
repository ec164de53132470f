/** Which processors work on which list. */
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
