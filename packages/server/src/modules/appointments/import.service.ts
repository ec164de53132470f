import { parse } from 'csv-parse/sync';
import {
  checkBookingFields,
  formatLocalDate,
  IMPORT_COLUMNS,
  IMPORT_CSV_OPTIONS,
  IMPORT_MAX_ROWS,
  importHeader,
  type ImportRecord,
  IMPORT_RECORD_ID_COLUMN,
  IMPORT_SEALED_COLUMN,
  SEALED_PATIENT_FIELDS,
  localDateOf,
  parseLocalDate,
  SMS_REMINDER_MINUTES,
  STAFF_BOOKING_FIELD_MODES,
  ZonedInstant,
  zonedTimeToUtc,
  type ImportResult,
} from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, type FieldProblem } from '../../platform/errors.js';
import { findTypeWithLocation, type TypeWithLocation } from './appointment-types.repo.js';
import { insertAppointment, patientColumns, type AppointmentRow, type NewAppointmentRow } from './appointments.repo.js';
import { fits, placementFor } from './placement.js';
import { resetReminders } from './reminders.js';
import { announceAppointments } from './appointments.events.js';
import { accountSeals } from '../encryption/index.js';

/*
 * `POST /appointments/import`: a practice brings its appointments from elsewhere as CSV (the
 * columns: IMPORT_COLUMNS). All rows or none: every row is checked like a staff booking — its type
 * of the caller's lists, a time that is not past, a processor of the list, the patient's data —
 * then all are written in one transaction, each in a savepoint, so the exclusion constraint names
 * every row whose time is taken, by the rows before it too. Any problem: nothing is kept and the
 * answer lists each faulty row by its line. `dry_run` does all of it and keeps nothing.
 * While the practice encrypts, the staff's browser parses the file and seals each row's patient
 * data into the column `sealed_data` (docs/security.md#encryption): a file with a column the
 * server must not read in the clear is refused whole.
 */

type RowProblems = Record<string, FieldProblem>;
interface Faulty {
  line: number;
  fields: RowProblems;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/;
const YES = new Set(['true', 'ja', 'yes', '1', 'x']);
const NO = new Set(['false', 'nein', 'no', '0', '']);

const KNOWN_COLUMNS: readonly string[] = [...IMPORT_COLUMNS, IMPORT_SEALED_COLUMN, IMPORT_RECORD_ID_COLUMN];
const SEALED_COLUMNS: readonly string[] = [...SEALED_PATIENT_FIELDS, 'description'];

/** The rows of the file with their line numbers; a header naming no column of ours is refused. */
function rowsOf(csv: string, sealed: boolean): { line: number; record: Record<string, string> }[] {
  let header: string[] = [];
  const parsed = parse<ImportRecord>(csv, { ...IMPORT_CSV_OPTIONS, delimiter: [...IMPORT_CSV_OPTIONS.delimiter], columns: (names: string[]) => (header = importHeader(names)) });
  const unknown = header.filter((name) => !KNOWN_COLUMNS.includes(name));
  if (sealed && header.some((name) => SEALED_COLUMNS.includes(name))) throw new AppError('IMPORT_WHILE_ENCRYPTED');
  if (unknown.length > 0) throw new AppError('IMPORT_INVALID', { rows: [{ line: 1, fields: Object.fromEntries(unknown.map((name) => [name, 'UNKNOWN_FIELD'])) }] });
  if (parsed.length > IMPORT_MAX_ROWS) throw new AppError('VALIDATION', { fields: { file: { code: 'MAX_LENGTH', args: [IMPORT_MAX_ROWS] } } });
  return parsed.map(({ record, info }) => ({ line: info.lines, record }));
}

function flag(value: string | undefined, problems: RowProblems, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (YES.has(lower)) return true;
  if (NO.has(lower)) return lower === '' ? undefined : false;
  problems[field] = 'INVALID_VALUE';
  return undefined;
}

/** The caller's types by id, each read once however many rows name it. */
type TypeLookup = (typeId: string) => Promise<TypeWithLocation | undefined>;

function typeLookup(ctx: AppContext, actor: Actor): TypeLookup {
  const known = new Map<string, Promise<TypeWithLocation | undefined>>();
  return (typeId) => {
    let found = known.get(typeId);
    if (!found) {
      found = isUuid(typeId) ? findTypeWithLocation(ctx.db, typeId, actor) : Promise.resolve(undefined);
      known.set(typeId, found);
    }
    return found;
  };
}

/** One row as a staff booking would be: the values to insert, or the row's problems. */
async function checkRow(
  ctx: AppContext,
  actor: Actor,
  typeOf: TypeLookup,
  record: Record<string, string>,
  now: Date,
  sealed: boolean,
): Promise<{ values?: NewAppointmentRow; problems: RowProblems }> {
  const problems: RowProblems = {};
  const typeId = record.appointment_type_id ?? '';
  const found = await typeOf(typeId);
  if (!found) return { problems: { appointment_type_id: typeId ? 'NOT_FOUND' : 'REQUIRED' } };
  const { type, location } = found;
  const startText = record.start ?? '';
  const local = LOCAL_DATE_TIME.exec(startText);
  const start = local ? zonedTimeToUtc(parseLocalDate(local[1]!), local[2]!, location.timeZone) : ZonedInstant.safeParse(startText).success ? new Date(startText) : undefined;
  if (!start) problems.start = startText ? 'INVALID_DATE' : 'REQUIRED';
  const notifyMail = flag(record.notify_mail, problems, 'notify_mail');
  const notifySms = flag(record.notify_sms, problems, 'notify_sms');
  const minutes = record.sms_reminder_minutes ? Number(record.sms_reminder_minutes) : null;
  if (minutes !== null && !(SMS_REMINDER_MINUTES as readonly number[]).includes(minutes)) problems.sms_reminder_minutes = 'INVALID_VALUE';
  const patient = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));
  const checked = checkBookingFields(
    STAFF_BOOKING_FIELD_MODES,
    { ...patient, notify_mail: notifyMail, notify_sms: notifySms, sms_reminder_minutes: minutes },
    formatLocalDate(localDateOf(now, location.timeZone)),
    sealed,
  );
  if (!checked.ok) Object.assign(problems, checked.fields);
  if (!start || !checked.ok) return { problems };
  const processorId = record.processor_id || undefined;
  try {
    const placement = await placementFor(ctx.db, found, { start, processorId, byStaff: true, now });
    const values: NewAppointmentRow = {
      ...(checked.value.record_id ? { id: checked.value.record_id } : {}),
      accountId: type.accountId,
      profileId: type.profileId,
      queueId: type.queueId,
      appointmentTypeId: type.id,
      processorId: placement.processorIds[0] ?? null,
      startAt: placement.start,
      endAt: placement.end,
      source: 'CSV_IMPORT',
      bookedByUserId: actor.userId,
      ...patientColumns(checked.value, { description: record.description, notifyMail, notifySms }),
      smsReminderMinutes: minutes,
      createdAt: now,
      updatedAt: now,
    };
    return { values, problems };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A processor of another account reads like one that does not exist, as everywhere.
    if (error.code === 'NOT_FOUND') return { problems: { ...problems, processor_id: 'NOT_FOUND' } };
    return { problems: { ...problems, ...(error.options.fields ?? { start: 'INVALID_VALUE' }) } };
  }
}

/** Thrown inside the transaction of a dry run or a faulty file, so nothing stays. */
class Undo extends Error {
  constructor(readonly faulty: Faulty[]) {
    super('undo');
  }
}

export async function importAppointments(ctx: AppContext, actor: Actor, csv: string, dryRun: boolean): Promise<ImportResult> {
  const now = ctx.clock.now();
  const sealed = await accountSeals(ctx.db, actor.accountId);
  const rows = rowsOf(csv, sealed);
  if (rows.length === 0) throw new AppError('VALIDATION', { fields: { file: 'REQUIRED' } });
  const checked: ({ line: number } & Awaited<ReturnType<typeof checkRow>>)[] = [];
  const typeOf = typeLookup(ctx, actor);
  for (const row of rows) checked.push({ line: row.line, ...(await checkRow(ctx, actor, typeOf, row.record, now, sealed)) });
  const faulty: Faulty[] = checked.filter((row) => Object.keys(row.problems).length > 0).map((row) => ({ line: row.line, fields: row.problems }));
  if (faulty.length > 0) throw new AppError('IMPORT_INVALID', { rows: faulty });
  let written: AppointmentRow[];
  try {
    written = await ctx.db.transaction(async (tx) => {
      const inserted: AppointmentRow[] = [];
      const taken: Faulty[] = [];
      for (const row of checked) {
        const ok = await fits(tx, async (sp) => inserted.push(await insertAppointment(sp, row.values!)));
        if (!ok) taken.push({ line: row.line, fields: { start: 'TIME_TAKEN' } });
      }
      if (taken.length > 0 || dryRun) throw new Undo(taken);
      return inserted;
    });
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
    if (error.faulty.length > 0) throw new AppError('IMPORT_INVALID', { rows: error.faulty });
    return { dry_run: true, rows: rows.length, imported: 0 };
  }
  await resetReminders(ctx.db, written, now);
  await announceAppointments(ctx, written);
  return { dry_run: false, rows: rows.length, imported: written.length };
}
