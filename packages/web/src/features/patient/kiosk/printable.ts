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

export function printableOf(ticket: TicketView, queue: Pick<PublicQueue, 'name' | 'kiosk_text_after'>, publicUrl: string): PrintableTicket {
  return {
    number: ticket.number,
    queue: queue.name,
    drawnAt: ticket.created_at,
    url: `${publicUrl}/t/${ticket.id}`,
    ahead: ticket.ahead,
    estimatedStart: ticket.estimated_start,
    text: queue.kiosk_text_after,
  };
}
