import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFile, type Head } from './sealed-export';

// The member export this browser writes while the practice encrypts: the names it opened are
// patients' own input, so a name made like a formula must reach the spreadsheet as text, as in
// the server's own CSV (packages/server/src/platform/spreadsheet.test.ts).
describe('csvFile', () => {
  it('marks names that would run as formulas, quotes line breaks, and keeps numbers numbers', () => {
    const head: Head = {
      preamble: [['Liste', '@Labor']],
      columns: [
        { key: 'number', kind: 'number', title: 'Nummer' },
        { key: 'wait_min', kind: 'minutes', title: 'Wartezeit (Min.)' },
        { key: 'name', kind: 'text', title: 'Name' },
      ],
    };
    const names = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', 'Anna\n=1+1', 'Anna Alt'];
    const file = csvFile(
      head,
      names.map((name, i) => [i + 1, i === 0 ? -2.5 : 3, name]),
      'de',
    );

    const rows: string[][] = parse(file, { delimiter: ';', bom: true, relax_column_count: true });
    expect(rows[0]).toEqual(['# Liste', `'@Labor`]);
    expect(rows[1]).toEqual(['Nummer', 'Wartezeit (Min.)', 'Name']);
    expect(rows.slice(2).map((row) => row[2])).toEqual([`'=HYPERLINK("http://x","y")`, `'+1`, `'-2+3`, `'@SUM(A1)`, `'\t=1+1`, `'\r=1+1`, 'Anna\n=1+1', 'Anna Alt']);
    expect(rows[2]!.slice(0, 2)).toEqual(['1', '-2,5']);
    expect(file).toContain('"Anna\n=1+1"');
  });
});
