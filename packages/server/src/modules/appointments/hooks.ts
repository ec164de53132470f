import { registerWorkViewAppointments } from '../tickets/index.js';
import { appointmentsOfDay } from './day.service.js';
import { registerReminderJobs } from './reminders.js';

/** What the appointments module lends the modules below it, and its job kinds; app.ts calls this when it builds the app. */
export function registerAppointmentHooks(): void {
  registerWorkViewAppointments(appointmentsOfDay);
  registerReminderJobs();
}
