import { registerAlertReader } from '../tickets/index.js';
import { alertTargets, memberAlerts } from './alerts.repo.js';
import { askedAlerts } from './alerts.service.js';

/** Lets the ticket page and the work view show alerts (app.ts calls this when it builds the app). */
export function registerAlertReaders(): void {
  registerAlertReader({ ofTicket: askedAlerts, ofMembers: memberAlerts, targetsOf: alertTargets });
}
