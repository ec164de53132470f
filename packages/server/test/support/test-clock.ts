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
