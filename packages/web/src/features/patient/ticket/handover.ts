import type { TicketView } from '@wartefrei/shared';

/*
 * The ticket a draw just answered, handed to the ticket screen: it shows the number at once
 * instead of a blank page while it asks the server again. Type-only imports: the draw chunk
 * carries nothing of the ticket screen's code.
 */
const handedOver = new Map<string, TicketView>();

/** Called by the draw screen with the answer of POST /queues/{id}/members, before it navigates. */
export function handOverTicket(ticket: TicketView): void {
  handedOver.set(ticket.id, ticket);
}

/** The ticket handed over for this id, if any; kept until the ticket screen has fetched its own. */
export function handedOverTicket(id: string): TicketView | undefined {
  return handedOver.get(id);
}

/** Forgets the handed-over ticket once fresher data arrived. */
export function dropHandedOverTicket(id: string): void {
  handedOver.delete(id);
}
