import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.js';

/** Quiet hours in the location's wall clock (docs/product.md#wishes-and-offers), across a change of daylight saving time. */
describe('quietUntil', () => {
  const vienna = 'Europe/Vienna';
  const night = { start: '20:00', end: '08:00' };
  const at = (iso: string) => quietUntil(new Date(iso), vienna, night)?.toISOString();

  it('over midnight: quiet from the start to the next morning, not during the day', () => {
    expect(at('2026-03-27T19:59:00+01:00')).toBeUndefined();
    expect(at('2026-03-27T20:00:00+01:00')).toBe('2026-03-28T07:00:00.000Z');
    expect(at('2026-03-28T03:00:00+01:00')).toBe('2026-03-28T07:00:00.000Z');
    expect(at('2026-03-28T08:00:00+01:00')).toBeUndefined();
  });

  it('the night of the spring change is an hour shorter: the morning is 08:00 summer time', () => {
    expect(at('2026-03-28T23:00:00+01:00')).toBe('2026-03-29T06:00:00.000Z');
    expect(at('2026-03-29T01:30:00+01:00')).toBe('2026-03-29T06:00:00.000Z');
    expect(at('2026-03-29T03:30:00+02:00')).toBe('2026-03-29T06:00:00.000Z');
    expect(at('2026-03-29T08:00:00+02:00')).toBeUndefined();
  });

  it('the night of the autumn change is an hour longer', () => {
    expect(at('2026-10-24T21:00:00+02:00')).toBe('2026-10-25T07:00:00.000Z');
    expect(at('2026-10-25T02:30:00+01:00')).toBe('2026-10-25T07:00:00.000Z');
  });

  it('within a day (start < end), and none at all when start = end', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(quietUntil(new Date('2026-03-30T12:15:00+02:00'), vienna, lunch)?.toISOString()).toBe('2026-03-30T11:30:00.000Z');
    expect(quietUntil(new Date('2026-03-30T13:30:00+02:00'), vienna, lunch)).toBeUndefined();
    expect(quietUntil(new Date('2026-03-30T03:00:00+02:00'), vienna, { start: '00:00', end: '00:00' })).toBeUndefined();
  });
});
