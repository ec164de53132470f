import { describe, expect, it } from 'vitest';
import { isValidSvnr, svnrCheckDigit, svnrProblem } from './svnr.js';

// Valid numbers below were computed by hand from the weights (3,7,9,5,8,4,2,1,6) and cross-checked
// with svnrCheckDigit; each invalid case breaks exactly one rule of an otherwise valid number.
describe('svnrProblem', () => {
  it.each([
    // valid
    ['1237010180', undefined], // the conventions' example: 62 mod 11 = 7
    ['1050010180', undefined], // check digit 0
    ['4569010180', undefined],
    ['1234150575', undefined],
    ['9991311299', undefined], // 31 December
    ['1001300480', undefined], // 30 April
    ['1001290200', undefined], // 29.02.00: 1900 is no leap year but 2000 is
    ['1003290204', undefined], // 29.02.04
    ['1002290296', undefined], // 29.02.96
    ['1002010100', undefined],
    // format
    ['', 'SVNR_FORMAT'],
    ['123701018', 'SVNR_FORMAT'], // 9 digits
    ['12370101800', 'SVNR_FORMAT'], // 11 digits
    ['1237 010180', 'SVNR_FORMAT'],
    ['123701018a', 'SVNR_FORMAT'],
    ['１２３７０１０１８０', 'SVNR_FORMAT'], // full-width digits are not ASCII digits
    // leading zero
    ['0237010180', 'SVNR_LEADING_ZERO'],
    ['0000000000', 'SVNR_LEADING_ZERO'],
    // date: day 1–31, month 1–12, a real day
    ['1237000180', 'SVNR_DATE'], // day 00
    ['1237320180', 'SVNR_DATE'], // day 32
    ['1237010080', 'SVNR_DATE'], // month 00
    ['1237011380', 'SVNR_DATE'], // month 13
    ['1009310480', 'SVNR_DATE'], // 31 April (check digit would be right)
    ['1001300200', 'SVNR_DATE'], // 30 February
    ['1007290201', 'SVNR_DATE'], // 29.02.01: neither 1901 nor 2001 is a leap year (check digit right)
    // check digit
    ['1238010180', 'SVNR_CHECK_DIGIT'], // conventions' example with 8 instead of 7
    ['1236010180', 'SVNR_CHECK_DIGIT'],
    ['4568010180', 'SVNR_CHECK_DIGIT'],
    ['2220010101', 'SVNR_CHECK_DIGIT'], // sum mod 11 = 10: no digit can be valid
    ['2229010101', 'SVNR_CHECK_DIGIT'],
  ])('%j → %s', (value, problem) => {
    expect(svnrProblem(value)).toBe(problem);
    expect(isValidSvnr(value)).toBe(problem === undefined);
  });

  it('a number whose check sum is 10 is invalid whatever digit 4 is', () => {
    expect(svnrCheckDigit('2220010101')).toBe(10);
    for (let d = 0; d <= 9; d++) expect(svnrProblem(`222${d}010101`)).toBe('SVNR_CHECK_DIGIT');
  });

  it('exactly one check digit makes an otherwise valid number valid', () => {
    const valid = Array.from({ length: 10 }, (_, d) => `123${d}010180`).filter(isValidSvnr);
    expect(valid).toEqual(['1237010180']);
  });
});
