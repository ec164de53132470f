import { Hooks } from './platform/hooks.js';
import { accountHooks } from './modules/accounts/index.js';
import { alertReader } from './modules/alerts/index.js';
import { appointmentHooks, appointmentsOfDay } from './modules/appointments/index.js';
import { scheduleTrialJobs } from './modules/billing/index.js';
import { dropKeysOnPasswordReset } from './modules/encryption/index.js';
import { freedTimeListener } from './modules/offers/index.js';
import { interviewLender } from './modules/probing/index.js';
import { sessionHooks } from './modules/sessions/index.js';
import { endMembersOfClosedSession, ticketHooks } from './modules/tickets/index.js';

/**
 * The modules that let others take part in their work, each with its hook set: a set missing
 * here makes every use of its hooks fail (`Hooks` knows only these).
 */
export const HOOK_OWNERS = [sessionHooks, ticketHooks, appointmentHooks, accountHooks] as const;

/**
 * Every hook of the app, provided in one place (part of the composition root, app.ts; the admin
 * CLI uses it too): reading this shows which higher module takes part in which lower one's work.
 * Checked before the app starts: a required hook not provided here stops buildApp with its name.
 */
export function provideHooks(hooks: Hooks): Hooks {
  return hooks
    .listen(sessionHooks.sessionEnded, endMembersOfClosedSession)
    .provide(ticketHooks.drawInterview, interviewLender)
    .provide(ticketHooks.alertReader, alertReader)
    .provide(ticketHooks.workViewAppointments, appointmentsOfDay)
    .listen(appointmentHooks.freedTimes, freedTimeListener)
    .provide(accountHooks.trialStarted, scheduleTrialJobs)
    .provide(accountHooks.passwordReplaced, dropKeysOnPasswordReset);
}

/** A new registry of this app's hooks, all provided and checked. */
export function appHooks(): Hooks {
  const hooks = provideHooks(new Hooks(HOOK_OWNERS));
  hooks.assertProvided();
  return hooks;
}
