import type { AppointmentEntry } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';

/**
 * The day's appointments on a list's work view come from the appointments module, which sits
 * above this one: it registers its reader at start-up (app.ts), as the session-end hooks do.
 */
export type WorkViewAppointments = (q: Queryable, queueId: string, now: Date, text: string | undefined) => Promise<AppointmentEntry[]>;

let reader: WorkViewAppointments | undefined;

export function registerWorkViewAppointments(read: WorkViewAppointments): void {
  reader = read;
}

/** The day's appointments not yet checked in, or none while no reader is registered. */
export function workViewAppointments(q: Queryable, queueId: string, now: Date, text: string | undefined): Promise<AppointmentEntry[]> {
  return reader ? reader(q, queueId, now, text) : Promise.resolve([]);
}
