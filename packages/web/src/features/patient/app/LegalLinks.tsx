import deFooter from '../../../../../shared/src/i18n/de/footer.json';
import { provideGerman, useText } from './i18n';

provideGerman('footer', deFooter);

/**
 * The privacy notice and the legal notice under a patient's screen (draw, booking, ticket,
 * appointment; not on a kiosk or monitor, where nobody should leave the screen). They open in a
 * new tab: the ticket stays where it was.
 */
export function LegalLinks() {
  const { t } = useText('footer');
  return (
    <nav className="patient-legal" aria-label={t('label')}>
      <a href="/datenschutz" target="_blank" rel="noopener">
        {t('privacy')}
      </a>
      <span aria-hidden> · </span>
      <a href="/impressum" target="_blank" rel="noopener">
        {t('imprint')}
      </a>
    </nav>
  );
}
