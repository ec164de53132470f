import { describe, expect, it } from 'vitest';
import { isPublicHoliday } from './holidays.js';

describe('isPublicHoliday', () => {
  it.each([
    ['AT', null, '2026-10-26', true], // Nationalfeiertag
    ['AT', null, '2026-10-27', false],
    ['AT', '9', '2026-12-25', true],
    ['DE', 'BY', '2026-08-15', false], // an observance in Bavaria as a whole, not public
    ['DE', 'SL', '2026-08-15', true], // public in Saarland
    ['DE', 'BY', '2026-01-06', true],
    ['DE', 'BE', '2026-01-06', false],
    ['CH', 'ZH', '2030-08-01', true],
    [null, null, '2026-12-25', false],
  ])('%s-%s %s → %s', (country, region, date, expected) => {
    expect(isPublicHoliday(country, region, date)).toBe(expected);
  });
});
