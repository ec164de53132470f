import type { AlertReader } from '../tickets/index.js';
import { alertTargets, memberAlerts } from './alerts.repo.js';
import { askedAlerts } from './alerts.service.js';

/** Lets the ticket page and the work view show alerts: provides `ticketHooks.alertReader` (app-hooks.ts). */
export const alertReader: AlertReader = { ofTicket: askedAlerts, ofMembers: memberAlerts, targetsOf: alertTargets };
