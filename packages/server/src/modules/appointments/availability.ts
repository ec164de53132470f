import type { BookingFieldModes } from '@wartefrei/shared';
import { addDays, formatLocalDate, isoWeekday, zonedTimeToUtc, type LocalDate } from '@wartefrei/shared';

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
  /** The patient data a booking in this rule asks for (booking only; free times ignore it). */
  requiredFields?: BookingFieldModes;
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
  /** Processors away: their offers vanish, or go to the substitute. */
  absences?: readonly Absence[];
  /** Where several processors offer one time, who comes first (0 first; docs/product.md#processor-settings). */
  processorRank?: ReadonlyMap<string, number>;
}

/** A processor away over [start, end) in epoch milliseconds; with a substitute, who stands in. */
export interface Absence {
  processorId: string;
  start: number;
  end: number;
  substituteId: string | null;
}

/**
 * Who offers a time the rules give `processorId`: they, or while they are away their substitute
 * (unless the substitute is away too), or nobody.
 */
function offeredBy(absences: readonly Absence[] | undefined, processorId: string, start: number, end: number): string | undefined {
  // Called for every offer of a month (some 17,000): no closures, and nothing to do when nobody is away.
  if (!absences || absences.length === 0) return processorId;
  const absence = awayAt(absences, processorId, start, end);
  if (!absence) return processorId;
  if (absence.substituteId && !awayAt(absences, absence.substituteId, start, end)) return absence.substituteId;
  return undefined;
}

function awayAt(absences: readonly Absence[], processorId: string, start: number, end: number): Absence | undefined {
  for (const absence of absences) if (absence.processorId === processorId && absence.start < end && absence.end > start) return absence;
  return undefined;
}

/** A time of a processor, [start, end) in epoch milliseconds: numbers, not Dates, as a month holds thousands. */
interface ProcessorTime {
  start: number;
  end: number;
  processorId: string;
}

/** A time to book, and what a patient booking it must give (its rule's required fields). */
export interface FreeTime extends ProcessorTime {
  requiredFields?: BookingFieldModes | undefined;
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

/** A time the rules offer, before "now", the booking window and what is taken are looked at. */
export interface OfferedTime extends ProcessorTime {
  rule: AvailabilityRule;
}

/** Why an offered time cannot be booked now: gone, too soon, or too far ahead (docs/product.md#validation-rules). */
export type WindowProblem = 'IN_PAST' | 'TOO_SHORT_NOTICE' | 'TOO_FAR_AHEAD';

export function windowProblem(offered: OfferedTime, now: Date): WindowProblem | undefined {
  const { start, rule } = offered;
  const at = now.getTime();
  if (start <= at) return 'IN_PAST';
  if (start < at + rule.minHoursInAdvance * HOUR) return 'TOO_SHORT_NOTICE';
  if (rule.maxHoursInAdvance !== null && start > at + rule.maxHoursInAdvance * HOUR) return 'TOO_FAR_AHEAD';
  return undefined;
}

/**
 * Whether [start, end) meets any of the taken times, which are one processor's and so never
 * overlap each other (the exclusion constraint): sorted by start, their ends are sorted too, and
 * the first that ends after `start` is the only one to look at — a binary search, not a scan of
 * a hundred bookings for each of thousands of offers (bench/availability.mjs).
 */
export function overlapsBusy(sortedBusy: readonly (readonly [number, number])[] | undefined, start: number, end: number): boolean {
  if (!sortedBusy || sortedBusy.length === 0) return false;
  let low = 0;
  let high = sortedBusy.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sortedBusy[middle]![1] > start) high = middle;
    else low = middle + 1;
  }
  const first = sortedBusy[low];
  return first !== undefined && first[0] < end;
}

/**
 * Every time the rules offer for the type, one per rule (so possibly twice where two rules of
 * a processor overlap), in date order, under the substitute while the processor is away: the
 * source both of the free times and of a booking's reason for refusal.
 */
export function offeredTimes(input: Omit<AvailabilityInput, 'now' | 'busy'>): OfferedTime[] {
  const offered: OfferedTime[] = [];
  for (const day of offeredDays(input)) for (const time of day) offered.push(time);
  return offered;
}

/**
 * The offered times day by day of the location: a rule's hours lie within its local day, so
 * every time of a day starts before any of the next, and sorting each day alone orders all.
 */
function* offeredDays(input: Omit<AvailabilityInput, 'now' | 'busy'>): Generator<OfferedTime[]> {
  const duration = input.type.durationMinutes * MINUTE;
  const rules = input.rules.filter((rule) => forType(rule, input.type.id));
  // The rules by what they apply to, looked up per day rather than filtered per day and rule.
  const weekly = new Map<number, AvailabilityRule[]>();
  const single = new Map<string, AvailabilityRule[]>();
  const cutsOf = new Map<string, (readonly [number, number])[]>();
  for (const rule of rules) {
    if (rule.kind === 'WEEK') weekly.set(rule.weekday ?? 0, [...(weekly.get(rule.weekday ?? 0) ?? []), rule]);
    else if (rule.kind === 'SINGLE') single.set(rule.date ?? '', [...(single.get(rule.date ?? '') ?? []), rule]);
    else {
      const key = `${rule.date ?? ''}|${rule.processorId}`;
      cutsOf.set(key, [...(cutsOf.get(key) ?? []), [minutesOf(rule.startTime), minutesOf(rule.endTime)] as const]);
    }
  }
  const last = formatLocalDate(input.to);
  for (let date = input.from, day = formatLocalDate(date); day <= last; date = addDays(date, 1), day = formatLocalDate(date)) {
    const adding = [...(input.isHoliday(day) ? [] : (weekly.get(isoWeekday(date)) ?? [])), ...(single.get(day) ?? [])];
    const offered: OfferedTime[] = [];
    // Twenty processors mostly share their hours: each wall-clock time of the day is turned into an instant once.
    const instants = new Map<number, number>();
    const instantOf = (minutes: number) => {
      let instant = instants.get(minutes);
      if (instant === undefined) {
        instant = zonedTimeToUtc(date, timeOf(minutes), input.timeZone).getTime();
        instants.set(minutes, instant);
      }
      return instant;
    };
    for (const rule of adding) {
      const cuts = cutsOf.get(`${day}|${rule.processorId}`) ?? [];
      for (const [a, b] of subtract(minutesOf(rule.startTime), minutesOf(rule.endTime), cuts)) {
        const end = instantOf(b);
        for (let start = instantOf(a); start + duration <= end; start += duration) {
          const processorId = offeredBy(input.absences, rule.processorId, start, start + duration);
          if (processorId) offered.push({ start, end: start + duration, processorId, rule });
        }
      }
    }
    if (offered.length > 0) yield offered;
  }
}

/**
 * Where several processors offer one time, their order: by rank, then id (plain comparison,
 * not localeCompare: the order only has to be stable), worked out once per processor as a
 * number, so that sorting a month's some 17,000 times compares numbers only (bench/availability.mjs).
 */
function processorOrder(days: readonly (readonly OfferedTime[])[], rank: ReadonlyMap<string, number> | undefined): Map<string, number> {
  const ids = new Set<string>();
  for (const day of days) for (const offered of day) ids.add(offered.processorId);
  const rankOf = (id: string) => rank?.get(id) ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...ids].sort((x, y) => rankOf(x) - rankOf(y) || (x < y ? -1 : x > y ? 1 : 0));
  return new Map(sorted.map((id, index) => [id, index]));
}

/** The free times of one appointment type, ordered by start, then processor (by rank, then id). */
export function freeTimes(input: AvailabilityInput): FreeTime[] {
  const busy = new Map([...(input.busy ?? new Map<string, readonly (readonly [number, number])[]>())].map(([id, times]) => [id, [...times].sort((a, b) => a[0] - b[0])]));
  const days = [...offeredDays(input)].map((day) =>
    day.filter((offered) => !windowProblem(offered, input.now) && !overlapsBusy(busy.get(offered.processorId), offered.start, offered.end)),
  );
  const order = processorOrder(days, input.processorRank);
  const free: FreeTime[] = [];
  for (const open of days) {
    // Sorted a day at a time (see offeredDays), each time's processor order read once. The sort
    // is stable, so where two rules of a processor offer the same time the first is kept.
    const keyed = open.map((offered) => ({ offered, order: order.get(offered.processorId) ?? 0 }));
    keyed.sort((x, y) => x.offered.start - y.offered.start || x.order - y.order);
    let previous: FreeTime | undefined;
    for (const { offered } of keyed) {
      if (previous && previous.start === offered.start && previous.processorId === offered.processorId) continue;
      previous = { start: offered.start, end: offered.end, processorId: offered.processorId, requiredFields: offered.rule.requiredFields };
      free.push(previous);
    }
  }
  return free;
}
