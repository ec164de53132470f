import { randomUUID } from 'node:crypto';
import { addDays, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '@wartefrei/shared';
import { newCheckInCode, type NewAppointmentRow } from '../appointments/index.js';

type Place = Pick<NewAppointmentRow, 'accountId' | 'profileId' | 'queueId' | 'appointmentTypeId' | 'processorId'>;

/** The next `count` weekdays after today (local dates in the zone). */
function nextWeekdays(now: Date, timeZone: string, count: number): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = addDays(localDateOf(now, timeZone), 1); days.length < count; day = addDays(day, 1)) {
    if (isoWeekday(day) <= 5) days.push(day);
  }
  return days;
}

/**
 * The demo practice's booked appointments, relative to the day it is seeded: three patients on
 * each of the next two weekdays' mornings (one booked online, two by phone), and a weekly
 * check-up series of four on the Thursday afternoons to come — so the calendar, the work view and
 * the patient's appointment page have something to show from the first start. Two patients of
 * the second day ask for an earlier time ("Früher, wenn möglich").
 */
export function demoAppointments(now: Date, timeZone: string, place: Place): NewAppointmentRow[] {
  const at = (day: LocalDate, time: string) => zonedTimeToUtc(day, time, timeZone);
  const rows: NewAppointmentRow[] = [];
  const patients = [
    { firstName: 'Anna', lastName: 'Berger', time: '08:30', source: 'SELF_BOOKED' as const, channel: 'ONLINE' as const, mail: 'anna.berger@example.com' },
    { firstName: 'Emre', lastName: 'Yılmaz', time: '09:15', source: 'FRONTEND' as const, channel: null, mail: null },
    { firstName: 'Jelena', lastName: 'Petrović', time: '10:45', source: 'FRONTEND' as const, channel: null, mail: null },
  ];
  const days = nextWeekdays(now, timeZone, 2);
  for (const day of days) {
    for (const { time, ...patient } of patients) {
      const startAt = at(day, time);
      // On the later day, two patients would come earlier if a time frees up (one mornings only).
      const earlier = day === days[1] && patient.lastName !== 'Berger';
      // The next day's are asked to confirm already (the talk asks 48 hours before): Anna did, the others not yet — marked a day before.
      const asked =
        day === days[0] ? { confirmationAskedAt: now, unconfirmedFrom: new Date(startAt.getTime() - 24 * 3_600_000), confirmedAt: patient.lastName === 'Berger' ? now : null } : {};
      rows.push({
        ...place,
        ...patient,
        ...asked,
        ...(earlier ? { earlierWantedAt: now, earlierTimes: patient.lastName === 'Yılmaz' ? [1, 2, 3, 4, 5].map((weekday) => ({ weekday, part: 'MORNING' as const })) : [] } : {}),
        startAt,
        endAt: new Date(startAt.getTime() + 15 * 60_000),
        notifyMail: patient.mail !== null,
        phone: '+436641234567',
        checkInCode: newCheckInCode(),
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  const seriesId = randomUUID();
  const thursdays = nextWeekdays(now, timeZone, 20)
    .filter((day) => isoWeekday(day) === 4)
    .slice(0, 4);
  for (const day of thursdays) {
    const startAt = at(day, '14:00');
    rows.push({
      ...place,
      seriesId,
      recurrence: { frequency: 'WEEKLY', count: 4 },
      firstName: 'Karl',
      lastName: 'Huber',
      phone: '+43664765432',
      description: 'Blutdruckkontrolle',
      source: 'FRONTEND',
      startAt,
      endAt: new Date(startAt.getTime() + 15 * 60_000),
      checkInCode: newCheckInCode(),
      createdAt: now,
      updatedAt: now,
    });
  }
  return rows;
}
