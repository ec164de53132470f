import { formatZoned } from '@wartefrei/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';

/*
 * Calendar files (RFC 5545) of appointments, by ical-generator with the zone's VTIMEZONE from
 * @touch4it/ical-timezones: times are written in the location's wall clock with its TZID, so a
 * calendar shows 08:00 on either side of a daylight-saving change. The UID is the appointment's
 * own (stable), SEQUENCE its version — raised by every change, so a moved appointment replaces
 * the old entry — and a cancellation is METHOD:CANCEL with STATUS:CANCELLED.
 */

export interface CalendarEntry {
  id: string;
  startAt: Date;
  endAt: Date;
  summary: string;
  location: string;
  description?: string;
  url?: string;
  sequence: number;
  cancelled: boolean;
  /** The entry's own zone (a feed spans locations); else the file's. */
  timeZone?: string;
}

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

/** The UID of an appointment in every calendar file about it. */
export const calendarUid = (appointmentId: string) => `${appointmentId}@wartefrei`;

/** The wall clock of an instant in the zone, without offset: what a TZID-ed DTSTART carries. */
const wallClock = (instant: Date, timeZone: string) => formatZoned(instant, timeZone).slice(0, 19);

export function calendarFile(entries: CalendarEntry[], timeZone: string, method: CalendarMethod, name?: string): string {
  const calendar = ical({ method: METHODS[method], prodId: { company: 'wartefrei', product: 'appointments', language: 'DE' }, ...(name ? { name } : {}) });
  calendar.timezone({ name: timeZone, generator: getVtimezoneComponent });
  for (const entry of entries) {
    calendar.createEvent({
      id: calendarUid(entry.id),
      sequence: entry.sequence,
      start: wallClock(entry.startAt, entry.timeZone ?? timeZone),
      end: wallClock(entry.endAt, entry.timeZone ?? timeZone),
      timezone: entry.timeZone ?? timeZone,
      summary: entry.summary,
      location: entry.location,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.url ? { url: entry.url } : {}),
      ...(entry.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  return calendar.toString();
}
