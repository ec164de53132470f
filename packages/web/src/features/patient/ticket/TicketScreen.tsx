import type { ScreenProps } from '../app/PatientApp';
import { TicketPage } from './TicketPage';

/** `/ticket/:key`, `/t/:key`, `/queue/:queueId/ticket/:key`: the key of the patient's link. */
export default function TicketScreen({ route }: ScreenProps) {
  return <TicketPage ticketKey={route.ticketKey ?? ''} />;
}
