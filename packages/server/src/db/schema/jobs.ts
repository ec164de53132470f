/** Timed work: the job table every node polls. */
import { bigserial, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const jobStatus = pgEnum('job_status', ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'MISSED']);

/**
 * Timed work (schedule entries, timed suspends, smart suspend; later ticket timeouts and
 * reminders). Runners claim due rows with FOR UPDATE SKIP LOCKED, so each runs exactly once
 * however many server nodes there are; `key` makes scheduling the same occurrence idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key), index('jobs_due_idx').on(t.status, t.runAt)],
);
