import { stringify } from 'csv-stringify/browser/esm/sync';
import ExcelJS from 'exceljs';
import i18next from 'i18next';
import {
  CSV_SHEET_OPTIONS,
  csvCellText,
  csvPreambleRow,
  placesOf,
  SHEET_CONTENT_TYPES,
  xlsxColumn,
  type SheetCell,
  type SheetColumn,
  type SheetFormat,
  type SupportedLang,
} from '@wartefrei/shared';
import { currentLanguage } from '../../i18n';
import { fetchExport, fileNameOf, saveBlob } from '../../lib/download';
import { openSealed } from '../../lib/keyring';
import { reportName } from '../../lib/sealed-records';

/*
 * The member export with names while the practice encrypts (docs/security.md#encryption): the
 * server cannot write the names it cannot read, so it sends the rows as JSON lines with each
 * row's sealed names (`format=ndjson`, the export's own route, so the audit log records an
 * export); this browser opens them with the held key and writes the xlsx or csv by the same
 * rules as the server's (sheet-format.ts in shared). A name the key cannot open stays empty,
 * as the server's own export leaves it.
 */

export interface Head {
  preamble: [string, string][];
  columns: (SheetColumn & { title: string })[];
}

/** The JSON lines of a streamed answer, told to `onBytes` as they arrive. */
async function* linesOf(body: ReadableStream<Uint8Array>, onBytes: (bytes: number) => void): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) {
      bytes += value.byteLength;
      onBytes(bytes);
      rest += decoder.decode(value, { stream: true });
    }
    const lines = rest.split('\n');
    rest = done ? '' : lines.pop()!;
    for (const line of lines) if (line.trim() !== '') yield JSON.parse(line);
    if (done) return;
  }
}

/** Dates come as wall-clock instants in ISO form (the server's `wallClock`): made dates again for the sheet. */
const cellOf = (value: unknown, column: SheetColumn): SheetCell => (column.kind === 'date' && typeof value === 'string' ? new Date(value) : (value as SheetCell));

async function readRows(query: Record<string, string>, onProgress: (bytes: number) => void): Promise<{ head: Head; rows: SheetCell[][]; fileName: string }> {
  const response = await fetchExport('/reports/members/export', { ...query, format: 'ndjson', names: 'true' });
  let head: Head | undefined;
  const rows: SheetCell[][] = [];
  for await (const line of linesOf(response.body, onProgress)) {
    if (!head) {
      head = line as Head;
      continue;
    }
    const cells = line as unknown[];
    // The last two cells (export.ts): where the text must be bound to, and the text.
    const sealed = cells.at(-1);
    const opened = typeof sealed === 'string' ? await openSealed(sealed, placesOf(cells.at(-2) as string | null)) : undefined;
    const row = cells.slice(0, -2).map((value, i) => cellOf(value, head!.columns[i]!));
    if (opened) row[row.length - 1] = reportName(opened);
    rows.push(row);
  }
  if (!head) throw new Error('empty export');
  // The sealed columns were for this browser only.
  return { head: { ...head, columns: head.columns.slice(0, -2) }, rows, fileName: fileNameOf(response.headers.get('content-disposition'), 'wartefrei-export.ndjson') };
}

/** The sheet as CSV, by the server's rules: text that would run as a formula is marked as text, numbers stay numbers. */
export function csvFile({ preamble, columns }: Head, rows: SheetCell[][], lang: SupportedLang): string {
  return stringify(
    [...preamble.map(csvPreambleRow), columns.map((column) => column.title), ...rows.map((row) => row.map((cell, i) => csvCellText(cell, columns[i]!.kind, lang)))],
    CSV_SHEET_OPTIONS,
  );
}

async function xlsxFile({ preamble, columns }: Head, rows: SheetCell[][], sheetName: string): Promise<BlobPart> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(xlsxColumn);
  for (const line of preamble) sheet.addRow(line);
  sheet.addRow([]);
  sheet.addRow(columns.map((column) => column.title)).font = { bold: true };
  sheet.addRows(rows);
  return workbook.xlsx.writeBuffer();
}

export async function exportWithOpenedNames(query: Record<string, string>, onProgress: (bytes: number) => void): Promise<void> {
  const format = (query.format ?? 'xlsx') as SheetFormat;
  const { head, rows, fileName } = await readRows(query, onProgress);
  const content = format === 'csv' ? csvFile(head, rows, currentLanguage()) : await xlsxFile(head, rows, i18next.t('server:reports.sheet'));
  saveBlob(new Blob([content], { type: SHEET_CONTENT_TYPES[format] }), fileName.replace(/\.ndjson$/, `.${format}`));
}
