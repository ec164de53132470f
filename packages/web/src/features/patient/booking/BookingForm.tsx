import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import {
  APPOINTMENT_DESCRIPTION_MAX_LENGTH,
  missingBookingFields,
  PATIENT_FIELD_INPUTS,
  SealingKeyMismatch,
  SMS_REMINDER_MINUTES,
  type BookableType,
  type BookingField,
  type PatientAppointment,
} from '@wartefrei/shared';
import { sealBookingBody } from './seal-booking';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { PatientApiError, patientRequest } from '../app/api';
import { fieldMessage, provideGerman, useText, type Translate } from '../app/i18n';
import { SCREEN_LOADERS } from '../app/screens';
import type { TimeChoice } from './booking-times';
import { ANY_TIME, wishBody, type EarlierChoice } from '../earlier/earlier-times';

provideGerman('booking', deBooking);
provideGerman('server', deServer);

// Only for a type that offers earlier times (docs/product.md#earlier-appointments).
const EarlierBookingBox = lazy(() => import('../earlier/EarlierBookingBox'));

// The order the patient fills them in; the birth date is asked in three parts below.
const INPUTS: Exclude<BookingField, 'birth_date'>[] = ['first_name', 'last_name', 'mail', 'phone', 'insurance_number'];

/** 30 → '30 Minuten vorher', 120 → '2 Stunden vorher', 1440 → '1 Tag vorher'. */
function reminderLabel(t: Translate, minutes: number): string {
  if (minutes === 1440) return t('form.smsDay');
  return minutes % 60 === 0 ? t('form.smsHours', { count: minutes / 60 }) : t('form.smsBefore', { count: minutes });
}

interface BookingFormProps {
  type: BookableType;
  choice: TimeChoice;
  channel: 'ONLINE' | 'KIOSK';
  summary: string;
  onBooked: (appointment: PatientAppointment) => void;
  /** The time went to someone else meanwhile. */
  onTaken: () => void;
  /** Refused for another reason: the screen shows 'Termin konnte nicht gebucht werden'. */
  onFailed: (message: string | undefined) => void;
}

/** The patient data the chosen time asks for (the shared rules, checked before sending), consent, confirm. */
export function BookingForm({ type, choice, channel, summary, onBooked, onTaken, onFailed }: BookingFormProps) {
  const { t, lang } = useText('booking', ['server']);
  const [values, setValues] = useState<Record<string, string>>({});
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [earlierWanted, setEarlierWanted] = useState(false);
  const [earlier, setEarlier] = useState<EarlierChoice>(ANY_TIME);
  const modes = choice.fields;
  // The appointment page's code loads while the patient types, not on the page's first view.
  useEffect(() => {
    void SCREEN_LOADERS.appointment();
  }, []);
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const body = () => {
    const payload: Record<string, unknown> = { appointment_type_id: type.id, start: choice.start, channel, lang };
    if (choice.processorId) payload.processor_id = choice.processorId;
    for (const name of INPUTS) if (modes[name] !== 'NONE') payload[name] = values[name] ?? '';
    if (modes.birth_date !== 'NONE') {
      const [d, m, y] = [values.day ?? '', values.month ?? '', values.year ?? ''];
      payload.birth_date = d || m || y ? `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : '';
    }
    if (values.description) payload.description = values.description;
    if (values.sms) payload.sms_reminder_minutes = Number(values.sms);
    if (type.offers_earlier && earlierWanted) payload.earlier = wishBody(earlier);
    return payload;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = body();
    // What is missing is asked for at once; formats are judged by the server, whose answer
    // names each field in the patient's language: the shared schemas (zod) would put the
    // booking page over its budget on a cheap phone.
    const found: Record<string, string> = Object.fromEntries(missingBookingFields(modes, payload).map((field) => [field, fieldMessage(t, field, 'REQUIRED')]));
    if (!consent) found.consent = t('form.consentMissing');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // While the practice encrypts, the server cannot judge what is sealed: the formats are checked here.
      const sealed = await sealBookingBody(payload, type.queue_id, channel);
      if (sealed.kind === 'refused') {
        setErrors(Object.fromEntries(Object.entries(sealed.fields).map(([field, code]) => [field, fieldMessage(t, field, code)])));
        return;
      }
      onBooked(await patientRequest<PatientAppointment>('/appointments', { method: 'POST', body: sealed.body }));
    } catch (error) {
      // Nothing was sent: the served key is not the one the printed link names.
      if (error instanceof SealingKeyMismatch) return onFailed(t('server:sealing.keyMismatch'));
      if (error instanceof PatientApiError && error.code === 'APPOINTMENT_SLOT_TAKEN') return onTaken();
      const fields = error instanceof PatientApiError ? error.fields : {};
      // A field the form shows is answered beside it; anything else (the time itself) ends the booking.
      if (Object.keys(fields).some((field) => field !== 'start')) setErrors(fields);
      else onFailed(error instanceof PatientApiError ? (fields.start ?? error.body?.message) : undefined);
    } finally {
      setBusy(false);
    }
  };

  const required = (field: BookingField) => modes[field] === 'REQUIRED';
  const label = (field: string, text: string, optional: boolean) => (
    <>
      {text}
      {optional && <span className="patient-optional"> ({t('form.optional')})</span>}
    </>
  );
  const error = (name: string) =>
    errors[name] && (
      <p id={`book-${name}-error`} className="patient-error">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="book-form">
      <h2>{t('form.title')}</h2>
      <p className="book-summary">{summary}</p>
      {INPUTS.filter((name) => modes[name] !== 'NONE').map((name) => (
        <div className="patient-field" key={name}>
          <label htmlFor={`book-${name}`}>{label(name, t(`server:fields.${name}`), !required(name))}</label>
          <input
            id={`book-${name}`}
            type={PATIENT_FIELD_INPUTS[name].type}
            autoComplete={PATIENT_FIELD_INPUTS[name].autoComplete}
            value={values[name] ?? ''}
            onChange={(e) => set(name)(e.target.value)}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `book-${name}-error` : undefined}
            required={required(name)}
          />
          {error(name)}
        </div>
      ))}
      {modes.birth_date !== 'NONE' && (
        <fieldset className="patient-field" aria-describedby={errors.birth_date ? 'book-birth_date-error' : undefined}>
          <legend>{label('birth_date', t('server:fields.birth_date'), !required('birth_date'))}</legend>
          <div className="patient-date">
            {(['day', 'month', 'year'] as const).map((part) => (
              <label key={part}>
                {t(`form.${part}`)}
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
          {error('birth_date')}
        </fieldset>
      )}
      {type.sms_reminders && modes.phone !== 'NONE' && (
        <div className="patient-field">
          <label htmlFor="book-sms">{t('form.sms')}</label>
          <select id="book-sms" value={values.sms ?? ''} onChange={(e) => set('sms')(e.target.value)}>
            <option value="">{t('form.smsNone')}</option>
            {SMS_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(t, minutes)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="patient-field">
        <label htmlFor="book-description">{label('description', t('form.description'), true)}</label>
        <textarea
          id="book-description"
          rows={2}
          maxLength={APPOINTMENT_DESCRIPTION_MAX_LENGTH}
          value={values.description ?? ''}
          onChange={(e) => set('description')(e.target.value)}
        />
      </div>
      {type.offers_earlier && (
        <Suspense fallback={null}>
          <EarlierBookingBox wanted={earlierWanted} onWanted={setEarlierWanted} choice={earlier} onChoice={setEarlier} />
        </Suspense>
      )}
      <div className="book-consent">
        <input
          id="book-consent"
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'book-consent-error' : undefined}
        />
        <label htmlFor="book-consent">{t('form.consent')}</label>
      </div>
      {error('consent')}
      <button type="submit" className="patient-submit" disabled={busy}>
        {busy ? t('form.booking') : t('form.confirm')}
      </button>
    </form>
  );
}
