import { registerWorkViewAppointments } from '../tickets/index.js';
import { appointmentsOfDay } from './day.service.js';

/** What the appointments module lends the modules below it; app.ts calls this when it builds the app. */
export function registerAppointmentHooks(): void {
  registerWorkViewAppointments(appointmentsOfDay);
}
