import { useEffect, useState } from 'react';
import type { PublicQueue, SystemInformation, TicketView } from '@wartefrei/shared';
import { patientRequest } from '../app/api';
import type { PrintableTicket } from './printer';

/**
 * Where a phone reaches the service (`PUBLIC_URL`): the kiosk itself may use a local address
 * on the practice network that a patient's phone cannot open. Until it is known, this origin.
 */
export function usePublicUrl(): string {
  const [url, setUrl] = useState(window.location.origin);
  useEffect(() => {
    patientRequest<SystemInformation>('/system-information').then(
      (info) => setUrl(info.public_url),
      () => undefined,
    );
  }, []);
  return url;
}

export type PrintedQueue = Pick<PublicQueue, 'name' | 'kiosk_text_after'> & Partial<Pick<PublicQueue, 'logo_url' | 'logo_placement_ticket'>>;

export function printableOf(ticket: TicketView, queue: PrintedQueue, publicUrl: string): PrintableTicket {
  const placement = queue.logo_placement_ticket;
  return {
    number: ticket.number,
    queue: queue.name,
    drawnAt: ticket.created_at,
    url: `${publicUrl}/t/${ticket.id}`,
    ahead: ticket.ahead,
    estimatedStart: ticket.estimated_start,
    text: queue.kiosk_text_after,
    // Absolute on the kiosk's own origin (which served this page): the Sunmi app prints from the JSON.
    ...(queue.logo_url && placement && placement !== 'NONE' ? { logo: { url: new URL(queue.logo_url, window.location.origin).href, placement } } : {}),
  };
}
