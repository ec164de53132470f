import { formatLocalDate } from '@wartefrei/shared';

/**
 * Today in this browser's own zone as YYYY-MM-DD: for checks of birth dates the browser makes
 * before it seals or sends them. The server checks again by the location's zone.
 */
export function browserToday(now = new Date()): string {
  return formatLocalDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}
