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

/** The processors' names in the order the answer lists them (processorNames), for those who may offer times. */
type ProcessorNames = { id: string; name: string }[];

/**
 * What free times are computed from, for a type between two local dates: the location's rules,
 * who is away (and who stands in), and — unless only the offers are wanted — what is taken.
 * The range is widened by a day each side: a zone's day is never longer. After the rules, the
 * rest is asked side by side (a month's answer waited on six queries in a row before); those
 * standing in are asked about only when someone is away.
 */
async function gatherInputs(
  db: Queryable,
  found: TypeWithLocation,
  from: LocalDate,
  to: LocalDate,
  withBusy: boolean,
  withNames: boolean,
  sideBySide: boolean,
): Promise<{ inputs: Omit<AvailabilityInput, 'now'>; names: ProcessorNames }> {
  const { type, location } = found;
  const rules = await slotRulesOfProfile(db, type.profileId);
  const start = new Date(zonedTimeToUtc(from, '00:00', location.timeZone).getTime() - DAY);
  const end = new Date(zonedTimeToUtc(to, '00:00', location.timeZone).getTime() + 2 * DAY);
  const ruled = [...new Set(rules.map((rule) => rule.processorId))];
  // Side by side on the pool; one after another on a transaction's one connection (pg would queue them, with a warning).
  const both = async <A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> => (sideBySide ? Promise.all([a(), b()]) : [await a(), await b()]);
  const about = (ids: string[]) =>
    both(
      () => processorOfferRanks(db, ids),
      () =>
        both(
          async () => (withBusy ? busyTimes(db, ids, start, end) : undefined),
          async () => (withNames ? processorNames(db, ids) : []),
        ),
    );
  const [absences, [processorRank, [busy, ruledNames]]] = await both(
    () => absencesOf(db, ruled, start, end, location.timeZone),
    () => about(ruled),
  );
  let names = ruledNames;
  const standingIn = [...new Set(absences.flatMap((absence) => (absence.substituteId ? [absence.substituteId] : [])))].filter((id) => !ruled.includes(id));
  if (standingIn.length > 0) {
    const [ranks, [theirBusy]] = await about(standingIn);
    for (const [id, rank] of ranks) processorRank.set(id, rank);
    for (const [id, times] of theirBusy ?? []) busy?.set(id, times);
    if (withNames) names = await processorNames(db, [...ruled, ...standingIn]);
  }
  return {
    inputs: {
      timeZone: location.timeZone,
      from,
      to,
      type: { id: type.id, durationMinutes: type.durationMinutes },
      rules,
      isHoliday: (date) => isPublicHoliday(location.country, location.region, date),
      absences,
      processorRank,
      ...(busy ? { busy } : {}),
    },
    names,
  };
}

/** What free times are computed from (gatherInputs), for the offers and the booking's checks (often in a transaction). */
export async function freeTimeInputs(db: Queryable, found: TypeWithLocation, from: LocalDate, to: LocalDate, withBusy: boolean): Promise<Omit<AvailabilityInput, 'now'>> {
  return (await gatherInputs(db, found, from, to, withBusy, false, false)).inputs;
}

/**
 * `GET /appointment-types/{id}/availability`: the free times of a type between two local dates
 * of its location. Without a login it is the patient's view, for a type bookable on the channel
 * (ONLINE by default, KIOSK); staff who see the type's list see every free time.
 */
export async function availabilityOf(ctx: AppContext, actor: Actor | undefined, id: string, query: AvailabilityQuery): Promise<Availability> {
  return (await availabilityInAccount(ctx, actor, id, query)).availability;
}

/** availabilityOf, with the account the type belongs to (availability.cache.ts keys on its live topic). */
export async function availabilityInAccount(
  ctx: AppContext,
  actor: Actor | undefined,
  id: string,
  query: AvailabilityQuery,
): Promise<{ availability: Availability; accountId: string }> {
  const found = isUuid(id) ? await findTypeWithLocation(ctx.db, id, actor) : undefined;
  if (!found) throw new AppError(actor ? 'NOT_FOUND' : 'APPOINTMENT_TYPE_NOT_FOUND');
  const { type, location } = found;
  if (!actor) {
    const channel = query.channel ?? 'ONLINE';
    if (channel === 'ONLINE' && !type.bookableOnline) throw new AppError('NOT_BOOKABLE_ONLINE');
    if (channel === 'KIOSK' && !type.bookableKiosk) throw new AppError('NOT_BOOKABLE_AT_KIOSK');
  }
  const { inputs, names } = await gatherInputs(ctx.db, found, parseLocalDate(query.from), parseLocalDate(query.to), true, true, true);
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
  const offering = new Set<string>();
  const slots = free.map((slot) => {
    offering.add(slot.processorId);
    return { start: zoned(slot.start), end: zoned(slot.end), processor_id: slot.processorId, fields: fieldsOf(slot.requiredFields) };
  });
  const availability = { time_zone: location.timeZone, slots, field_sets: fieldSets, processors: names.filter((processor) => offering.has(processor.id)) };
  return { availability, accountId: type.accountId };
}
