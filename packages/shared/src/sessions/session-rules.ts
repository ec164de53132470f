import type { ButtonVisibility } from '../enums.js';
import type { SessionButtonVisibility } from '../queues/queue-settings.js';
import type { SendableSessionEvent } from './sessions.schemas.js';

/*
 * Who may press a session button (docs/product.md#roles-and-permissions), once for both sides:
 * the server refuses a press with FORBIDDEN by these rules, and the work view shows only the
 * buttons they allow. Types only from the schemas: no zod comes along.
 */

/** The button that sends an event, for the per-queue visibility setting. */
export function buttonOf(event: SendableSessionEvent): keyof SessionButtonVisibility {
  switch (event) {
    case 'START':
    case 'BLOCK':
      return 'queue_opened';
    case 'TERMINATE':
      return 'terminate';
    case 'SUSPEND_ONLINE_FIXED':
    case 'RESUME_ONLINE_FIXED':
    case 'SUSPEND_ONLINE_TIMED':
      return 'suspend_online';
    case 'SUSPEND_KIOSK_FIXED':
    case 'RESUME_KIOSK_FIXED':
    case 'SUSPEND_KIOSK_TIMED':
      return 'suspend_kiosk';
  }
}

/**
 * Whether a user may press a button: EVERYBODY — any admin or assigned processor; ADMINS_ONLY —
 * admins; NOBODY — no one, admins included (the button is hidden for every role: the action is
 * left to the weekly schedule, which is not bound by buttons). An admin who wants to press it
 * changes the setting first, which is an explicit, visible decision.
 */
export function mayPress(visibility: ButtonVisibility, isAdmin: boolean): boolean {
  return visibility === 'EVERYBODY' || (visibility === 'ADMINS_ONLY' && isAdmin);
}
