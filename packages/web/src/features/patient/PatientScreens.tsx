import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentHandle } from '../../app/route-handle';

/**
 * The patient screens' frame for now: the route resolves, names its screen and says that it is
 * being prepared. The ticket, kiosk, monitor and embed issues replace each export in turn.
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

export const TicketScreen = PreparedScreen;
export const MonitorScreen = PreparedScreen;
export const KioskScreen = PreparedScreen;
export const EmbedScreen = PreparedScreen;
