import type { SupportedLang } from '../i18n/languages.js';

/*
 * How the staff's spreadsheets look, whoever writes them: the server streams the report's and the
 * audit log's exports; while the practice encrypts, the staff's browser writes the member export
 * with the names it opened (docs/security.md#encryption). Both follow the rules here, so a file
 * looks the same from either.
 */

export type SheetCell = string | number | Date | null;
export type SheetFormat = 'csv' | 'xlsx';

export interface SheetColumn {
  key: string;
  kind: 'text' | 'number' | 'date' | 'minutes';
}

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * csv-stringify's options: semicolons and a byte-order mark, what a spreadsheet in a German locale
 * opens as columns. A cell holding a line break is quoted: csv-stringify quotes only the record
 * delimiter (CR LF) itself, and a spreadsheet starts a new row at a lone CR or LF, so a name
 * "x\n=HYPERLINK(…)" would otherwise put a formula at the start of a row of its own.
 */
export const CSV_SHEET_OPTIONS = { delimiter: ';', bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/**
 * What a spreadsheet takes as the start of a formula in a CSV cell (OWASP, "CSV Injection"): `=`,
 * `+`, `-`, `@`, and tab and CR, which some spreadsheets skip before reading on.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a CSV cell a spreadsheet shows as text: one starting like a formula gets a leading
 * apostrophe, OWASP's advice. The apostrophe is visible in the cell, which is the point: it works
 * in every spreadsheet without a setting (Excel, LibreOffice, Numbers), it changes no other cell,
 * and a reader sees that the text was marked, where a stripped or rewritten character would
 * silently change a patient's name. Numbers are not text and never come here.
 */
export function csvSafeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A preamble line (a filter of the export) as a CSV row; xlsx has it as two cells and a blank row after all. */
export const csvPreambleRow = ([label, value]: [string, string]): [string, string] => [`# ${label}`, csvSafeText(value)];

/** A local wall-clock time as a date a spreadsheet shows unchanged (spreadsheets know no zones). */
export const wallClock = (local: string | null): Date | null => (local === null ? null : new Date(`${local}Z`));

/**
 * A cell as CSV text: dates as 'YYYY-MM-DD HH:MM:SS', minutes with the language's decimal mark,
 * numbers as they are (a negative one stays a number), text made safe from formulas.
 */
export function csvCellText(cell: SheetCell, kind: SheetColumn['kind'], lang: SupportedLang): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof cell === 'number') return kind === 'minutes' ? String(cell).replace('.', lang === 'de' ? ',' : '.') : String(cell);
  return csvSafeText(cell);
}

/** An xlsx column (exceljs' column shape): width and number format by kind. */
export function xlsxColumn(column: SheetColumn): { key: string; width: number; style: { numFmt?: string } } {
  return {
    key: column.key,
    width: column.kind === 'date' ? 17 : column.kind === 'text' ? 22 : 12,
    style: column.kind === 'date' ? { numFmt: 'dd.mm.yyyy hh:mm' } : column.kind === 'minutes' ? { numFmt: '0.0' } : {},
  };
}
