import type { PatientAppointment } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/*
 * Appointments booked on this device (localStorage `appointmentMap`: the key of each one's link
 * → what the list shows), like a ticket: the booking link shows the coming ones, and the
 * appointment page keeps each entry current. Type-only imports: both the booking and the
 * appointment chunk use this without pulling in the other.
 */
export interface RememberedAppointment {
  start: string;
  type_name: string;
}

type AppointmentMap = Record<string, RememberedAppointment>;

const handedOver = new Map<string, PatientAppointment>();

/** Keeps (or, once cancelled or over, forgets) an appointment of this device, by its link's key. */
export function rememberAppointment(appointment: PatientAppointment, key: string): void {
  const map = readStored<AppointmentMap>(STORAGE_KEYS.appointmentMap) ?? {};
  if (appointment.view === 'booked' || appointment.view === 'checked_in') map[key] = { start: appointment.start, type_name: appointment.type_name };
  else delete map[key];
  writeStored(STORAGE_KEYS.appointmentMap, map);
}

/** The device's appointments that have not begun more than a day ago, soonest first. */
export function rememberedAppointments(now: Date): [string, RememberedAppointment][] {
  const map = readStored<AppointmentMap>(STORAGE_KEYS.appointmentMap) ?? {};
  return Object.entries(map)
    .filter(([, entry]) => Date.parse(entry.start) > now.getTime() - 86_400_000)
    .sort(([, x], [, y]) => Date.parse(x.start) - Date.parse(y.start));
}

/** The booking's answer, handed to the appointment page (by its link's key) so it shows at once. */
export function handOverAppointment(appointment: PatientAppointment, key: string): void {
  handedOver.set(key, appointment);
}

export function handedOverAppointment(key: string): PatientAppointment | undefined {
  return handedOver.get(key);
}
