import { describe, expect, it } from 'vitest';
import { formatMoment, formatSpan, localDateIn, minutesLeft } from './offer-format';

describe('an offer’s times, in the location’s zone and the patient’s language', () => {
  it('takes the date where the location is, not where the phone is', () => {
    // 23:30 UTC on 6 December is already the 7th in Vienna.
    expect(localDateIn('2026-12-06T23:30:00Z', 'Europe/Vienna')).toBe('2026-12-07');
    expect(localDateIn('2026-12-07T08:30:00+01:00', 'Europe/Vienna')).toBe('2026-12-07');
  });

  it('says weekday, date and time span', () => {
    expect(formatSpan('2026-12-07T08:30:00+01:00', '2026-12-07T08:45:00+01:00', 'Europe/Vienna', 'de')).toBe('Montag, 7. Dezember 2026, 08:30–08:45');
    expect(formatSpan('2026-12-07T07:30:00Z', '2026-12-07T07:45:00Z', 'Europe/Vienna', 'en')).toMatch(/^Monday, December 7, 2026, 08:30\sAM–08:45\sAM$/);
    expect(formatMoment('2026-12-07T13:05:00+01:00', 'Europe/Vienna', 'de')).toBe('Montag, 7. Dezember 2026, 13:05');
  });

  it('counts the minutes left up, and none once over', () => {
    const expires = '2026-12-07T08:30:00Z';
    const at = (iso: string) => new Date(iso).getTime();
    expect(minutesLeft(expires, at('2026-12-07T08:00:00Z'))).toBe(30);
    expect(minutesLeft(expires, at('2026-12-07T08:29:50Z'))).toBe(1);
    expect(minutesLeft(expires, at('2026-12-07T08:30:00Z'))).toBe(0);
    expect(minutesLeft(expires, at('2026-12-07T09:00:00Z'))).toBe(0);
  });
});
