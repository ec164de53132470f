import type { TicketView } from '@wartefrei/shared';
import { linkKeyOf } from '../app/patient-link';

/*
 * The ticket a draw just answered, handed to the ticket screen: it shows the number at once
 * instead of a blank page while it asks the server again. Type-only imports: the draw chunk
 * carries nothing of the ticket screen's code.
 */
const handedOver = new Map<string, TicketView>();

/** Called by the draw screen with the answer of POST /queues/{id}/members, before it navigates: kept by its link's key. */
export function handOverTicket(ticket: TicketView): void {
  const key = linkKeyOf(ticket.patient_url);
  if (key) handedOver.set(key, ticket);
}

/** The ticket handed over for this link's key, if any; kept until the ticket screen has fetched its own. */
export function handedOverTicket(key: string): TicketView | undefined {
  return handedOver.get(key);
}

/** Forgets the handed-over ticket once fresher data arrived. */
export function dropHandedOverTicket(key: string): void {
  handedOver.delete(key);
}
