import { RRuleTemporal } from 'rrule-temporal';
import { formatLocalDate, localDateOf, MAX_SERIES_OCCURRENCES, MAX_SERIES_YEARS, zonedTimeToUtc, zoneOffsetMs, type Recurrence, formatZoned } from '@wartefrei/shared';

/*
 * The occurrences of a series (RFC 5545, through rrule-temporal on the Temporal API: `rrule`
 * has open DST bugs). A series keeps its local time in the location's zone across daylight-saving
 * changes. An occurrence whose local time does not exist that day (02:30 on the spring night) is
 * skipped and not counted, as a monthly one on the 31st skips the shorter months (RFC 5545
 * 3.3.10: such instances "MUST be ignored").
 */

/** 'YYYYMMDDTHHMMSS' of an instant's wall clock in the zone: the DTSTART of a TZID rule. */
function icalLocal(instant: Date, timeZone: string): string {
  return formatZoned(instant, timeZone).slice(0, 19).replace(/[-:]/g, '');
}

/**
 * The starts of a series from its first, or 'TOO_LONG' when it would have more than
 * MAX_SERIES_OCCURRENCES or reach past MAX_SERIES_YEARS after `today` (the location's date) —
 * decided before any of them is looked at for conflicts.
 */
export function seriesStarts(first: Date, timeZone: string, rule: Recurrence, today: string): Date[] | 'TOO_LONG' {
  const horizon = `${String(Number(today.slice(0, 4)) + MAX_SERIES_YEARS)}${today.slice(4)}`;
  if (rule.count !== undefined && rule.count > MAX_SERIES_OCCURRENCES) return 'TOO_LONG';
  if (rule.until !== undefined && rule.until > horizon) return 'TOO_LONG';
  const parts = [`FREQ=${rule.frequency}`, `INTERVAL=${rule.interval ?? 1}`];
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  // A date UNTIL is the whole local day, inclusive (rrule-temporal's non-strict reading of RFC 5545).
  if (rule.until !== undefined) parts.push(`UNTIL=${rule.until.replace(/-/g, '')}`);
  const series = new RRuleTemporal({ rruleString: `DTSTART;TZID=${timeZone}:${icalLocal(first, timeZone)}\nRRULE:${parts.join(';')}` });
  // One more than allowed is enough to know the series is too long.
  const starts = series.all((_, index) => index <= MAX_SERIES_OCCURRENCES).map((zoned) => new Date(zoned.epochMilliseconds));
  if (starts.length > MAX_SERIES_OCCURRENCES) return 'TOO_LONG';
  const last = starts.at(-1);
  if (last && formatLocalDate(localDateOf(last, timeZone)) > horizon) return 'TOO_LONG';
  return starts;
}

/** An instant's wall clock in the zone, as if it were UTC: local times subtract like instants. */
const wallOf = (instant: Date, timeZone: string) => instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone);

/** How far `to` lies from `from` on the zone's wall clock, in minutes (an hour a day across DST is not a shift). */
export function wallClockShiftMinutes(from: Date, to: Date, timeZone: string): number {
  return Math.round((wallOf(to, timeZone) - wallOf(from, timeZone)) / 60_000);
}

/** The instant whose wall clock is `minutes` after that of `instant`: a series moved as a whole keeps its local times. */
export function shiftOnWallClock(instant: Date, minutes: number, timeZone: string): Date {
  const wall = new Date(wallOf(instant, timeZone) + minutes * 60_000);
  const date = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
  return zonedTimeToUtc(date, wall.toISOString().slice(11, 16), timeZone);
}
