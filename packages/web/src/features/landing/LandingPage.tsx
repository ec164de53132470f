import { useTranslation } from 'react-i18next';
import { offersOf, useSystemInformation } from '../../lib/system-information';
import { LandingContent } from './LandingContent';

/** The landing page inside the staff app (reached from its other pages); a first load of `/` gets the light front-page app. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const info = useSystemInformation();
  return <LandingContent t={(key, values) => t(key, values)} offers={offersOf(info.data)} />;
}
