import { useState, type FormEvent } from 'react';
import type { KioskCheckInResult, PatientAppointment } from '@wartefrei/shared';
import { PatientApiError, patientRequest } from '../app/api';
import { useText } from '../app/i18n';
import { QrCode } from '../app/QrCode';
import { formatDay, formatTime } from '../booking/format';

/*
 * The kiosk's side of appointments: the first question where the location offers them, the
 * check-in by the appointment page's QR code or its typed code, and a booking's confirmation.
 */

export type KioskChoice = 'ticket' | 'book' | 'checkIn';

/** "Ticket ziehen", "Termin buchen" (where a type is bookable at the kiosk), "Für meinen Termin einchecken". */
export function KioskChoiceStep({ canBook, onChoose }: { canBook: boolean; onChoose: (choice: KioskChoice) => void }) {
  const { t } = useText('kiosk');
  const choices: KioskChoice[] = canBook ? ['ticket', 'book', 'checkIn'] : ['ticket', 'checkIn'];
  return (
    <section aria-labelledby="kiosk-choice-title">
      <h1 id="kiosk-choice-title">{t('appointments.title')}</h1>
      <ul className="kiosk-queues">
        {choices.map((choice) => (
          <li key={choice}>
            <button type="button" className="kiosk-queue" onClick={() => onChoose(choice)}>
              <span className="kiosk-queue-name">{t(`appointments.${choice}`)}</span>
              <span className="kiosk-queue-detail">{t(`appointments.${choice}Text`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Check-in at the kiosk: a counter scanner types the QR code's link into the focused field and
 * presses Enter; a patient without the code on a screen types the eight characters instead.
 */
export function KioskCheckInStep({ profileId, onCheckedIn, onBack }: { profileId: string; onCheckedIn: (done: KioskCheckInResult) => void; onBack: () => void }) {
  const { t } = useText('kiosk', ['server']);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // The number to wait with, and nothing that opens the ticket: a kiosk is a shared device.
      onCheckedIn(await patientRequest<KioskCheckInResult>('/appointments/check-in', { method: 'POST', body: { profile_id: profileId, code } }));
    } catch (failure) {
      setError(failure instanceof PatientApiError && failure.body ? (failure.fields.code ?? failure.body.message) : t('offline.text'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="kiosk-form" aria-labelledby="kiosk-check-in-title">
      <h1 id="kiosk-check-in-title">{t('checkIn.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="kiosk-check-in-code" className="patient-field">
          {t('checkIn.label')}
        </label>
        <input
          id="kiosk-check-in-code"
          className="kiosk-code-input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="kiosk-check-in-hint"
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        <p id="kiosk-check-in-hint" className="kiosk-text">
          {t('checkIn.hint')}
        </p>
        {error && (
          <p role="alert" className="kiosk-problem">
            {error}
          </p>
        )}
        <button type="submit" className="kiosk-primary" disabled={busy || code.trim() === ''}>
          {busy ? t('checkIn.busy') : t('checkIn.submit')}
        </button>
      </form>
      <button type="button" className="kiosk-secondary" onClick={onBack}>
        {t('back')}
      </button>
    </section>
  );
}

/** A booking made at the kiosk: when and what, and the appointment page as a QR code for the patient's phone. */
export function KioskBookedStep({ appointment, onDone }: { appointment: PatientAppointment; onDone: () => void }) {
  const { t, lang } = useText('kiosk');
  return (
    <section className="kiosk-done" aria-labelledby="kiosk-booked-title">
      <h1 id="kiosk-booked-title">{t('booked.title')}</h1>
      <p className="kiosk-queue-name" role="status">
        {appointment.type_name}: {formatDay(appointment.start.slice(0, 10), lang, true)}, {formatTime(appointment.start, appointment.time_zone, lang)}
      </p>
      <p className="kiosk-text">{t('booked.scan')}</p>
      {appointment.patient_url && <QrCode text={appointment.patient_url} label={t('booked.qrLabel')} className="kiosk-booked-qr" />}
      <p className="kiosk-text">{t('booked.code', { code: appointment.check_in_code })}</p>
      <div className="kiosk-actions">
        <button type="button" className="kiosk-primary" onClick={onDone} autoFocus>
          {t('done')}
        </button>
      </div>
    </section>
  );
}
