import { addDays, formatZoned, localDateOf, zonedTimeToUtc } from '@wartefrei/shared';

/*
 * Quiet hours of a location (docs/product.md#wishes-and-offers): no offer of an earlier time is
 * sent between `start` and `end`, local wall-clock times of the location; over midnight when
 * end < start (20:00–08:00), within one day when start < end, none at all when start = end.
 * Pure, so the change days of daylight saving time are tested without a database.
 */

export interface QuietHours {
  start: string;
  end: string;
}

/** 'HH:MM' of an instant in a zone (formatZoned's wall clock, which is right on change days too). */
function wallTimeOf(instant: Date, timeZone: string): string {
  return formatZoned(instant, timeZone).slice(11, 16);
}

/**
 * When the quiet hours around `now` end, or undefined when `now` is not quiet: the instant of
 * `end` on the local date it next falls on (today, or tomorrow when the night has just begun).
 */
export function quietUntil(now: Date, timeZone: string, quiet: QuietHours): Date | undefined {
  if (quiet.start === quiet.end) return undefined;
  const time = wallTimeOf(now, timeZone);
  const today = localDateOf(now, timeZone);
  const overMidnight = quiet.end < quiet.start;
  if (overMidnight) {
    if (time >= quiet.start) return zonedTimeToUtc(addDays(today, 1), quiet.end, timeZone);
    if (time < quiet.end) return zonedTimeToUtc(today, quiet.end, timeZone);
    return undefined;
  }
  return time >= quiet.start && time < quiet.end ? zonedTimeToUtc(today, quiet.end, timeZone) : undefined;
}
