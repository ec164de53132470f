import { isSubscriptionValid, type IntakeState } from '@wartefrei/shared';
import type { DrawContext } from './draw.repo.js';

/**
 * What the draw rule (shared `drawRefusal`) looks at, from a queue as stored. A queue without
 * its session row yet counts as closed with nothing suspended.
 */
export function intakeOf(context: DrawContext): IntakeState {
  const { queue, session } = context;
  return {
    subscription_valid: isSubscriptionValid(context.subscriptionState),
    draw_online_enabled: queue.drawOnlineEnabled,
    kiosk_enabled: queue.kioskEnabled,
    session: {
      open: session?.open ?? false,
      queueing_allowed: session?.queueingAllowed ?? true,
      blocked: session?.blocked ?? false,
      online_suspended: session?.onlineSuspended ?? false,
      kiosk_suspended: session?.kioskSuspended ?? false,
    },
  };
}
