import { nextWeeklyOccurrence, type ScheduleNow } from '@wartefrei/shared';
import { firesOn } from './schedules.jobs.js';
import type { PlannableEntry } from './schedules.repo.js';

const WEEK_MS = 7 * 86_400_000;

/** The entry's last occurrence at or before `now` that fired (holiday rule), if any in the past week and a day. */
function lastFired(planned: PlannableEntry, now: Date): Date | undefined {
  const { weekday, localTime } = planned.entry;
  const { timeZone } = planned.location;
  let last: Date | undefined;
  // A week plus a day back: a weekly occurrence always falls in it, whatever DST did in between.
  for (let next = nextWeeklyOccurrence(new Date(now.getTime() - WEEK_MS - 86_400_000), weekday, localTime, timeZone).at; next.getTime() <= now.getTime();) {
    if (firesOn(planned, next)) last = next;
    next = nextWeeklyOccurrence(next, weekday, localTime, timeZone).at;
  }
  return last;
}

/**
 * Whether a list's weekly schedule has it open at `now`: its latest START or TERMINATE that
 * fired is a START. Computed in each entry's location zone with the server's clock, never the
 * browser's: a new practice's first list set up at 09:00 on a Monday opens today, not at
 * tomorrow's 08:00 (issue 40 §7).
 */
export function scheduleNow(entries: PlannableEntry[], now: Date): ScheduleNow {
  const edges = entries.filter((planned) => planned.entry.event === 'START' || planned.entry.event === 'TERMINATE');
  let latest: { event: string; at: number } | undefined;
  for (const planned of edges) {
    const at = lastFired(planned, now)?.getTime();
    // On a tie (a close and an open at the same minute) the close wins: nothing opens by accident.
    if (at !== undefined && (!latest || at > latest.at || (at === latest.at && planned.entry.event === 'TERMINATE'))) latest = { event: planned.entry.event, at };
  }
  if (latest?.event !== 'START') return { within_hours: false, closes_at_local_time: null };
  const closes = edges
    .filter((planned) => planned.entry.event === 'TERMINATE')
    .map((planned) => ({ planned, at: nextWeeklyOccurrence(now, planned.entry.weekday, planned.entry.localTime, planned.location.timeZone).at }))
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return { within_hours: true, closes_at_local_time: closes?.planned.entry.localTime ?? null };
}
