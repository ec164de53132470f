import { registerWorkViewAppointments } from '../tickets/index.js';
import { appointmentsOfDay } from './day.service.js';
import { registerConfirmationJobs } from './confirmations.js';
import { registerNoShowJobs } from './no-shows.js';
import { registerReminderJobs } from './reminders.js';

/** What the appointments module lends the modules below it, and its job kinds; app.ts calls this when it builds the app. */
export function registerAppointmentHooks(): void {
  registerWorkViewAppointments(appointmentsOfDay);
  registerReminderJobs();
  registerConfirmationJobs();
  registerNoShowJobs();
}
