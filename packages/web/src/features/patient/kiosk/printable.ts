import type { KioskCheckInResult, PublicQueue, TicketView } from '@wartefrei/shared';
import type { PrintableTicket } from './printer';

export type PrintedQueue = Pick<PublicQueue, 'name' | 'kiosk_text_after'> & Partial<Pick<PublicQueue, 'logo_url' | 'logo_placement_ticket'>>;

/** The logo where the list's ticket logo position puts it, absolute on the kiosk's own origin (the Sunmi app prints from the JSON). */
function logoOf(queue: PrintedQueue): Pick<PrintableTicket, 'logo'> {
  const placement = queue.logo_placement_ticket;
  return queue.logo_url && placement && placement !== 'NONE' ? { logo: { url: new URL(queue.logo_url, window.location.origin).href, placement } } : {};
}

/** A drawn ticket on paper: its QR code is the patient's link of the draw's answer (`patient_url`, on `PUBLIC_URL`). */
export function printableOf(ticket: TicketView, queue: PrintedQueue): PrintableTicket {
  return {
    number: ticket.number,
    queue: queue.name,
    drawnAt: ticket.created_at,
    ...(ticket.patient_url ? { url: ticket.patient_url } : {}),
    ahead: ticket.ahead,
    estimatedStart: ticket.estimated_start,
    text: queue.kiosk_text_after,
    ...logoOf(queue),
  };
}

/** A checked-in appointment on paper: the number only — the kiosk learns nothing that opens the ticket. */
export function printableOfCheckIn(result: KioskCheckInResult, queue: PrintedQueue | undefined, now: Date): PrintableTicket {
  return {
    number: result.number,
    queue: result.queue_name,
    drawnAt: now.toISOString(),
    ahead: null,
    estimatedStart: null,
    text: queue?.kiosk_text_after ?? null,
    ...(queue ? logoOf(queue) : {}),
  };
}
