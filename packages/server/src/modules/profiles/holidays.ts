import Holidays from 'date-holidays';

const calendars = new Map<string, Set<string>>();

/**
 * The public holidays ('YYYY-MM-DD') of a country and optional state/canton in a year, by
 * date-holidays. Only type 'public' counts: an 'observance' (e.g. 15 August in Bavaria as a
 * whole, a holiday only in Catholic municipalities) keeps the practice open.
 */
function publicHolidays(country: string, region: string | null, year: number): Set<string> {
  const key = `${country}|${region ?? ''}|${year}`;
  let dates = calendars.get(key);
  if (!dates) {
    const calendar = region ? new Holidays(country, region, { types: ['public'] }) : new Holidays(country, { types: ['public'] });
    const list = calendar.getHolidays(year) || [];
    dates = new Set(list.filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    calendars.set(key, dates);
  }
  return dates;
}

/** Whether a local date ('YYYY-MM-DD') is a public holiday; no country configured: never. */
export function isPublicHoliday(country: string | null, region: string | null, localDate: string): boolean {
  if (!country) return false;
  return publicHolidays(country, region, Number(localDate.slice(0, 4))).has(localDate);
}
