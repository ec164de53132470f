import { formatLocalDate, localDateOf } from '@wartefrei/shared';
import type { Clock } from '../../src/platform/clock.js';

/** A clock tests move by hand: token expiry and rate-limit windows without sleeping. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
}

/** Moves the test clock to an instant (forwards or backwards). */
export function setNow(clock: TestClock, at: Date | string): void {
  clock.advanceSeconds((new Date(at).getTime() - clock.now().getTime()) / 1000);
}

/**
 * The date `daysBack` days before the clock's day in a location's zone (the default's,
 * Europe/Vienna), as 'YYYY-MM-DD': what reports and calendars mean by a day. The UTC date is
 * another day for an hour or two each night, and tests that used it failed then.
 */
export function localDay(clock: Clock, daysBack = 0, timeZone = 'Europe/Vienna'): string {
  return formatLocalDate(localDateOf(new Date(clock.now().getTime() - daysBack * 86_400_000), timeZone));
}
