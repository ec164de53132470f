import deFooter from '../../../../../shared/src/i18n/de/footer.json';
import { LANGUAGE_NAMES, PATIENT_LANGS, isSupportedLang } from '@wartefrei/shared';
import { provideGerman, setLanguage, useText } from './i18n';
import { useTakenOver } from './first-view';

provideGerman('footer', deFooter);

/**
 * Under a patient's screen (draw, booking, ticket, appointment; not on a kiosk or monitor, where
 * nobody should leave the screen): the language picker, each language named in itself, and the
 * privacy and legal notices, opening in a new tab so the ticket stays where it was.
 */
export function LegalLinks() {
  const { t, lang } = useText('footer');
  // Held like the screen's buttons until the script has taken the first view over: a choice
  // made before would change the box but not the page, and be lost.
  const takenOver = useTakenOver();
  return (
    <nav className="patient-legal" aria-label={t('label')}>
      <label className="patient-language">
        <span>{t('language')}</span>
        <select value={lang} disabled={!takenOver} onChange={(e) => isSupportedLang(e.target.value) && setLanguage(e.target.value)}>
          {PATIENT_LANGS.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      <span aria-hidden> · </span>
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
