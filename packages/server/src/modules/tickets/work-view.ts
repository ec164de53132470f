import type { AppointmentEntry } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';

/**
 * The day's appointments on a list's work view come from the appointments module, which sits
 * above this one: it provides them through `ticketHooks.workViewAppointments` (hooks.ts).
 */
export type WorkViewAppointments = (q: Queryable, queueId: string, now: Date, text: string | undefined) => Promise<AppointmentEntry[]>;
