import type { SupportedLang } from '@wartefrei/shared';
import type { Translate } from '../app/i18n';
import { cellOf, DAY_PARTS, WEEKDAYS, weekdayName, type EarlierChoice } from './earlier-times';
import './earlier.css';

interface EarlierFieldsProps {
  /** Ids inside the page start with it (the booking form and the appointment page may differ). */
  id: string;
  value: EarlierChoice;
  onChange: (value: EarlierChoice) => void;
  t: Translate;
  lang: SupportedLang;
  disabled?: boolean;
}

/**
 * "Nicht vor" and the weekdays × (Vormittag, Nachmittag) that suit: a table of checkboxes, each
 * with its own label ('Montag Vormittag'), reached with Tab and ticked with Space. None ticked
 * means any time. Shared by the booking form and the appointment page.
 */
export function EarlierFields({ id, value, onChange, t, lang, disabled }: EarlierFieldsProps) {
  const toggle = (weekday: number, part: (typeof DAY_PARTS)[number], on: boolean) => {
    const cells = new Set(value.cells);
    if (on) cells.add(cellOf(weekday, part));
    else cells.delete(cellOf(weekday, part));
    onChange({ ...value, cells });
  };
  return (
    <>
      <div className="patient-field earlier-not-before">
        <label htmlFor={`${id}-not-before`}>
          {t('box.notBefore')} <span className="patient-optional">({t('booking:form.optional')})</span>
        </label>
        <input
          id={`${id}-not-before`}
          type="date"
          value={value.notBefore}
          onChange={(event) => onChange({ ...value, notBefore: event.target.value })}
          aria-describedby={`${id}-not-before-hint`}
          disabled={disabled}
        />
        <p id={`${id}-not-before-hint`} className="earlier-hint">
          {t('box.notBeforeHint')}
        </p>
      </div>
      <fieldset className="patient-field earlier-times" aria-describedby={`${id}-times-hint`} disabled={disabled}>
        <legend>{t('box.times')}</legend>
        <p id={`${id}-times-hint`} className="earlier-hint">
          {t('box.timesHint')}
        </p>
        <table className="earlier-grid">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('box.weekday')}</span>
              </th>
              {DAY_PARTS.map((part) => (
                <th scope="col" key={part}>
                  {t(`box.${part}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday) => (
              <tr key={weekday}>
                <th scope="row">
                  <abbr title={weekdayName(weekday, lang)}>{weekdayName(weekday, lang, 'short')}</abbr>
                </th>
                {DAY_PARTS.map((part) => (
                  <td key={part}>
                    <label className="earlier-cell">
                      <input type="checkbox" checked={value.cells.has(cellOf(weekday, part))} onChange={(event) => toggle(weekday, part, event.target.checked)} />
                      <span className="visually-hidden">{t('box.cell', { day: weekdayName(weekday, lang), part: t(`box.${part}`) })}</span>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </>
  );
}
