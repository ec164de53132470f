import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { translate, type MemberExportQuery, type SupportedLang } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { filterNames } from './filter-names.js';
import { memberPages, type MemberRecord } from './members.repo.js';
import { resolveScope } from './scope.js';

/**
 * `GET /reports/members/export`: the member analysis as a spreadsheet, streamed. Rows are read a
 * page at a time on the report's index and written out before the next page is read, waiting
 * whenever the client is slower than the database: memory stays flat however many rows there are.
 */

const PAGE_ROWS = 2_000;

type Cell = string | number | Date | null;
interface Column {
  key: string;
  kind: 'text' | 'number' | 'date' | 'minutes';
  value: (row: MemberRecord) => Cell;
}

/** A local wall-clock time as a date a spreadsheet shows unchanged (spreadsheets know no zones). */
const wallClock = (local: string | null): Date | null => (local === null ? null : new Date(`${local}Z`));

function columnsOf(lang: SupportedLang, withNames: boolean): Column[] {
  const code = (section: string, value: string | null) => (value === null ? null : translate(lang, 'reports', `${section}_${value}`));
  return [
    { key: 'kind', kind: 'text', value: (r) => code('kind', r.kind) },
    { key: 'number', kind: 'number', value: (r) => r.number },
    { key: 'queue', kind: 'text', value: (r) => r.queue_name },
    { key: 'location', kind: 'text', value: (r) => r.profile_name },
    { key: 'origin', kind: 'text', value: (r) => code('origin', r.origin) },
    { key: 'status', kind: 'text', value: (r) => code('status', r.status) },
    { key: 'cancel_state', kind: 'text', value: (r) => (r.removed && !r.cancel_state ? code('cancel', 'REMOVED') : code('cancel', r.cancel_state)) },
    { key: 'at', kind: 'date', value: (r) => wallClock(r.at_local) },
    { key: 'appointment_start', kind: 'date', value: (r) => wallClock(r.appointment_start_local) },
    { key: 'called_at', kind: 'date', value: (r) => wallClock(r.called_local) },
    { key: 'finished_at', kind: 'date', value: (r) => wallClock(r.finished_local) },
    { key: 'wait_min', kind: 'minutes', value: (r) => r.wait_min },
    { key: 'processing_min', kind: 'minutes', value: (r) => r.processing_min },
    { key: 'processor', kind: 'text', value: (r) => r.processor_name },
    { key: 'info_tags', kind: 'text', value: (r) => r.info_tags.join(', ') },
    { key: 'answers', kind: 'text', value: (r) => r.answers.join(' | ') },
    ...(withNames ? [{ key: 'name', kind: 'text', value: (r: MemberRecord) => r.name } satisfies Column] : []),
  ];
}

/** Where rows go: the spreadsheet writer of one format. */
interface Sink {
  preamble(lines: [string, string][]): void;
  header(titles: string[]): void;
  /** Resolves once the output may take more. */
  row(cells: Cell[]): Promise<void>;
  end(): Promise<void>;
}

async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

function csvSink(out: PassThrough, lang: SupportedLang, columns: Column[]): Sink {
  // Semicolons and a byte-order mark: what a spreadsheet in a German locale opens as columns.
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  const decimal = lang === 'de' ? ',' : '.';
  const text = (cell: Cell, kind: Column['kind']): string => {
    if (cell === null) return '';
    if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
    if (typeof cell === 'number' && kind === 'minutes') return String(cell).replace('.', decimal);
    return String(cell);
  };
  return {
    preamble: (lines) => lines.forEach(([label, value]) => csv.write([`# ${label}`, value])),
    header: (titles) => void csv.write(titles),
    row: async (cells) => {
      if (!csv.write(cells.map((cell, i) => text(cell, columns[i]?.kind ?? 'text')))) await once(csv, 'drain');
      await drained(out);
    },
    end: async () => {
      csv.end();
      await once(out, 'finish').catch(() => undefined);
    },
  };
}

function xlsxSink(out: PassThrough, lang: SupportedLang, columns: Column[]): Sink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(lang, 'reports', 'sheet'));
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.kind === 'date' ? 17 : column.kind === 'text' ? 22 : 12,
    style: column.kind === 'date' ? { numFmt: 'dd.mm.yyyy hh:mm' } : column.kind === 'minutes' ? { numFmt: '0.0' } : {},
  }));
  return {
    preamble: (lines) => {
      for (const [label, value] of lines) sheet.addRow([label, value]).commit();
      sheet.addRow([]).commit();
    },
    header: (titles) => {
      const row = sheet.addRow(titles);
      row.font = { bold: true };
      row.commit();
    },
    row: async (cells) => {
      sheet.addRow(cells).commit();
      await drained(out);
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export interface MemberExport {
  filename: string;
  contentType: string;
  stream: PassThrough;
}

/** Checks the filters (a foreign id is a 404 before anything streams), then streams the rows. */
export async function exportMembers(ctx: AppContext, actor: Actor, query: MemberExportQuery, lang: SupportedLang): Promise<MemberExport> {
  const scope = await resolveScope(ctx.db, actor, query);
  const withNames = query.names === 'true';
  const columns = columnsOf(lang, withNames);
  const preamble = await filterNames(ctx.db, scope, lang, ctx.clock.now());
  const out = new PassThrough();
  const sink = query.format === 'csv' ? csvSink(out, lang, columns) : xlsxSink(out, lang, columns);
  const write = async () => {
    sink.preamble(preamble);
    sink.header(columns.map((column) => translate(lang, 'reports', `column_${column.key}`)));
    for await (const page of memberPages(ctx.db, scope, PAGE_ROWS, withNames)) {
      for (const row of page) await sink.row(columns.map((column) => column.value(row)));
      if (out.destroyed) break;
    }
    await sink.end();
  };
  write().catch((error: unknown) => {
    // Headers are sent: the client can only learn of it by the download breaking off.
    ctx.log.error({ err: error }, 'member export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const name = `wartefrei-${translate(lang, 'reports', 'filename')}-${query.from}_${query.to}.${query.format}`;
  return {
    filename: name,
    contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: out,
  };
}
