import type { ScreenProps } from '../app/PatientApp';
import { TicketPage } from './TicketPage';

/** `/ticket/:id`, `/t/:id`, `/queue/:queueId/ticket/:id`. */
export default function TicketScreen({ route }: ScreenProps) {
  return <TicketPage memberId={route.memberId ?? ''} />;
}
