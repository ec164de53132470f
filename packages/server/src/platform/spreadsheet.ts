import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { SupportedLang } from '@wartefrei/shared';

/**
 * Spreadsheets written as a stream (the report's and the audit log's exports): rows go out as
 * they come and each write waits while the client is slower, so memory stays flat however many
 * rows there are. csv by csv-stringify, xlsx by exceljs' streaming WorkbookWriter.
 */

export type Cell = string | number | Date | null;
export type SpreadsheetFormat = 'csv' | 'xlsx';

export interface SheetColumn {
  key: string;
  kind: 'text' | 'number' | 'date' | 'minutes';
}

/** Where rows go: the spreadsheet writer of one format. */
export interface Sink {
  preamble(lines: [string, string][]): void;
  header(titles: string[]): void;
  /** Resolves once the output may take more. */
  row(cells: Cell[]): Promise<void>;
  end(): Promise<void>;
}

export const SPREADSHEET_CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A local wall-clock time as a date a spreadsheet shows unchanged (spreadsheets know no zones). */
export const wallClock = (local: string | null): Date | null => (local === null ? null : new Date(`${local}Z`));

async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

function csvSink(out: PassThrough, lang: SupportedLang, columns: SheetColumn[]): Sink {
  // Semicolons and a byte-order mark: what a spreadsheet in a German locale opens as columns.
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  const decimal = lang === 'de' ? ',' : '.';
  const text = (cell: Cell, kind: SheetColumn['kind']): string => {
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

function xlsxSink(out: PassThrough, sheetName: string, columns: SheetColumn[]): Sink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
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

/** The writer of one format into `out`. */
export function openSheet(out: PassThrough, format: SpreadsheetFormat, lang: SupportedLang, sheetName: string, columns: SheetColumn[]): Sink {
  return format === 'csv' ? csvSink(out, lang, columns) : xlsxSink(out, sheetName, columns);
}
