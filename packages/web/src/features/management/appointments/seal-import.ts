import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  checkBookingFields,
  IMPORT_CSV_OPTIONS,
  IMPORT_RECORD_ID_COLUMN,
  IMPORT_SEALED_COLUMN,
  importHeader,
  sealBody,
  SEALED_PATIENT_FIELDS,
  STAFF_BOOKING_FIELD_MODES,
  type FieldErrorCode,
  type ImportRecord,
  type SealingKey,
} from '@wartefrei/shared';

/*
 * The CSV import while the practice encrypts (docs/security.md#encryption): this browser reads
 * the file as the server would (the same csv-parse options), checks what the server will not see
 * (the name a staff booking needs, the formats of birth date and insurance number), seals each
 * row's patient data for the practice's key and sends the file with `sealed_data` in place of
 * those columns. The server checks the rest and names faulty rows by the lines of the file it
 * got; `lineOf` turns them back into the lines of the file the practice chose.
 */

const SEALED_COLUMNS: readonly string[] = [...SEALED_PATIENT_FIELDS, 'description'];

export interface SealedImport {
  /** The file as sent. */
  csv: string;
  /** The line of the chosen file for a line of the file as sent. */
  lineOf: Map<number, number>;
  /** Problems of the sealed cells by line of the chosen file: the file is not sent while any are. */
  problems: Map<number, Record<string, FieldErrorCode>>;
  rows: number;
}

/** The problems of a row's sealed cells, checked in the clear like the server checks a staff booking. */
function sealedProblems(record: Record<string, string>, today: string): Record<string, FieldErrorCode> {
  const given = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));
  const checked = checkBookingFields(STAFF_BOOKING_FIELD_MODES, { ...given, notify_mail: undefined, notify_sms: undefined, sms_reminder_minutes: null }, today);
  return checked.ok ? {} : Object.fromEntries(Object.entries(checked.fields).filter(([field]) => SEALED_COLUMNS.includes(field)));
}

/** Newlines in a piece of CSV: how many lines of the file it takes. */
const linesIn = (text: string) => text.split('\n').length - 1;

export async function sealImport(csv: string, key: SealingKey, today: string): Promise<SealedImport> {
  let header: string[] = [];
  const parsed = parse(csv, {
    ...IMPORT_CSV_OPTIONS,
    delimiter: [...IMPORT_CSV_OPTIONS.delimiter],
    columns: (names: string[]) => (header = importHeader(names)),
  }) as unknown as ImportRecord[];
  // A column the server does not know goes along unchanged: the server names it.
  const kept = header.filter((name) => !SEALED_COLUMNS.includes(name) && name !== IMPORT_SEALED_COLUMN && name !== IMPORT_RECORD_ID_COLUMN);
  let text = stringify([[...kept, IMPORT_SEALED_COLUMN, IMPORT_RECORD_ID_COLUMN]]);
  let sentLine = linesIn(text);
  const lineOf = new Map<number, number>([[1, 1]]);
  const problems = new Map<number, Record<string, FieldErrorCode>>();
  for (const { record, info } of parsed) {
    const found = sealedProblems(record, today);
    if (Object.keys(found).length > 0) problems.set(info.lines, found);
    // Each row's appointment takes the id its text is bound to (the server stores it under it).
    const sealed = await sealBody(Object.fromEntries(SEALED_COLUMNS.map((field) => [field, record[field]])), key, { table: 'appointments', extraFields: ['description'] });
    const row = stringify([[...kept.map((name) => record[name] ?? ''), (sealed.sealed_data as string | undefined) ?? '', (sealed.record_id as string | undefined) ?? '']]);
    text += row;
    sentLine += linesIn(row);
    lineOf.set(sentLine, info.lines);
  }
  return { csv: text, lineOf, problems, rows: parsed.length };
}
