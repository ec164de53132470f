import { formatZoned } from '@wartefrei/shared';
import { describe, expect, it } from 'vitest';
import type { Recurrence } from '@wartefrei/shared';
import { seriesStarts, shiftOnWallClock, wallClockShiftMinutes } from './recurrence.js';

const local = (starts: Date[] | 'TOO_LONG', zone: string) => (starts === 'TOO_LONG' ? starts : starts.map((start) => formatZoned(start, zone)));

describe('seriesStarts', () => {
  const cases: [string, string, string, Recurrence, string[] | 'TOO_LONG'][] = [
    [
      'weekly across the spring change keeps 08:00 local (Vienna)',
      'Europe/Vienna',
      '2026-03-23T08:00:00+01:00',
      { frequency: 'WEEKLY', count: 3 },
      ['2026-03-23T08:00:00+01:00', '2026-03-30T08:00:00+02:00', '2026-04-06T08:00:00+02:00'],
    ],
    [
      'weekly across the autumn change keeps 08:00 local (Berlin)',
      'Europe/Berlin',
      '2026-10-19T08:00:00+02:00',
      { frequency: 'WEEKLY', until: '2026-11-02' },
      ['2026-10-19T08:00:00+02:00', '2026-10-26T08:00:00+01:00', '2026-11-02T08:00:00+01:00'],
    ],
    [
      'daily at 02:30 skips the night that has no 02:30, and does not count it (RFC 5545 3.3.10; Zurich)',
      'Europe/Zurich',
      '2026-03-28T02:30:00+01:00',
      { frequency: 'DAILY', count: 3 },
      ['2026-03-28T02:30:00+01:00', '2026-03-30T02:30:00+02:00', '2026-03-31T02:30:00+02:00'],
    ],
    [
      'daily at 02:30 through the doubled hour takes the first of the two (Vienna)',
      'Europe/Vienna',
      '2026-10-24T02:30:00+02:00',
      { frequency: 'DAILY', count: 3 },
      ['2026-10-24T02:30:00+02:00', '2026-10-25T02:30:00+02:00', '2026-10-26T02:30:00+01:00'],
    ],
    [
      'monthly on the 31st skips the shorter months (RFC 5545)',
      'Europe/Vienna',
      '2026-01-31T09:00:00+01:00',
      { frequency: 'MONTHLY', count: 3 },
      ['2026-01-31T09:00:00+01:00', '2026-03-31T09:00:00+02:00', '2026-05-31T09:00:00+02:00'],
    ],
    [
      'every second week until a date, inclusive',
      'Europe/Vienna',
      '2026-03-02T10:00:00+01:00',
      { frequency: 'WEEKLY', interval: 2, until: '2026-03-30' },
      ['2026-03-02T10:00:00+01:00', '2026-03-16T10:00:00+01:00', '2026-03-30T10:00:00+02:00'],
    ],
    ['366 occurrences are allowed, 367 are too many', 'Europe/Vienna', '2026-03-02T10:00:00+01:00', { frequency: 'DAILY', count: 367 }, 'TOO_LONG'],
    ['until past ten years ahead is too long', 'Europe/Vienna', '2026-03-02T10:00:00+01:00', { frequency: 'YEARLY', until: '2036-03-03' }, 'TOO_LONG'],
    ['a daily series until a date with more than 366 days is too long', 'Europe/Vienna', '2026-03-02T10:00:00+01:00', { frequency: 'DAILY', until: '2027-03-05' }, 'TOO_LONG'],
    ['a yearly count that ends past ten years is too long', 'Europe/Vienna', '2026-03-02T10:00:00+01:00', { frequency: 'YEARLY', count: 12 }, 'TOO_LONG'],
  ];
  it.each(cases)('%s', (_name, zone, first, rule, expected) => {
    expect(local(seriesStarts(new Date(first), zone, rule, '2026-03-01'), zone)).toEqual(expected);
  });

  it('allows exactly 366 occurrences and exactly ten years', () => {
    expect(seriesStarts(new Date('2026-03-02T10:00:00+01:00'), 'Europe/Vienna', { frequency: 'DAILY', count: 366 }, '2026-03-01')).toHaveLength(366);
    expect(seriesStarts(new Date('2026-03-01T10:00:00+01:00'), 'Europe/Vienna', { frequency: 'YEARLY', until: '2036-03-01' }, '2026-03-01')).toHaveLength(11);
  });
});

describe('moving a series on the wall clock', () => {
  it('keeps local times across DST: a week’s shift from winter into summer time is 7 × 24 local hours', () => {
    const zone = 'Europe/Vienna';
    const from = new Date('2026-03-23T08:00:00+01:00');
    const to = new Date('2026-03-23T09:30:00+01:00');
    const minutes = wallClockShiftMinutes(from, to, zone);
    expect(minutes).toBe(90);
    expect(formatZoned(shiftOnWallClock(new Date('2026-03-30T08:00:00+02:00'), minutes, zone), zone)).toBe('2026-03-30T09:30:00+02:00');
    expect(wallClockShiftMinutes(new Date('2026-03-28T08:00:00+01:00'), new Date('2026-03-30T08:00:00+02:00'), zone)).toBe(2 * 24 * 60);
  });
});
