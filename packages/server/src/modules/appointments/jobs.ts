import { registerConfirmationJobs } from './confirmations.js';
import { registerNoShowJobs } from './no-shows.js';
import { registerReminderJobs } from './reminders.js';

/** The appointments module's job kinds; app.ts calls this when it builds the app. */
export function registerAppointmentJobs(): void {
  registerReminderJobs();
  registerConfirmationJobs();
  registerNoShowJobs();
}
