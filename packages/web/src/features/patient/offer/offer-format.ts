import { formatDay, formatTime } from '../booking/format';

/*
 * An offer's times as the patient reads them: in the location's zone (the phone may be
 * elsewhere) and the patient's language.
 */

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDateIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(new Date(instant));
}

/** 'Montag, 7. Dezember 2026, 08:30–09:00' (weekday, date, from–to in the location's zone). */
export function formatSpan(start: string, end: string, timeZone: string, lang: string): string {
  return `${formatDay(localDateIn(start, timeZone), lang, true)}, ${formatTime(start, timeZone, lang)}–${formatTime(end, timeZone, lang)}`;
}

/** 'Montag, 7. Dezember 2026, 08:30' of one instant. */
export function formatMoment(instant: string, timeZone: string, lang: string): string {
  return `${formatDay(localDateIn(instant, timeZone), lang, true)}, ${formatTime(instant, timeZone, lang)}`;
}

/** Whole minutes left until `expiresAt` (rounded up: 10 s left is still '1 minute'); 0 once over. */
export function minutesLeft(expiresAt: string, nowMs: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - nowMs) / 60_000));
}
