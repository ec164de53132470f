import { describe, expect, it } from 'vitest';
import { csvCellText, csvPreambleRow, csvSafeText, type SheetCell, type SheetColumn } from './sheet-format.js';

describe('csvSafeText', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1', `'+1`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['Anna Alt', 'Anna Alt'],
    ['Müller-Lüdenscheidt', 'Müller-Lüdenscheidt'], // a dash inside is no formula
    ['a=b', 'a=b'],
    [' =1+1', ' =1+1'], // a leading space makes it text already
    ["'=already marked", "'=already marked"],
    ['', ''],
  ])('%j → %j', (text, expected) => expect(csvSafeText(text)).toBe(expected));
});

describe('csvCellText', () => {
  it.each<[SheetCell, SheetColumn['kind'], string]>([
    ['=1+1', 'text', `'=1+1`],
    ['-5', 'text', `'-5`], // text that looks like a number is still text
    [-5, 'number', '-5'], // a number stays a number, negative too
    [-2.5, 'minutes', '-2,5'],
    [12, 'minutes', '12'],
    [7, 'text', '7'], // typed as a number, whatever the column
    [null, 'text', ''],
    [new Date('2026-11-10T08:00:00Z'), 'date', '2026-11-10 08:00:00'],
  ])('%j (%s) → %j', (cell, kind, expected) => expect(csvCellText(cell, kind, 'de')).toBe(expected));

  it('marks a preamble value too (a list or a staff member may be named like a formula)', () => {
    expect(csvPreambleRow(['Liste', '=cmd|" /C calc"!A0'])).toEqual(['# Liste', `'=cmd|" /C calc"!A0`]);
  });
});
