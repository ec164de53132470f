import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import {
  csvCellText,
  csvPreambleRow,
  CSV_SHEET_OPTIONS,
  SHEET_CONTENT_TYPES,
  wallClock,
  xlsxColumn,
  type SheetCell,
  type SheetColumn,
  type SheetFormat,
  type SupportedLang,
} from '@wartefrei/shared';

/**
 * Spreadsheets written as a stream (the report's and the audit log's exports): rows go out as
 * they come and each write waits while the client is slower, so memory stays flat however many
 * rows there are. csv by csv-stringify, xlsx by exceljs' streaming WorkbookWriter.
 */

export type Cell = SheetCell;
/** The sheet formats, and the browser's `ndjson`: the rows as JSON lines, for a browser that opens sealed names and writes the sheet itself. */
export type SpreadsheetFormat = SheetFormat | 'ndjson';
export type { SheetColumn };
export { wallClock };

/** Where rows go: the spreadsheet writer of one format. */
export interface Sink {
  preamble(lines: [string, string][]): void;
  header(titles: string[]): void;
  /** Resolves once the output may take more. */
  row(cells: Cell[]): Promise<void>;
  end(): Promise<void>;
}

export const SPREADSHEET_CONTENT_TYPES: Record<SpreadsheetFormat, string> = { ...SHEET_CONTENT_TYPES, ndjson: 'application/x-ndjson; charset=utf-8' };

async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

function csvSink(out: PassThrough, lang: SupportedLang, columns: SheetColumn[]): Sink {
  const csv = stringify(CSV_SHEET_OPTIONS);
  csv.pipe(out);
  return {
    preamble: (lines) => lines.forEach((line) => csv.write(csvPreambleRow(line))),
    header: (titles) => void csv.write(titles),
    row: async (cells) => {
      if (!csv.write(cells.map((cell, i) => csvCellText(cell, columns[i]?.kind ?? 'text', lang)))) await once(csv, 'drain');
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
  sheet.columns = columns.map(xlsxColumn);
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

/**
 * The rows as JSON lines: first `{ preamble, columns: [{ key, kind, title }] }`, then each row's
 * cells as an array (dates as wall-clock instants in ISO form, as `wallClock` makes them).
 */
function ndjsonSink(out: PassThrough, columns: SheetColumn[]): Sink {
  let preamble: [string, string][] = [];
  const line = async (value: unknown) => {
    out.write(`${JSON.stringify(value)}\n`);
    await drained(out);
  };
  return {
    preamble: (lines) => void (preamble = lines),
    header: (titles) => void line({ preamble, columns: columns.map((column, i) => ({ key: column.key, kind: column.kind, title: titles[i] })) }),
    row: (cells) => line(cells),
    end: async () => {
      out.end();
      await once(out, 'finish').catch(() => undefined);
    },
  };
}

/** The writer of one format into `out`. */
export function openSheet(out: PassThrough, format: SpreadsheetFormat, lang: SupportedLang, sheetName: string, columns: SheetColumn[]): Sink {
  if (format === 'ndjson') return ndjsonSink(out, columns);
  return format === 'csv' ? csvSink(out, lang, columns) : xlsxSink(out, sheetName, columns);
}
