import {
  DEFAULT_BOOKING_FIELD_MODES,
  parseLocalDate,
  sameFieldModes,
  zonedTimeToUtc,
  type Availability,
  type AvailabilityQuery,
  type BookingFieldModes,
  type LocalDate,
  formatZoned,
} from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isPublicHoliday } from '../profiles/index.js';
import { slotRulesOfProfile } from './appointment-slots.repo.js';
import { findTypeWithLocation, processorNames, processorOfferRanks, type TypeWithLocation } from './appointment-types.repo.js';
import { busyTimes } from './appointments.repo.js';
import { freeTimes, type AvailabilityInput } from './availability.js';
import { absencesOf } from './vacations.repo.js';

const DAY = 86_400_000;

/**
 * What free times are computed from, for a type between two local dates: the location's rules,
 * who is away (and who stands in), and — unless only the offers are wanted — what is taken.
 * The range is widened by a day each side: a zone's day is never longer.
 */
export async function freeTimeInputs(db: Queryable, found: TypeWithLocation, from: LocalDate, to: LocalDate, withBusy: boolean): Promise<Omit<AvailabilityInput, 'now'>> {
  const { type, location } = found;
  const rules = await slotRulesOfProfile(db, type.profileId);
  const start = new Date(zonedTimeToUtc(from, '00:00', location.timeZone).getTime() - DAY);
  const end = new Date(zonedTimeToUtc(to, '00:00', location.timeZone).getTime() + 2 * DAY);
  const ruled = [...new Set(rules.map((rule) => rule.processorId))];
  const absences = await absencesOf(db, ruled, start, end, location.timeZone);
  const standingIn = absences.flatMap((absence) => (absence.substituteId ? [absence.substituteId] : []));
  return {
    timeZone: location.timeZone,
    from,
    to,
    type: { id: type.id, durationMinutes: type.durationMinutes },
    rules,
    isHoliday: (date) => isPublicHoliday(location.country, location.region, date),
    absences,
    processorRank: await processorOfferRanks(db, [...new Set([...ruled, ...standingIn])]),
    ...(withBusy ? { busy: await busyTimes(db, [...new Set([...ruled, ...standingIn])], start, end) } : {}),
  };
}

/**
 * `GET /appointment-types/{id}/availability`: the free times of a type between two local dates
 * of its location. Without a login it is the patient's view, for a type bookable on the channel
 * (ONLINE by default, KIOSK); staff who see the type's list see every free time.
 */
export async function availabilityOf(ctx: AppContext, actor: Actor | undefined, id: string, query: AvailabilityQuery): Promise<Availability> {
  const found = isUuid(id) ? await findTypeWithLocation(ctx.db, id, actor) : undefined;
  if (!found) throw new AppError(actor ? 'NOT_FOUND' : 'APPOINTMENT_TYPE_NOT_FOUND');
  const { type, location } = found;
  if (!actor) {
    const channel = query.channel ?? 'ONLINE';
    if (channel === 'ONLINE' && !type.bookableOnline) throw new AppError('NOT_BOOKABLE_ONLINE');
    if (channel === 'KIOSK' && !type.bookableKiosk) throw new AppError('NOT_BOOKABLE_AT_KIOSK');
  }
  const inputs = await freeTimeInputs(ctx.db, found, parseLocalDate(query.from), parseLocalDate(query.to), true);
  const free = freeTimes({ ...inputs, now: ctx.clock.now() });
  // Processors share their times: a busy month has some 14,000 free times but under a thousand
  // distinct instants, so each is written once (bench/availability.mjs).
  const written = new Map<number, string>();
  const zoned = (instant: number) => {
    let text = written.get(instant);
    if (text === undefined) {
      text = formatZoned(instant, location.timeZone);
      written.set(instant, text);
    }
    return text;
  };
  // A handful of distinct requirements among thousands of times: each written once, named by index.
  const fieldSets: BookingFieldModes[] = [];
  const indexOf = new Map<BookingFieldModes | undefined, number>();
  const fieldsOf = (modes: BookingFieldModes | undefined) => {
    let index = indexOf.get(modes);
    if (index === undefined) {
      const wanted = modes ?? DEFAULT_BOOKING_FIELD_MODES;
      index = fieldSets.findIndex((set) => sameFieldModes(set, wanted));
      if (index < 0) index = fieldSets.push(wanted) - 1;
      indexOf.set(modes, index);
    }
    return index;
  };
  const slots = free.map((slot) => ({ start: zoned(slot.start), end: zoned(slot.end), processor_id: slot.processorId, fields: fieldsOf(slot.requiredFields) }));
  return {
    time_zone: location.timeZone,
    slots,
    field_sets: fieldSets,
    processors: await processorNames(ctx.db, [...new Set(free.map((slot) => slot.processorId))]),
  };
}
