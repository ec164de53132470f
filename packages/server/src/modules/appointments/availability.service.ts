import { zonedTimeToUtc, type Availability, type AvailabilityQuery } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isPublicHoliday } from '../profiles/index.js';
import { slotRulesOfProfile } from './appointment-slots.repo.js';
import { findTypeWithLocation } from './appointment-types.repo.js';
import { busyTimes } from './appointments.repo.js';
import { formatZoned, freeTimes } from './availability.js';

const DAY = 86_400_000;
const localDate = (iso: string) => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) });

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
  const rules = await slotRulesOfProfile(ctx.db, type.profileId);
  const from = localDate(query.from);
  const to = localDate(query.to);
  // What is taken in the range, widened by a day each side: a zone's day is never longer.
  const busy = await busyTimes(
    ctx.db,
    [...new Set(rules.map((rule) => rule.processorId))],
    new Date(zonedTimeToUtc(from, '00:00', location.timeZone).getTime() - DAY),
    new Date(zonedTimeToUtc(to, '00:00', location.timeZone).getTime() + 2 * DAY),
  );
  const free = freeTimes({
    timeZone: location.timeZone,
    from,
    to,
    now: ctx.clock.now(),
    type: { id: type.id, durationMinutes: type.durationMinutes },
    rules,
    isHoliday: (date) => isPublicHoliday(location.country, location.region, date),
    busy,
  });
  return {
    time_zone: location.timeZone,
    slots: free.map((slot) => ({ start: formatZoned(slot.start, location.timeZone), end: formatZoned(slot.end, location.timeZone), processor_id: slot.processorId })),
  };
}
