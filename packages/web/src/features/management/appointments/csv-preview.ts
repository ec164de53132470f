/*
 * The first rows of a CSV file as the import screen shows them before sending: the header's
 * columns and each row's cells, split like the server does (comma or semicolon, whichever the
 * header uses; quotes around a cell keep its separators; "" is a quote). The server stays the
 * judge of every cell; this only shows the practice what it is about to send.
 */

export interface CsvPreview {
  columns: string[];
  /** Rows with their line in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
  /** Rows below the header in all. */
  total: number;
}

function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

export function previewCsv(text: string, limit = 20): CsvPreview {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  const body = lines
    .slice(1)
    .map((content, i) => ({ line: i + 2, content }))
    .filter((row) => row.content.trim() !== '');
  return {
    columns: splitLine(header, separator),
    rows: body.slice(0, limit).map((row) => ({ line: row.line, cells: splitLine(row.content, separator) })),
    total: body.length,
  };
}
