import { addDays, formatLocalDate, isoWeekday, zonedTimeToUtc, zoneOffsetMs, type LocalDate } from '@wartefrei/shared';

/*
 * Free times from rules (docs/product.md#entities Appointment slot), a pure function: the
 * caller brings the rules, the clock, the holidays and what is already taken. Rules are in the
 * location's wall clock; each slot's hours are turned into real instants on their date, and
 * appointments are laid out in real minutes from there. So a morning that loses an hour to the
 * spring change offers an hour less, one that gains an hour in autumn offers an hour more, and
 * every start is an instant that exists (docs/architecture.md#data).
 */

export interface AvailabilityRule {
  kind: 'WEEK' | 'SINGLE' | 'SINGLE_NEGATE';
  weekday: number | null;
  date: string | null;
  startTime: string;
  endTime: string;
  processorId: string;
  appointmentTypeIds: string[];
  minHoursInAdvance: number;
  maxHoursInAdvance: number | null;
}

export interface AvailabilityInput {
  timeZone: string;
  /** Local dates, both inclusive. */
  from: LocalDate;
  to: LocalDate;
  now: Date;
  type: { id: string; durationMinutes: number };
  rules: AvailabilityRule[];
  /** Public holidays ('YYYY-MM-DD'): weekly rules rest, a SINGLE rule of that date still adds time. */
  isHoliday: (localDate: string) => boolean;
  /** Times already taken, per processor, as [start, end) in epoch milliseconds. */
  busy?: ReadonlyMap<string, readonly (readonly [number, number])[]>;
}

export interface FreeTime {
  start: Date;
  end: Date;
  processorId: string;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const forType = (rule: AvailabilityRule, typeId: string) => rule.appointmentTypeIds.length === 0 || rule.appointmentTypeIds.includes(typeId);

/** [a, b) minus every [c, d) of `cuts`, in minutes of the day. */
function subtract(a: number, b: number, cuts: readonly (readonly [number, number])[]): [number, number][] {
  let pieces: [number, number][] = [[a, b]];
  for (const [c, d] of cuts) {
    pieces = pieces.flatMap(([x, y]): [number, number][] => {
      if (d <= x || c >= y) return [[x, y]];
      return [...(c > x ? [[x, c] as [number, number]] : []), ...(d < y ? [[d, y] as [number, number]] : [])];
    });
  }
  return pieces;
}

/** The free times of one appointment type, ordered by start, then processor. */
export function freeTimes(input: AvailabilityInput): FreeTime[] {
  const duration = input.type.durationMinutes * MINUTE;
  const now = input.now.getTime();
  const found = new Map<string, FreeTime>();
  for (let date = input.from; formatLocalDate(date) <= formatLocalDate(input.to); date = addDays(date, 1)) {
    const day = formatLocalDate(date);
    const weekday = isoWeekday(date);
    const holiday = input.isHoliday(day);
    const rules = input.rules.filter((rule) => forType(rule, input.type.id));
    const adding = rules.filter((rule) => (rule.kind === 'WEEK' ? rule.weekday === weekday && !holiday : rule.kind === 'SINGLE' && rule.date === day));
    for (const rule of adding) {
      const cuts = rules
        .filter((cut) => cut.kind === 'SINGLE_NEGATE' && cut.date === day && cut.processorId === rule.processorId)
        .map((cut) => [minutesOf(cut.startTime), minutesOf(cut.endTime)] as const);
      const earliest = now + rule.minHoursInAdvance * HOUR;
      const latest = rule.maxHoursInAdvance === null ? Infinity : now + rule.maxHoursInAdvance * HOUR;
      const busy = input.busy?.get(rule.processorId) ?? [];
      for (const [a, b] of subtract(minutesOf(rule.startTime), minutesOf(rule.endTime), cuts)) {
        const end = zonedTimeToUtc(date, timeOf(b), input.timeZone).getTime();
        for (let start = zonedTimeToUtc(date, timeOf(a), input.timeZone).getTime(); start + duration <= end; start += duration) {
          if (start < earliest || start <= now || start > latest) continue;
          if (busy.some(([s, e]) => s < start + duration && e > start)) continue;
          const key = `${start}|${rule.processorId}`;
          if (!found.has(key)) found.set(key, { start: new Date(start), end: new Date(start + duration), processorId: rule.processorId });
        }
      }
    }
  }
  return [...found.values()].sort((x, y) => x.start.getTime() - y.start.getTime() || x.processorId.localeCompare(y.processorId));
}

/** ISO 8601 with the zone's offset at that instant: '2026-03-30T08:00:00+02:00'. */
export function formatZoned(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMs(instant.getTime(), timeZone);
  const wall = new Date(instant.getTime() + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / MINUTE;
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
