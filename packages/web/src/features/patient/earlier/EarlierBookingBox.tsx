import deEarlier from '@wartefrei/shared/i18n/de/earlier.json';
import { provideGerman, useText } from '../app/i18n';
import type { EarlierChoice } from './earlier-times';
import { EarlierFields } from './EarlierFields';

provideGerman('earlier', deEarlier);

interface EarlierBookingBoxProps {
  wanted: boolean;
  onWanted: (wanted: boolean) => void;
  choice: EarlierChoice;
  onChoice: (choice: EarlierChoice) => void;
}

/** "Früher, wenn möglich" in the booking form: the same inputs as on the appointment page, sent with the booking as `earlier`. */
export default function EarlierBookingBox({ wanted, onWanted, choice, onChoice }: EarlierBookingBoxProps) {
  const { t, lang } = useText('earlier', ['booking']);
  return (
    <fieldset className="earlier-box" aria-describedby="book-earlier-intro">
      <legend className="earlier-legend">{t('box.title')}</legend>
      <p id="book-earlier-intro" className="earlier-hint">
        {t('box.intro')}
      </p>
      <div className="earlier-ask">
        <input id="book-earlier" type="checkbox" checked={wanted} onChange={(event) => onWanted(event.target.checked)} aria-controls="book-earlier-fields" />
        <label htmlFor="book-earlier">{t('box.bookingAsk')}</label>
      </div>
      <div id="book-earlier-fields" hidden={!wanted}>
        {wanted && <EarlierFields id="book-earlier" value={choice} onChange={onChoice} t={t} lang={lang} />}
      </div>
    </fieldset>
  );
}
