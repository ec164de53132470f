import { LandingContent } from '../landing/LandingContent';
import { useFrontOffers } from './front-offers';
import { useFrontText } from './front-i18n';

/** The landing page in the light app: the same content the staff app shows at `/`. */
export function FrontLandingPage() {
  const { t } = useFrontText('landing');
  return <LandingContent t={t} offers={useFrontOffers()} />;
}
