import { addDays, BOOKING_FIELDS, formatLocalDate, sameFieldModes, type Availability, type BookingFieldModes } from '@wartefrei/shared';

/*
 * The free times of a type as the patient picks them: by day, then by time. The server writes
 * every time in the practice's wall clock with its offset ('2026-03-30T08:00:00+02:00'), so the
 * local date and hour are read from the text itself: no time zone arithmetic on the phone.
 */

export type FreeSlot = Availability['slots'][number];

/** One button of the time step: a time, and whom it is with when the patient chooses. */
export interface TimeChoice {
  start: string;
  /** Set when the patient picks the processor; otherwise the practice decides. */
  processorId?: string;
  /** The patient data this time asks for. */
  fields: BookingFieldModes;
}

const dateOf = (start: string) => start.slice(0, 10);
const minutesOfDay = (start: string) => Number(start.slice(11, 13)) * 60 + Number(start.slice(14, 16));
const MODE_WEIGHT = { NONE: 0, OPTIONAL: 1, REQUIRED: 2 } as const;

/** The local dates that have a free time, in order. */
export function daysWithTimes(slots: readonly FreeSlot[]): string[] {
  const days: string[] = [];
  for (const slot of slots) if (days.at(-1) !== dateOf(slot.start)) days.push(dateOf(slot.start));
  return days;
}

/**
 * The strictest of several requirements, field by field: where the server may give a time to
 * any of several processors, the form asks what the strictest of their rules asks.
 */
export function strictest(sets: readonly BookingFieldModes[]): BookingFieldModes {
  const result = { ...sets[0]! };
  for (const set of sets.slice(1)) for (const field of BOOKING_FIELDS) if (MODE_WEIGHT[set[field]] > MODE_WEIGHT[result[field]]) result[field] = set[field];
  return result;
}

/**
 * The time buttons of a day. A patient who chooses the processor gets one per time and
 * processor; otherwise one per time, the server giving it to whoever is free.
 */
export function choicesOn(availability: Availability, day: string, chooseProcessor: boolean): TimeChoice[] {
  const fieldsOf = (slot: FreeSlot) => availability.field_sets[slot.fields]!;
  const ofDay = availability.slots.filter((slot) => dateOf(slot.start) === day);
  if (chooseProcessor) return ofDay.map((slot) => ({ start: slot.start, processorId: slot.processor_id, fields: fieldsOf(slot) }));
  const byStart = new Map<string, BookingFieldModes[]>();
  for (const slot of ofDay) byStart.set(slot.start, [...(byStart.get(slot.start) ?? []), fieldsOf(slot)]);
  return [...byStart].map(([start, sets]) => ({ start, fields: strictest(sets) }));
}

/** Morning until 12:00 local, afternoon from then: how the time step groups its buttons. */
export function partOfDay(start: string): 'morning' | 'afternoon' {
  return minutesOfDay(start) < 12 * 60 ? 'morning' : 'afternoon';
}

/** The free times nearest to one just taken, nearest first (earlier first on a tie). */
export function nearestChoices(choices: readonly TimeChoice[], taken: string, count = 3): TimeChoice[] {
  const at = Date.parse(taken);
  return [...choices]
    .filter((choice) => choice.start !== taken)
    .sort((x, y) => Math.abs(Date.parse(x.start) - at) - Math.abs(Date.parse(y.start) - at) || Date.parse(x.start) - Date.parse(y.start))
    .slice(0, count);
}

/** The device's local date as 'YYYY-MM-DD', and a date some days later: the window asked for. */
export function localDatePlus(today: Date, days: number): string {
  return formatLocalDate(addDays({ year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() }, days));
}

/**
 * Two answers of consecutive windows as one: times in order, the field sets renumbered (each
 * answer numbers its own), each processor once.
 */
export function mergeAvailability(first: Availability, second: Availability): Availability {
  const fieldSets = [...first.field_sets];
  const renumbered = second.field_sets.map((set) => {
    const same = fieldSets.findIndex((known) => sameFieldModes(known, set));
    return same >= 0 ? same : fieldSets.push(set) - 1;
  });
  return {
    time_zone: first.time_zone,
    slots: [...first.slots, ...second.slots.map((slot) => ({ ...slot, fields: renumbered[slot.fields]! }))],
    field_sets: fieldSets,
    processors: [...first.processors, ...second.processors.filter((p) => !first.processors.some((known) => known.id === p.id))],
  };
}
