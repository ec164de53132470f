import { z } from 'zod';
import { isValidTimeZone } from '../schedules/local-time.js';
import { isCalendarDate } from '../tickets/patient-data.js';

/** How long personal data of finished tickets and past appointments is kept (docs/security.md#retention). */
export const RETENTION_DAYS_DEFAULT = 30;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const RetentionDays = z.number().int().min(RETENTION_DAYS_MIN, 'MIN_VALUE').max(RETENTION_DAYS_MAX, 'MAX_VALUE');

/** Audit entries are kept this long, then deleted by the retention job. */
export const AUDIT_KEEP_DAYS = 365;
export const AUDIT_PAGE_MAX = 5000;

/**
 * What the audit log records (docs/security.md#audit-log). Reads of lists that show patients,
 * exports, changes of a patient's data, erasures, and the settings that decide what is kept.
 */
export const AUDIT_ACTIONS = [
  'members.list',
  'member.create',
  'member.change',
  'member.erase',
  'appointments.list',
  'appointment.create',
  'appointment.change',
  'appointment.erase',
  'appointments.import',
  'report.members',
  'report.export',
  'audit.list',
  'audit.export',
  'retention.change',
  'retention.run',
  'encryption.enable',
  'encryption.disable',
  'encryption.seal',
  'encryption.read_clear',
  'encryption.read_sealed',
  'encryption.unseal',
  'encryption.key',
  'key.request',
  'key.approve',
  'key.reject',
  'key.recover',
  'key.drop',
  'processor.invitation',
  'processor.password_reset',
  'second_factor.requirement',
  'api_key.create',
  'api_key.revoke',
  'webhook_endpoint.create',
  'webhook_endpoint.change',
  'webhook_endpoint.rotate',
  'webhook_endpoint.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECT_TYPES = ['member', 'appointment', 'queue', 'account', 'user', 'report', 'audit', 'api_key', 'webhook_endpoint'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** A local date (the whole day in `time_zone`) or an instant with its offset. */
const DateOrInstant = z.union([z.string().refine(isCalendarDate, 'INVALID_DATE'), z.iso.datetime({ offset: true })], 'INVALID_DATE');

/**
 * `GET /audit?from=&to=&user_id=` (admins): the newest entries first, at most `limit`. Local
 * dates are read in `time_zone` (default Europe/Berlin), `to` inclusive.
 */
export const AuditQuery = z.object({
  from: DateOrInstant.optional(),
  to: DateOrInstant.optional(),
  user_id: z.string().max(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  time_zone: z.string().max(64).refine(isValidTimeZone, 'INVALID_TIME_ZONE').optional(),
  limit: z.coerce.number().int().min(1, 'MIN_VALUE').max(AUDIT_PAGE_MAX, 'MAX_VALUE').default(1000),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** `GET /audit/export?…&format=`: the same filters, every matching entry, as a file. */
export const AuditExportQuery = AuditQuery.safeExtend({ format: z.enum(['xlsx', 'csv']).default('csv') });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

export const AuditEntry = z.object({
  at: z.string(),
  user_id: z.uuid().nullable(),
  /** The staff member's display name as it is now, a removed one's too; "API: {name}" for an API key's request (null: the server itself). */
  user_name: z.string().nullable(),
  address: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES).nullable(),
  subject_id: z.string().nullable(),
  /** Counts and settings (e.g. how many tickets a retention run erased); never personal data. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLog = z.object({
  entries: z.array(AuditEntry),
  /** More entries match than `limit`: narrow the period or export. */
  truncated: z.boolean(),
});
export type AuditLog = z.infer<typeof AuditLog>;

/** `POST /members/{id}/erase`, `POST /appointments/{id}/erase`: what was erased. */
export const ErasureResult = z.object({
  erased_at: z.string(),
  /** The linked records erased with it (a checked-in appointment and its ticket). */
  members: z.array(z.uuid()),
  appointments: z.array(z.uuid()),
});
export type ErasureResult = z.infer<typeof ErasureResult>;
