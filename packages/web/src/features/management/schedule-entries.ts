import type { ScheduleEntry } from '@wartefrei/shared';

/** Weekdays as the API numbers them: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The query key of a queue's weekly schedule. */
/**
 * The entries of each weekday (1…7, every day present, even without entries), by time of day.
 * 'HH:MM' sorts as text; the server answers sorted already, but a save's answer is merged here too.
 */
export function entriesByWeekday(entries: readonly ScheduleEntry[]): Map<number, ScheduleEntry[]> {
  const days = new Map<number, ScheduleEntry[]>(WEEKDAYS.map((day) => [day, []]));
  for (const entry of entries) days.get(entry.weekday)?.push(entry);
  for (const list of days.values()) list.sort((a, b) => a.local_time.localeCompare(b.local_time) || a.event.localeCompare(b.event));
  return days;
}

/** A weekday's name in the given language, from a fixed Monday (2024-01-01) so no time zone can shift it. */
export function weekdayName(weekday: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}
