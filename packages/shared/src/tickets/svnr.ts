/**
 * The Austrian social insurance number (SVNR, docs/product.md#validation-rules): ten digits `LLLC DDMMYY` — a
 * three-digit serial, the check digit at position 4, then the birth date. The birth date part
 * has no century, so 29 February is accepted when the year is a leap year as 19YY or as 20YY
 * (in practice: whenever YY is divisible by 4, since 1900 is not a leap year but 2000 is).
 */

export type SvnrProblem = 'SVNR_FORMAT' | 'SVNR_LEADING_ZERO' | 'SVNR_DATE' | 'SVNR_CHECK_DIGIT';

/** Weights of digits 1, 2, 3, 5, 6, 7, 8, 9, 10 (the check digit 4 is left out). */
const WEIGHTS = [3, 7, 9, 5, 8, 4, 2, 1, 6] as const;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The check digit the other nine digits of a 10-digit string imply; 10 means no valid number exists. */
export function svnrCheckDigit(digits: string): number {
  const others = digits.slice(0, 3) + digits.slice(4, 10);
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(others[i]) * (WEIGHTS[i] ?? 0);
  return sum % 11;
}

/** Whether DDMMYY is a real calendar day in 19YY or 20YY. */
function isSvnrDate(ddmmyy: string): boolean {
  const day = Number(ddmmyy.slice(0, 2));
  const month = Number(ddmmyy.slice(2, 4));
  const yy = Number(ddmmyy.slice(4, 6));
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  // Either century may be meant; 2000 being a leap year, 20YY alone already decides it.
  const february = isLeapYear(1900 + yy) || isLeapYear(2000 + yy) ? 29 : 28;
  const daysInMonth = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** The first rule of docs/product.md#validation-rules a social insurance number breaks, or undefined when it is valid. */
export function svnrProblem(value: string): SvnrProblem | undefined {
  if (!/^\d{10}$/.test(value)) return 'SVNR_FORMAT';
  if (value.startsWith('0')) return 'SVNR_LEADING_ZERO';
  if (!isSvnrDate(value.slice(4))) return 'SVNR_DATE';
  const check = svnrCheckDigit(value);
  if (check === 10 || check !== Number(value[3])) return 'SVNR_CHECK_DIGIT';
  return undefined;
}

/** Whether a string is a valid Austrian 10-digit social insurance number. */
export function isValidSvnr(value: string): boolean {
  return svnrProblem(value) === undefined;
}
