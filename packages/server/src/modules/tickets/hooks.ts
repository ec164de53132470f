import { defineHook } from '../../platform/hooks.js';
import type { AlertReader } from './alert-view.js';
import type { InterviewLender } from './interview.js';
import type { WorkViewAppointments } from './work-view.js';

/**
 * Where modules above `tickets` take part in its work (platform/hooks.ts); app-hooks.ts provides
 * each, and the server does not start without them.
 */
export const ticketHooks = {
  /** The questionnaire's path check in a draw and its answers in the staff list. */
  drawInterview: defineHook<InterviewLender>('drawInterview', { owner: 'tickets', providedBy: 'probing', required: true }),
  /** What the ticket page and the work view show of a ticket's alerts, and where a cancel notice goes. */
  alertReader: defineHook<AlertReader>('alertReader', { owner: 'tickets', providedBy: 'alerts', required: true }),
  /** The day's appointments not yet checked in, on a list's work view. */
  workViewAppointments: defineHook<WorkViewAppointments>('workViewAppointments', { owner: 'tickets', providedBy: 'appointments', required: true }),
};
