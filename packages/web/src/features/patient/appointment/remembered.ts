import type { PatientAppointment } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/*
 * Appointments booked on this device (localStorage `appointmentMap`), like a ticket: the booking
 * link shows the coming ones, and the appointment page keeps each entry current. Type-only
 * imports: both the booking and the appointment chunk use this without pulling in the other.
 */
export interface RememberedAppointment {
  start: string;
  type_name: string;
}

type AppointmentMap = Record<string, RememberedAppointment>;

const handedOver = new Map<string, PatientAppointment>();

/** Keeps (or, once cancelled or over, forgets) an appointment of this device. */
export function rememberAppointment(appointment: PatientAppointment): void {
  const map = readStored<AppointmentMap>(STORAGE_KEYS.appointmentMap) ?? {};
  if (appointment.view === 'booked' || appointment.view === 'checked_in') map[appointment.id] = { start: appointment.start, type_name: appointment.type_name };
  else delete map[appointment.id];
  writeStored(STORAGE_KEYS.appointmentMap, map);
}

/** The device's appointments that have not begun more than a day ago, soonest first. */
export function rememberedAppointments(now: Date): [string, RememberedAppointment][] {
  const map = readStored<AppointmentMap>(STORAGE_KEYS.appointmentMap) ?? {};
  return Object.entries(map)
    .filter(([, entry]) => Date.parse(entry.start) > now.getTime() - 86_400_000)
    .sort(([, x], [, y]) => Date.parse(x.start) - Date.parse(y.start));
}

/** The booking's answer, handed to the appointment page so it shows at once. */
export function handOverAppointment(appointment: PatientAppointment): void {
  handedOver.set(appointment.id, appointment);
}

export function handedOverAppointment(id: string): PatientAppointment | undefined {
  return handedOver.get(id);
}
