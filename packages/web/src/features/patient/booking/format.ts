/*
 * Dates and times in the patient's language (Intl) and the practice's zone: the phone may be
 * abroad, the appointment is not.
 */

/** 'Montag, 30. März' for a local date 'YYYY-MM-DD' (noon UTC of that date names the same day everywhere). */
export function formatDay(date: string, lang: string, withYear = false): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** '08:30' (or '8:30 AM') of an instant in the practice's zone. */
export function formatTime(instant: string, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(instant));
}
