import { useState, type FormEvent } from 'react';
import {
  LANGUAGE_NAMES,
  PATIENT_DATA_FIELDS,
  PATIENT_FIELD_INPUTS,
  PATIENT_LANGS,
  isSupportedLang,
  PATIENT_INPUT_OF,
  type PatientDataField,
  type ProbingAnswer,
  type PublicQueue,
  type TicketView,
} from '@wartefrei/shared';
import deDraw from '@wartefrei/shared/i18n/de/draw.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { isChunkLoadFailure, loadChunk } from '../../../lib/chunks';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { PatientApiError, patientRequest } from '../app/api';
import { linkKeyOf } from '../app/patient-link';
import { SCREEN_LOADERS } from '../app/screens';
import { fieldMessage, provideGerman, setLanguage, useText } from '../app/i18n';
import { reloadForNewBuild } from '../app/version';

provideGerman('draw', deDraw);
provideGerman('server', deServer);

// The checks and the sealing arrive when the patient starts on the form (or at the latest on submit).
const loadPrepareDraw = () => import('./prepare-draw');

// Which queue setting governs a field (first_name covers the last name too) is PATIENT_INPUT_OF's;
// the birth date is asked in three parts below.
const FIELDS = PATIENT_DATA_FIELDS.filter((name) => name !== 'birth_date');

interface DrawFormProps {
  queue: PublicQueue;
  origin: 'ONLINE' | 'KIOSK';
  /** The drawn ticket; the form has already remembered it on this device when drawn online. */
  onDrawn: (ticket: TicketView) => void;
  /** Kiosk: larger, and nothing remembered on the shared device. */
  submitLabel?: string;
  /** The probing interview's path, sent with the draw; the server walks it again. */
  answers?: ProbingAnswer[];
}

/** The queue's patient inputs, checked with the server's own rules before sending, then the draw. */
export function DrawForm({ queue, origin, onDrawn, submitLabel, answers }: DrawFormProps) {
  const { t, lang } = useText('draw', ['server']);
  const [values, setValues] = useState<Record<string, string>>({
    display_name: origin === 'ONLINE' ? (readStored<string>(STORAGE_KEYS.ticketDisplayName) ?? '') : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const asked = (field: PatientDataField) => queue.patient_inputs[PATIENT_INPUT_OF[field]] !== 'NONE';
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const body = () => {
    const payload: Record<string, unknown> = { origin };
    for (const name of FIELDS) if (asked(name)) payload[name] = values[name] ?? '';
    if (asked('birth_date')) {
      const [d, m, y] = [values.day ?? '', values.month ?? '', values.year ?? ''];
      payload.birth_date = d || m || y ? `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : '';
    }
    // The ticket keeps the patient's language: its mails, SMS and spoken call follow it.
    payload.lang = lang;
    if (answers) payload.answers = answers;
    return payload;
  };

  /**
   * Once the patient starts on the form (a field or the button): its checks and sealing, and
   * online the ticket screen it leads to, while they fill in rather than after the draw. Not at
   * once: neither is part of the first view, and the draw page's JS has a budget (issue 44 §2).
   */
  const warmUp = () => {
    void loadPrepareDraw();
    if (origin === 'ONLINE') void SCREEN_LOADERS.ticket();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    setBusy(true);
    try {
      const prepared = await (await loadChunk(loadPrepareDraw)).prepareDraw(queue, body());
      if (prepared.kind === 'invalid') {
        setErrors(Object.fromEntries(Object.entries(prepared.fields).map(([f, code]) => [f, fieldMessage(t, f, code)])));
        return;
      }
      setErrors({});
      if (prepared.kind === 'refused') return setRefusal(t('server:sealing.keyMismatch'));
      const ticket = await patientRequest<TicketView>(`/queues/${queue.id}/members`, { method: 'POST', body: prepared.body });
      const key = linkKeyOf(ticket.patient_url);
      if (origin === 'ONLINE' && key) {
        const map = readStored<Record<string, string>>(STORAGE_KEYS.ticketMap) ?? {};
        writeStored(STORAGE_KEYS.ticketMap, { ...map, [queue.id]: key });
        if (values.display_name) writeStored(STORAGE_KEYS.ticketDisplayName, values.display_name);
      }
      onDrawn(ticket);
    } catch (error) {
      // Its chunk gone after a deploy (the page was opened before it): the new build draws.
      if (isChunkLoadFailure(error) && (await reloadForNewBuild())) return;
      const fields = error instanceof PatientApiError ? error.fields : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setRefusal(error instanceof PatientApiError && error.body ? error.body.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: PatientDataField, label: string, required: boolean) => (
    <div className="patient-field" key={name}>
      <label htmlFor={`draw-${name}`}>
        {label}
        {!required && <span className="patient-optional"> ({t('optional')})</span>}
      </label>
      <input
        id={`draw-${name}`}
        type={PATIENT_FIELD_INPUTS[name].type}
        autoComplete={PATIENT_FIELD_INPUTS[name].autoComplete}
        value={values[name] ?? ''}
        onChange={(e) => set(name)(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `draw-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`draw-${name}-error`} className="patient-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={warmUp} onPointerDown={warmUp} noValidate>
      {FIELDS.filter(asked).map((name) => field(name, t(`server:fields.${name}`), queue.patient_inputs[PATIENT_INPUT_OF[name]] === 'REQUIRED'))}
      {asked('birth_date') && (
        <fieldset className="patient-field" aria-describedby={errors.birth_date ? 'draw-birth_date-error' : undefined}>
          <legend>
            {t('server:fields.birth_date')}
            {queue.patient_inputs.birth_date !== 'REQUIRED' && <span className="patient-optional"> ({t('optional')})</span>}
          </legend>
          <div className="patient-date">
            {(['day', 'month', 'year'] as const).map((part) => (
              <label key={part}>
                {t(part)}
                <input
                  inputMode="numeric"
                  value={values[part] ?? ''}
                  onChange={(e) => set(part)(e.target.value.replace(/\D/g, ''))}
                  maxLength={part === 'year' ? 4 : 2}
                  autoComplete={`bday-${part}`}
                />
              </label>
            ))}
          </div>
          {errors.birth_date && (
            <p id="draw-birth_date-error" className="patient-error">
              {errors.birth_date}
            </p>
          )}
        </fieldset>
      )}
      {queue.ask_patient_for_language && (
        <div className="patient-field">
          <label htmlFor="draw-lang">{t('language')}</label>
          <select id="draw-lang" value={lang} onChange={(e) => isSupportedLang(e.target.value) && setLanguage(e.target.value)}>
            {PATIENT_LANGS.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
      )}
      {refusal && (
        <p role="alert" className="patient-error">
          {refusal}
        </p>
      )}
      <button type="submit" className="patient-submit" disabled={busy}>
        {busy ? t('drawing') : (submitLabel ?? t('draw'))}
      </button>
    </form>
  );
}
