import type { AlertKind } from '@wartefrei/shared';

/** What a ticket's alert says: its kind, and the count or minutes it tells. */
export interface DueAlert {
  kind: AlertKind;
  ahead: number | null;
  minutes: number | null;
}

export interface AlertThresholds {
  /** Told at this many ahead or fewer; null: not offered. */
  membersAhead: number | null;
  /** Told at this many minutes left or fewer; null: not offered (or the list calculates no times). */
  minutesLeft: number | null;
}

/**
 * The alert a ticket is due now, if any (docs/product.md#alerts): called — its turn; waiting —
 * "almost your turn" once `ahead` or the estimated minutes left reach the list's thresholds,
 * whichever comes first (the count wins a tie: it is the surer figure). Estimates an info tag
 * hides (`estimatedStart` null) never trigger the minutes.
 */
export function dueAlert(ticket: { status: string; ahead: number | null; estimatedStart: Date | null }, thresholds: AlertThresholds, now: Date): DueAlert | undefined {
  if (ticket.status === 'PROCESSING') return { kind: 'CALLED', ahead: null, minutes: null };
  if (ticket.status !== 'WAITING' || ticket.ahead === null) return undefined;
  if (thresholds.membersAhead !== null && ticket.ahead <= thresholds.membersAhead) return { kind: 'AHEAD', ahead: ticket.ahead, minutes: null };
  if (thresholds.minutesLeft !== null && ticket.estimatedStart) {
    const minutes = Math.max(0, Math.ceil((ticket.estimatedStart.getTime() - now.getTime()) / 60_000));
    if (minutes <= thresholds.minutesLeft) return { kind: 'MINUTES', ahead: ticket.ahead, minutes };
  }
  return undefined;
}
