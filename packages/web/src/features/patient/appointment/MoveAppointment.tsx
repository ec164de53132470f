import { useState } from 'react';
import type { PatientAppointment } from '@wartefrei/shared';
import { PatientApiError, patientRequest } from '../app/api';
import { useText } from '../app/i18n';
import type { TimeChoice } from '../booking/booking-times';
import { formatDay, formatTime } from '../booking/format';
import { TimePicker } from '../booking/TimePicker';

interface MoveAppointmentProps {
  appointment: PatientAppointment;
  /** The key of the patient's link: what the move is asked by. */
  appointmentKey: string;
  onMoved: (appointment: PatientAppointment) => void;
  onClose: () => void;
}

/** Another free time of the same type, confirmed before it is taken; a time gone meanwhile offers the nearest. */
export function MoveAppointment({ appointment, appointmentKey, onMoved, onClose }: MoveAppointmentProps) {
  const { t, lang } = useText('booking');
  const [chosen, setChosen] = useState<TimeChoice>();
  const [taken, setTaken] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const move = async (choice: TimeChoice) => {
    setBusy(true);
    setFailure(undefined);
    try {
      onMoved(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/move`, { method: 'POST', body: { start: choice.start } }));
    } catch (error) {
      setChosen(undefined);
      if (error instanceof PatientApiError && error.code === 'APPOINTMENT_SLOT_TAKEN') setTaken(choice.start);
      else setFailure(error instanceof PatientApiError && error.body ? error.body.message : t('appointment.moveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="move-title" className="appointment-move">
      <h2 id="move-title">{t('appointment.moveTitle')}</h2>
      {failure && <p role="alert">{failure}</p>}
      {chosen ? (
        <div role="alertdialog" aria-labelledby="move-question" className="ticket-confirm">
          <p id="move-question">
            {t('appointment.moveConfirm', { date: formatDay(chosen.start.slice(0, 10), lang), time: formatTime(chosen.start, appointment.time_zone, lang) })}
          </p>
          <div className="ticket-actions">
            <button type="button" className="patient-submit" onClick={() => void move(chosen)} disabled={busy} autoFocus>
              {t('appointment.moveYes')}
            </button>
            <button type="button" className="ticket-secondary" onClick={() => setChosen(undefined)} disabled={busy}>
              {t('appointment.moveNo')}
            </button>
          </div>
        </div>
      ) : (
        <TimePicker
          type={{ id: appointment.appointment_type_id, choose_processor: false }}
          channel="ONLINE"
          taken={taken}
          onPick={setChosen}
          onProblem={() => setFailure(t('appointment.moveFailed'))}
        />
      )}
      <button type="button" className="book-back" onClick={onClose}>
        {t('appointment.moveCancel')}
      </button>
    </section>
  );
}
