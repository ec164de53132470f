import { describe, expect, it } from 'vitest';
import { bucketFor, localToday, presetRange } from './period';

describe('the period picker’s ranges', () => {
  // Thursday, 26 November 2026.
  const today = '2026-11-26';

  it('each preset as local dates, both inclusive', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('thisWeek', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetRange('last7', today)).toEqual({ from: '2026-11-20', to: today });
    expect(presetRange('last30', today)).toEqual({ from: '2026-10-28', to: today });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('lastMonth', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('today on the practice’s clock, not the browser’s', () => {
    // 23:30 UTC on the 26th is already the 27th in Vienna.
    expect(localToday(new Date('2026-11-26T23:30:00Z'), 'Europe/Vienna')).toBe('2026-11-27');
    expect(localToday(new Date('2026-11-26T23:30:00Z'), 'America/New_York')).toBe('2026-11-26');
  });

  it('hours for a day or two, days up to two months, weeks beyond', () => {
    expect(bucketFor({ from: today, to: today })).toBe('hour');
    expect(bucketFor({ from: '2026-11-25', to: today })).toBe('hour');
    expect(bucketFor({ from: '2026-10-28', to: today })).toBe('day');
    expect(bucketFor({ from: '2026-06-01', to: today })).toBe('week');
  });
});
