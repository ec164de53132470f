import type { DrawOrigin } from './tickets.schemas.js';

/** Why a ticket cannot be drawn right now; each is an error code with the spec's message. */
export type DrawRefusal = 'SUBSCRIPTION_INVALID' | 'DRAWING_DISABLED' | 'KIOSK_DISABLED' | 'QUEUE_CLOSED' | 'INTAKE_SUSPENDED';

export interface IntakeState {
  subscription_valid: boolean;
  draw_online_enabled: boolean;
  kiosk_enabled: boolean;
  session: {
    open: boolean;
    queueing_allowed: boolean;
    blocked: boolean;
    online_suspended: boolean;
    kiosk_suspended: boolean;
  };
}

/**
 * Whether a ticket of this origin may be drawn, and if not why — first the account, then the
 * channel's switch, then the session. A processor's manual ticket needs only a valid
 * subscription and an open list: suspends, BLOCK and 'queueing allowed' stop the patients'
 * own intake, not the staff at the desk.
 */
export function drawRefusal(state: IntakeState, origin: DrawOrigin): DrawRefusal | undefined {
  if (!state.subscription_valid) return 'SUBSCRIPTION_INVALID';
  if (origin === 'ONLINE' && !state.draw_online_enabled) return 'DRAWING_DISABLED';
  if (origin === 'KIOSK' && !state.kiosk_enabled) return 'KIOSK_DISABLED';
  const { session } = state;
  if (!session.open) return 'QUEUE_CLOSED';
  if (origin === 'MANUAL') return undefined;
  if (!session.queueing_allowed || session.blocked) return 'INTAKE_SUSPENDED';
  if (origin === 'ONLINE' ? session.online_suspended : session.kiosk_suspended) return 'INTAKE_SUSPENDED';
  return undefined;
}
