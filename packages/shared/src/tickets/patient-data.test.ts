import { describe, expect, it } from 'vitest';
import { ageInYears, birthDateAgeProblem, birthDateProblem, isCalendarDate, isValidPhone } from './patient-data.js';

describe('isCalendarDate', () => {
  it.each([
    ['1980-01-01', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2023-02-29', false],
    ['2023-04-31', false],
    ['2023-13-01', false],
    ['2023-00-10', false],
    ['2023-01-00', false],
    ['0099-01-01', false],
    ['2023-1-01', false],
    ['2023-01-01T00:00', false],
    ['', false],
  ])('%j → %s', (value, ok) => expect(isCalendarDate(value)).toBe(ok));
});

describe('birthDateProblem', () => {
  it.each([
    ['1980-01-01', '2026-11-22', undefined],
    ['2026-11-22', '2026-11-22', undefined],
    ['2026-11-23', '2026-11-22', 'BIRTH_DATE_FUTURE'],
    ['2027-01-01', undefined, undefined],
    ['1980-02-30', '2026-11-22', 'INVALID_DATE'],
  ])('%s on %s → %s', (birth, today, problem) => expect(birthDateProblem(birth, today)).toBe(problem));
});

describe('ageInYears', () => {
  it.each([
    ['1980-01-01', '2026-11-22', 46],
    ['1980-11-22', '2026-11-22', 46], // birthday today
    ['1980-11-23', '2026-11-22', 45], // birthday tomorrow
    ['1980-12-01', '2026-11-22', 45],
    ['2026-11-22', '2026-11-22', 0],
    ['2000-02-29', '2025-02-28', 24], // no 29 February in 2025: a year older on 1 March
    ['2000-02-29', '2025-03-01', 25],
    ['2000-02-29', '2024-02-29', 24],
  ])('born %s, on %s → %d', (birth, today, age) => expect(ageInYears(birth, today)).toBe(age));

  it('refuses a date that is not real', () => expect(() => ageInYears('2023-02-29', '2026-01-01')).toThrow());
});

describe('birthDateAgeProblem', () => {
  it.each([
    ['1980-01-01', null, null, undefined],
    ['1980-01-01', undefined, undefined, undefined],
    ['2008-11-22', 18, null, undefined], // exactly 18
    ['2008-11-23', 18, null, 'TOO_YOUNG'], // 17, one day short
    ['1960-11-23', null, 65, undefined], // 65 until tomorrow
    ['1960-11-22', null, 65, 'TOO_OLD'], // 66 today
    ['2020-01-01', 3, 10, undefined],
    ['2024-01-01', 3, 10, 'TOO_YOUNG'],
    ['2010-01-01', 3, 10, 'TOO_OLD'],
    ['2026-11-22', 1, null, 'TOO_YOUNG'], // a newborn is 0
  ])('born %s, min %s, max %s → %s', (birth, min, max, problem) => expect(birthDateAgeProblem(birth, '2026-11-22', min, max)).toBe(problem));
});

describe('isValidPhone', () => {
  it.each([
    ['+436641234567', true],
    ['+43 664 1234567', true],
    ['+43/664/123-45', true],
    ['+1+2', true],
    ['\t+43 1 234\n', true],
    ['+', false],
    ['+43', true], // reads as plus, '4', then '3': the pattern needs one character after the 1–2 digits
    ['+4', false],
    ['+123', true],
    ['0043664', false],
    ['+43.664', false],
    ['+43 (1) 234', false],
    ['', false],
  ])('%j → %s', (value, ok) => expect(isValidPhone(value)).toBe(ok));
});
