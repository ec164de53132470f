import { DAY_PARTS, type Appointment, type AppointmentType, type DayPart, type EarlierTime, type EarlierWish, type EarlierWishInput } from '@wartefrei/shared';
import type { TFunction } from 'i18next';

/*
 * The patient's wish for an earlier time as staff see and set it (docs/product.md#earlier-appointments):
 * the words of the wish, the weekday × part-of-day ticks ↔ `times`, and why a wish cannot be set.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One tick of the grid, as the form keeps it ('1:MORNING'). */
export const timeKey = (weekday: number, part: DayPart) => `${weekday}:${part}`;

/** The ticks of a stored wish (none: any time suits). */
export function ticksOf(wish: EarlierWish | null): Set<string> {
  return new Set((wish?.times ?? []).map((time) => timeKey(time.weekday, time.part)));
}

/** The ticks as the API takes them, Monday morning first. */
export function timesOf(ticks: ReadonlySet<string>): EarlierTime[] {
  return WEEKDAYS.flatMap((weekday) => DAY_PARTS.filter((part) => ticks.has(timeKey(weekday, part))).map((part) => ({ weekday, part })));
}

/** `PUT /appointments/{id}/earlier`: an empty date is none, no ticks are any time. */
export function wishInputOf(notBefore: string, ticks: ReadonlySet<string>): NonNullable<EarlierWishInput> {
  return { not_before: notBefore.trim() === '' ? null : notBefore, times: timesOf(ticks) };
}

/**
 * "Möchte früher kommen – seit 28.11.2026, nicht vor 03.12.2026, Mo Vormittag, Di Nachmittag":
 * since when (the day in the location's zone), from which day, and what suits.
 */
export function wishSummary(wish: EarlierWish, t: TFunction, lang: string, timeZone: string): string {
  const date = (value: Date, zone: string) => new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }).format(value);
  const parts = [t('appointments:earlier.summary', { since: date(new Date(wish.since), timeZone) })];
  // A local calendar date: read at noon UTC, so no zone moves it to another day.
  if (wish.not_before) parts.push(t('appointments:earlier.notBefore', { date: date(new Date(`${wish.not_before}T12:00:00Z`), 'UTC') }));
  if (wish.times.length === 0) parts.push(t('appointments:earlier.anyTime'));
  for (const time of timesOf(ticksOf(wish))) {
    parts.push(t('appointments:earlier.slot', { weekday: t(`appointments:earlier.weekdays.${time.weekday}`), part: t(`appointments:earlier.parts.${time.part}`) }));
  }
  return parts.join(', ');
}

/** Why staff cannot set a wish for this appointment: its type offers no freed times, or it is not booked and ahead; null: they can. */
export function earlierRefusal(
  appointment: Pick<Appointment, 'status' | 'view' | 'start'>,
  type: Pick<AppointmentType, 'offer_count'> | undefined,
  now: Date,
): 'typeOff' | 'notAhead' | null {
  if (!type || type.offer_count === 0) return 'typeOff';
  if (appointment.status !== 'BOOKED' || appointment.view !== 'booked' || Date.parse(appointment.start) <= now.getTime()) return 'notAhead';
  return null;
}

/** A phone number as a `tel:` link: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
