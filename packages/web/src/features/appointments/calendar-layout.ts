import { addDays, formatLocalDate, formatZoned, isoWeekday, parseLocalDate, zonedTimeToUtc, type AppointmentSlot, type Vacation } from '@wartefrei/shared';

/*
 * Where things sit in the staff calendar, as pure functions. The server writes every time in the
 * location's wall clock with its offset ('2026-03-29T08:00:00+02:00'), so a time's row is read
 * from the text itself: 08:00 is at the same height on both sides of a daylight-saving change,
 * whatever zone the assistant's computer is in. Heights are minutes of the local day.
 */

export type CalendarView = 'day' | 'week';
export const DAY_MINUTES = 24 * 60;

/** A stretch of one local day, in minutes from midnight. */
export interface Interval {
  from: number;
  to: number;
}

export interface Timed {
  id: string;
  start: string;
  end: string;
}

/** An appointment laid out in its column: `lane` of `lanes` side by side where times overlap. */
export interface Placed extends Interval {
  id: string;
  lane: number;
  lanes: number;
}

export const dateOf = (zoned: string): string => zoned.slice(0, 10);
export const wallMinutes = (zoned: string): number => Number(zoned.slice(11, 13)) * 60 + Number(zoned.slice(14, 16));
export const minutesOf = (time: string): number => (time === '24:00' ? DAY_MINUTES : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
export const timeOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The part of a timed thing that falls on `date` (one running past midnight ends there at 24:00). */
export function intervalOn(item: { start: string; end: string }, date: string): Interval | undefined {
  if (dateOf(item.start) > date || dateOf(item.end) < date) return undefined;
  const from = dateOf(item.start) === date ? wallMinutes(item.start) : 0;
  const to = dateOf(item.end) === date ? wallMinutes(item.end) : DAY_MINUTES;
  return to > from ? { from, to } : undefined;
}

/**
 * Side by side only what really overlaps: one appointment ending at 09:00 and the next starting
 * at 09:00 each keep the full width. Overlapping ones (a cancelled one shown beside the booking
 * that took its time) share the column in lanes, each group of overlaps on its own.
 */
export function layoutColumn(items: readonly Timed[], date: string): Placed[] {
  const timed = items
    .map((item) => ({ id: item.id, ...intervalOn(item, date) }))
    .filter((item): item is Timed & Interval => item.from !== undefined)
    .sort((a, b) => a.from - b.from || b.to - a.to || a.id.localeCompare(b.id));
  const placed: Placed[] = [];
  let group: Placed[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) p.lanes = lanes;
    group = [];
  };
  for (const item of timed) {
    if (item.from >= groupEnd) closeGroup();
    const laneEnds: number[] = [];
    for (const p of group) laneEnds[p.lane] = Math.max(laneEnds[p.lane] ?? 0, p.to);
    let lane = 0;
    while (laneEnds[lane] !== undefined && laneEnds[lane]! > item.from) lane += 1;
    const p = { id: item.id, from: item.from, to: item.to, lane, lanes: 1 };
    group.push(p);
    placed.push(p);
    groupEnd = Math.max(groupEnd, item.to);
  }
  closeGroup();
  return placed;
}

/** The days a view shows: the day, or Monday to Sunday of its week. */
export function daysOf(view: CalendarView, date: string): string[] {
  if (view === 'day') return [date];
  const day = parseLocalDate(date);
  const monday = addDays(day, 1 - isoWeekday(day));
  return Array.from({ length: 7 }, (_, i) => formatLocalDate(addDays(monday, i)));
}

/** The date one step back or on: a day in the day view, a week in the week view. */
export function stepDate(view: CalendarView, date: string, direction: -1 | 1): string {
  return formatLocalDate(addDays(parseLocalDate(date), direction * (view === 'day' ? 1 : 7)));
}

function subtract(intervals: Interval[], cut: Interval): Interval[] {
  return intervals.flatMap((i) => {
    if (cut.to <= i.from || cut.from >= i.to) return [i];
    return [...(cut.from > i.from ? [{ from: i.from, to: cut.from }] : []), ...(cut.to < i.to ? [{ from: cut.to, to: i.to }] : [])];
  });
}

function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged.at(-1);
    if (last && i.from <= last.to) last.to = Math.max(last.to, i.to);
    else merged.push({ ...i });
  }
  return merged;
}

/** A processor's bookable hours on a date, from the slots: weekly ones and single extra dates, less single removed ones. */
export function workingTime(slots: readonly AppointmentSlot[], processorId: string, date: string): Interval[] {
  const weekday = isoWeekday(parseLocalDate(date));
  const own = slots.filter((slot) => slot.processor_id === processorId);
  const adds = own
    .filter((slot) => (slot.kind === 'WEEK' && slot.weekday === weekday) || (slot.kind === 'SINGLE' && slot.date === date))
    .map((slot) => ({ from: minutesOf(slot.start_time), to: minutesOf(slot.end_time) }));
  const cuts = own.filter((slot) => slot.kind === 'SINGLE_NEGATE' && slot.date === date).map((slot) => ({ from: minutesOf(slot.start_time), to: minutesOf(slot.end_time) }));
  return cuts.reduce(subtract, merge(adds));
}

/** Where a processor is away on a date (whole days are local dates; other vacations instants, read in the location's zone). */
export function awayTime(vacations: readonly Vacation[], processorId: string, date: string, timeZone: string): Interval[] {
  const away = vacations.filter((vacation) => vacation.absent_processor_id === processorId);
  return merge(
    away.flatMap((vacation) => {
      if (vacation.whole_days) return vacation.start <= date && date <= vacation.end ? [{ from: 0, to: DAY_MINUTES }] : [];
      const during = intervalOn({ start: formatZoned(new Date(vacation.start), timeZone), end: formatZoned(new Date(vacation.end), timeZone) }, date);
      return during ? [during] : [];
    }),
  );
}

/** The hours the grid shows: 07:00 to 19:00, widened to whole hours around anything outside them. */
export function visibleHours(intervals: readonly Interval[]): Interval {
  let from = 7 * 60;
  let to = 19 * 60;
  for (const i of intervals) {
    if (i.to - i.from >= DAY_MINUTES) continue;
    from = Math.min(from, Math.floor(i.from / 60) * 60);
    to = Math.max(to, Math.ceil(i.to / 60) * 60);
  }
  return { from, to };
}

/** The instant of a wall-clock time on a date in the location's zone, written with its offset (a time in the spring gap moves on by the gap). */
export function zonedStart(date: string, minutes: number, timeZone: string): string {
  return formatZoned(zonedTimeToUtc(parseLocalDate(date), timeOf(minutes), timeZone), timeZone);
}

/** Today's date and the minute of the day in the location's zone: the "now" line. */
export function nowIn(now: Date, timeZone: string): { date: string; minutes: number } {
  const zoned = formatZoned(now, timeZone);
  return { date: dateOf(zoned), minutes: wallMinutes(zoned) };
}

/** Snaps minutes to a step (5 for a drag, 15 for a click into free time). */
export const snap = (minutes: number, step: number): number => Math.round(minutes / step) * step;
