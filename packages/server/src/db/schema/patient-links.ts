/** The secrets that open a patient's ticket or appointment without a login (docs/security.md#patient-links). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { appointments } from './appointments.js';
import { queueMembers } from './tickets.js';

/**
 * One row per link a patient was given: the draw's or booking's answer, a mail, an SMS, a push
 * message each mint their own. Only the SHA-256 of the token is kept — a dump or a backup of the
 * database opens nothing — so a message sent later (a reminder, an alert) mints a new link
 * instead of repeating an old one. An appointment's links open the ticket it becomes at
 * check-in as well (`member_id` is set then). Links go with their record, and with its
 * personal data when that is erased.
 */
export const patientLinks = pgTable(
  'patient_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id').references(() => queueMembers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** Null: as long as the record keeps its personal data. Set for the record ids that were links before migration 0032. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Partial: a ticket's link names no appointment, an appointment's no ticket until check-in —
    // a draw writes one index entry fewer (bench/draw-throughput.mjs).
    index('patient_links_member_idx')
      .on(t.memberId)
      .where(sql`${t.memberId} IS NOT NULL`),
    index('patient_links_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} IS NOT NULL`),
    check('patient_links_target', sql`${t.memberId} IS NOT NULL OR ${t.appointmentId} IS NOT NULL`),
  ],
);
