import { describe, expect, it } from 'vitest';
import { isoWeekday, isValidTimeZone, nextWeeklyOccurrence, zonedTimeToUtc } from './local-time.js';

const d = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

describe('zonedTimeToUtc', () => {
  it.each([
    // Vienna: winter +01:00, summer +02:00; switches 29 March and 25 October 2026.
    ['2026-03-28', '07:30', 'Europe/Vienna', '2026-03-28T06:30:00.000Z'],
    ['2026-03-29', '07:30', 'Europe/Vienna', '2026-03-29T05:30:00.000Z'],
    ['2026-03-30', '07:30', 'Europe/Vienna', '2026-03-30T05:30:00.000Z'],
    ['2026-10-24', '07:30', 'Europe/Vienna', '2026-10-24T05:30:00.000Z'],
    ['2026-10-25', '07:30', 'Europe/Vienna', '2026-10-25T06:30:00.000Z'],
    ['2026-10-26', '07:30', 'Europe/Vienna', '2026-10-26T06:30:00.000Z'],
    // Spring forward: 02:30 does not exist; shifted forward by the gap to 03:30 summer time.
    ['2026-03-29', '02:30', 'Europe/Vienna', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '03:00', 'Europe/Vienna', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '01:59', 'Europe/Vienna', '2026-03-29T00:59:00.000Z'],
    // Fall back: 02:30 happens twice; the first (summer time) is taken.
    ['2026-10-25', '02:30', 'Europe/Vienna', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '03:00', 'Europe/Vienna', '2026-10-25T02:00:00.000Z'],
    ['2026-07-01', '00:00', 'UTC', '2026-07-01T00:00:00.000Z'],
    ['2026-07-01', '23:59', 'America/New_York', '2026-07-02T03:59:00.000Z'],
    ['2026-12-31', '23:30', 'Europe/Zurich', '2026-12-31T22:30:00.000Z'],
  ])('%s %s in %s → %s', (date, time, zone, expected) => {
    expect(zonedTimeToUtc(d(date), time, zone).toISOString()).toBe(expected);
  });
});

describe('nextWeeklyOccurrence', () => {
  it.each([
    // Sunday 29 March 2026 (weekday 7), after Saturday noon: that Sunday, in summer time.
    ['2026-03-28T12:00:00Z', 7, '07:30', '2026-03-29T05:30:00.000Z'],
    // Exactly at the instant: strictly after, so a week later.
    ['2026-03-29T05:30:00Z', 7, '07:30', '2026-04-05T05:30:00.000Z'],
    // Same day, time still ahead.
    ['2026-10-26T06:00:00Z', 1, '07:30', '2026-10-26T06:30:00.000Z'],
    // Same day, time passed: next week.
    ['2026-10-26T07:00:00Z', 1, '07:30', '2026-11-02T06:30:00.000Z'],
    // Late evening UTC is already the next local day in Vienna.
    ['2026-10-25T23:30:00Z', 1, '07:30', '2026-10-26T06:30:00.000Z'],
  ])('after %s weekday %i %s → %s', (after, weekday, time, expected) => {
    expect(nextWeeklyOccurrence(new Date(after), weekday, time, 'Europe/Vienna').at.toISOString()).toBe(expected);
  });
});

describe('helpers', () => {
  it('isoWeekday: Monday 1 … Sunday 7', () => {
    expect(isoWeekday(d('2026-10-26'))).toBe(1);
    expect(isoWeekday(d('2026-03-29'))).toBe(7);
  });
  it('isValidTimeZone', () => {
    expect(isValidTimeZone('Europe/Vienna')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
