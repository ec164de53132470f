import type { TicketView } from '@wartefrei/shared';
import { navigate } from '../app/navigation';
import { handOverTicket } from '../ticket/handover';
import { linkKeyOf } from '../app/patient-link';

/** Straight to the drawn ticket: its number shows at once, without a blank page in between. */
export function showTicket(ticket: TicketView): void {
  handOverTicket(ticket);
  navigate(`/ticket/${linkKeyOf(ticket.patient_url) ?? ''}`, { replace: true });
}
