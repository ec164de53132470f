import deTicket from '@wartefrei/shared/i18n/de/ticket.json';
import { provideGerman, useText } from '../app/i18n';

provideGerman('ticket', deTicket);

/** `/appointment/:id`, `/a/:id`: appointments arrive with their own issue; until then the link says so. */
export default function AppointmentScreen() {
  const { t } = useText('ticket');
  return (
    <main className="patient-screen">
      <p className="patient-brand">wartefrei</p>
      <h1>{t('appointment.title')}</h1>
      <p>{t('appointment.text')}</p>
    </main>
  );
}
