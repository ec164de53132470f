import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { HOLIDAY_COUNTRIES, HOLIDAY_REGIONS } from '@wartefrei/shared';

// The onboarding's region choice (shared) and the holiday calendar the server checks against must name the same regions.
describe('HOLIDAY_REGIONS', () => {
  it.each(HOLIDAY_COUNTRIES)('lists exactly the states date-holidays knows for %s', (country) => {
    const known = Object.keys(new Holidays().getStates(country)).sort();
    expect(HOLIDAY_REGIONS[country].map((r) => r.code).sort()).toEqual(known);
  });
});
