import { useState } from 'react';
import type { PatientAppointment } from '@wartefrei/shared';
import { failureMessage, patientRequest } from '../app/api';
import { useText } from '../app/i18n';

interface ConfirmAttendanceProps {
  appointmentKey: string;
  show: (appointment: PatientAppointment) => void;
  /** Opened from the message's "Ich komme" link: the button has the focus at once. */
  asked: boolean;
}

/**
 * "Kommen Sie zu Ihrem Termin?" when the practice asks for a confirmation
 * (docs/product.md#earlier-appointments). The message's link only opens this page (a GET changes
 * nothing); one press of "Ich komme" confirms.
 */
export function ConfirmAttendance({ appointmentKey, show, asked }: ConfirmAttendanceProps) {
  const { t } = useText('earlier');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      show(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/confirm`, { method: 'POST', body: {} }));
    } catch (error) {
      setFailure(failureMessage(error, t('confirm.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="appointment-confirm" aria-labelledby="appointment-confirm-question">
      <h2 id="appointment-confirm-question">{t('confirm.question')}</h2>
      {failure && <p role="alert">{failure}</p>}
      <button type="button" className="patient-submit" onClick={() => void confirm()} disabled={busy} autoFocus={asked}>
        {busy ? t('confirm.busy') : t('confirm.yes')}
      </button>
    </section>
  );
}
