import { AFTERNOON_FROM_HOUR, formatLocalDate, formatZoned, isoWeekday, localDateOf, type EarlierTime } from '@wartefrei/shared';
import type { FreedTimeFit } from './offers.repo.js';

/** A time's local date, ISO weekday and part of the day (AFTERNOON from 12:00 local) in the location's zone. */
export function fitOf(start: Date, timeZone: string): FreedTimeFit {
  const date = localDateOf(start, timeZone);
  const hour = Number(formatZoned(start, timeZone).slice(11, 13));
  return { localDate: formatLocalDate(date), weekday: isoWeekday(date), part: hour < AFTERNOON_FROM_HOUR ? 'MORNING' : 'AFTERNOON' };
}

/** Whether a wish takes a time: on or after its "not before", and on one of its times (none named: any). */
export function wishTakes(wish: { earlierNotBefore: string | null; earlierTimes: EarlierTime[] }, fit: FreedTimeFit): boolean {
  if (wish.earlierNotBefore !== null && wish.earlierNotBefore > fit.localDate) return false;
  return wish.earlierTimes.length === 0 || wish.earlierTimes.some((time) => time.weekday === fit.weekday && time.part === fit.part);
}
