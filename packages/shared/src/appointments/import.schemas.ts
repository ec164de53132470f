import { z } from 'zod';
import { BOOKING_FIELDS } from './booking-fields.js';

/* The CSV import of appointments (`POST /appointments/import`): its columns, how a file is read, and its answers. */

/**
 * The columns of `POST /appointments/import` (text/csv, comma or semicolon, a header row):
 * `appointment_type_id` and `start` (local 'YYYY-MM-DD HH:MM' of the type's location, or ISO 8601
 * with offset) and `last_name` are needed; `processor_id` (else whoever the rules offer, the
 * type's default first), the patient data, `description`, `notify_mail`, `notify_sms` (true/false,
 * ja/nein, 1/0) and `sms_reminder_minutes` may follow.
 */
export const IMPORT_COLUMNS = ['appointment_type_id', 'start', 'processor_id', ...BOOKING_FIELDS, 'description', 'notify_mail', 'notify_sms', 'sms_reminder_minutes'] as const;
/** While the practice encrypts, the browser seals each row's patient data into this column. */
export const IMPORT_SEALED_COLUMN = 'sealed_data';
/** …and names the id it chose for the row's appointment here: the sealed text is bound to it. */
export const IMPORT_RECORD_ID_COLUMN = 'record_id';
/**
 * How an import file is read (csv-parse's options), by the server and by the staff's browser
 * that seals it first, so both see the same rows on the same lines: comma or semicolon, a
 * byte-order mark ignored, empty lines skipped, cells trimmed, column names in lower case.
 */
export const IMPORT_CSV_OPTIONS = {
  bom: true,
  delimiter: [';', ','],
  skip_empty_lines: true,
  trim: true,
  info: true,
} as const;
export const importHeader = (names: string[]): string[] => names.map((name) => name.trim().toLowerCase());
/** A parsed row (with `info: true`): its cells by column, and the line of the file it ends on. */
export interface ImportRecord {
  record: Record<string, string>;
  info: { lines: number };
}
/** More rows than this are one import too many: split the file. */
export const IMPORT_MAX_ROWS = 5_000;

/** `POST /appointments/import?dry_run=true`: only check, import nothing. */
export const ImportQuery = z.object({ dry_run: z.enum(['true', 'false']).optional() });
export type ImportQuery = z.infer<typeof ImportQuery>;

/** What an import did: every row imported, or with `dry_run` every row found importable. */
export const ImportResult = z.object({ dry_run: z.boolean(), rows: z.number().int(), imported: z.number().int() });
export type ImportResult = z.infer<typeof ImportResult>;
