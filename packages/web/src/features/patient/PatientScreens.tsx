import { useTranslation } from 'react-i18next';
import { useMatches, useParams } from 'react-router';
import { currentHandle } from '../../app/route-handle';
import { DrawPage } from './draw/DrawPage';
import { TicketPage } from './ticket/TicketPage';

/**
 * The screens not built yet: the route resolves, names its screen and says that it is being
 * prepared. The draw, kiosk, monitor and embed parts of issue 6 replace them in turn.
 */
function PreparedScreen() {
  const { t } = useTranslation('common');
  const handle = currentHandle(useMatches());
  const screen = t(`routes.${handle?.title ?? 'ticket'}`);
  return (
    <main className="patient-screen" data-screen={handle?.screen}>
      <p className="patient-brand">{t('productName')}</p>
      <h1>{t('comingSoon.title', { screen })}</h1>
      <p>{t('comingSoon.message')}</p>
    </main>
  );
}

/** A ticket link opens the live ticket; a queue link the draw page; an appointment link is still being prepared. */
export function TicketScreen() {
  const { memberId, appointmentId } = useParams();
  if (memberId) return <TicketPage memberId={memberId} />;
  return appointmentId ? <PreparedScreen /> : <DrawPage />;
}
export const MonitorScreen = PreparedScreen;
export const KioskScreen = PreparedScreen;
export const EmbedScreen = PreparedScreen;
