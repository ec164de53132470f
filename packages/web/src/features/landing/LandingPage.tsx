import { useTranslation } from 'react-i18next';
import { LandingContent } from './LandingContent';

/** The landing page inside the staff app (reached from its other pages); a first load of `/` gets the light front-page app. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return <LandingContent t={(key, values) => t(key, values)} />;
}
