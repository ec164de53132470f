/** The audit log: who read or changed patient data, and when (docs/security.md#audit-log). */
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.js';

/**
 * One entry per audited action. It names people only by id: a staff member's id (no FK, so
 * the entry outlives a removed user) and the subject's id — never a patient's name. `detail`
 * holds counts and settings, never personal data. Entries older than a year are deleted by the
 * retention job.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountRef(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for what the server did by itself (a retention run). */
    userId: uuid('user_id'),
    /** The API key that made the request (then `user_id` is null): the log shows "API: {name}". No FK, like `user_id`. */
    apiKeyId: uuid('api_key_id'),
    address: text('address'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('audit_log_account_at_idx').on(t.accountId, t.at)],
);
