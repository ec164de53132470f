import { createHash } from 'node:crypto';
import { formatZoned } from '@wartefrei/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';

/*
 * Calendar files (RFC 5545) of appointments, by ical-generator with the zone's VTIMEZONE from
 * @touch4it/ical-timezones: times are written in the location's wall clock with its TZID, so a
 * calendar shows 08:00 on either side of a daylight-saving change. The UID is the appointment's
 * own (stable), SEQUENCE its version — raised by every change, so a moved appointment replaces
 * the old entry — and a cancellation is METHOD:CANCEL with STATUS:CANCELLED. A processor's feed
 * names its entries by `feedUid` instead: a feed is shared further than a patient's own file.
 */

export interface CalendarEntry {
  id: string;
  /** The entry's UID when not the appointment's own (`calendarUid`). */
  uid?: string;
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

/** The UID of an appointment in the calendar files its patient gets (they hold its link anyway). */
export const calendarUid = (appointmentId: string) => `${appointmentId}@wartefrei`;

/**
 * The UID of an appointment in a processor's feed: stable (a calendar updates the entry on each
 * refresh) and opaque — a one-way hash of the id, which has 122 random bits, so nobody who reads
 * a shared feed learns the id. No key is needed: the id is not a secret, only not to be shown.
 */
export const feedUid = (appointmentId: string) => `${createHash('sha256').update(`wartefrei-feed:${appointmentId}`).digest('hex').slice(0, 32)}@wartefrei`;

/** The wall clock of an instant in the zone, without offset: what a TZID-ed DTSTART carries. */
const wallClock = (instant: Date, timeZone: string) => formatZoned(instant, timeZone).slice(0, 19);

export function calendarFile(entries: CalendarEntry[], timeZone: string, method: CalendarMethod, name?: string): string {
  const calendar = ical({ method: METHODS[method], prodId: { company: 'wartefrei', product: 'appointments', language: 'DE' }, ...(name ? { name } : {}) });
  calendar.timezone({ name: timeZone, generator: getVtimezoneComponent });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid ?? calendarUid(entry.id),
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
