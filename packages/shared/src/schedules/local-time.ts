/**
 * Wall-clock time in an IANA time zone ↔ UTC instants, with Intl only (no date library).
 *
 * Daylight-saving rules:
 * - A local time that does not exist (spring forward, e.g. 02:30 on 29 March 2026 in Vienna) is
 *   shifted forward by the gap: 02:30 becomes 03:30 summer time — the schedule still fires that
 *   day, as late as the clocks forced it.
 * - A local time that happens twice (fall back, e.g. 02:30 on 25 October 2026 in Vienna) is the
 *   first of the two (summer time): an entry fires once, at the earlier instant.
 */

/** A calendar date without a zone. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The date of 'YYYY-MM-DD' (checked elsewhere: isCalendarDate). */
export function parseLocalDate(value: string): LocalDate {
  return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)), day: Number(value.slice(8, 10)) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

const QUARTER_HOUR_MS = 15 * 60_000;
const offsetsByZone = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at an instant, in milliseconds (Vienna in winter: +3 600 000).
 * Offsets change only on a quarter hour in every zone in use, so the answer is remembered per
 * quarter hour: Intl is the slow part, and a month of appointment times asks the same few
 * thousand quarters tens of thousands of times (bench/availability.mjs).
 */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  const known = offsets.get(quarter);
  if (known !== undefined) return known;
  const w = wallClock(quarter, timeZone);
  const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - quarter;
  if (offsets.size >= 100_000) offsets.clear();
  offsets.set(quarter, offset);
  return offset;
}

/** The calendar date an instant falls on in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant.getTime(), timeZone);
  return { year, month, day };
}

/** 'YYYY-MM-DD' of a local date. */
export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The date `days` after (or before) a local date. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday of a local date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Parses 'HH:MM' (00:00–23:59) into hours and minutes. */
export function parseLocalTime(value: string): { hour: number; minute: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw new Error(`not a local time: ${value}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

const DAY_MS = 86_400_000;

/**
 * The UTC instant of a wall-clock time on a date in a zone; a missing time (spring forward) is
 * shifted forward by the gap, a doubled one (fall back) is the first — see the file comment.
 */
export function zonedTimeToUtc(date: LocalDate, localTime: string, timeZone: string): Date {
  const { hour, minute } = parseLocalTime(localTime);
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // Offsets a day before and after cover both sides of any transition near this date.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => wall - zoneOffsetMs(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  // No valid candidate: the time fell into the gap; the offset before the jump moves it forward.
  return new Date(valid[0] ?? wall - before);
}

/**
 * The first instant strictly after `after` at which an entry for ISO `weekday` at `localTime`
 * occurs in `timeZone`, and the local date it falls on.
 */
export function nextWeeklyOccurrence(after: Date, weekday: number, localTime: string, timeZone: string): { at: Date; date: LocalDate } {
  const start = localDateOf(after, timeZone);
  // Day 0 may already be past; 8 days always contain the next matching weekday after it.
  for (let offset = 0; offset <= 8; offset++) {
    const date = addDays(start, offset);
    if (isoWeekday(date) !== weekday) continue;
    const at = zonedTimeToUtc(date, localTime, timeZone);
    if (at.getTime() > after.getTime()) return { at, date };
  }
  throw new Error('unreachable: a weekday recurs within 8 days');
}

/** ISO 8601 with the zone's offset at that instant: '2026-03-30T08:00:00+02:00'. */
export function formatZoned(instant: Date | number, timeZone: string): string {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const offset = zoneOffsetMs(at, timeZone);
  const wall = new Date(at + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
