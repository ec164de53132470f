import { lazy, Suspense, useState } from 'react';
import type { PatientAppointment } from '@wartefrei/shared';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import deEarlier from '@wartefrei/shared/i18n/de/earlier.json';
import { PatientApiError, patientRequest } from '../app/api';
import { ConfirmAction } from '../app/ConfirmAction';
import { Notice } from '../app/Notice';
import { provideGerman, useText } from '../app/i18n';
import { QrCode } from '../app/QrCode';
import type { ScreenProps } from '../app/PatientApp';
import { formatDay, formatTime } from '../booking/format';
import { LiveTicket } from '../ticket/TicketPage';
import { ConfirmAttendance } from './ConfirmAttendance';
import { MoveAppointment } from './MoveAppointment';
import { useAppointment } from './useAppointment';
import '../booking/booking.css';
import '../ticket/ticket.css';

provideGerman('booking', deBooking);
provideGerman('earlier', deEarlier);

// "Früher, wenn möglich" loads only for an appointment whose type offers earlier times.
const EarlierBox = lazy(() => import('../earlier/EarlierBox'));

/** `?answer=confirm` / `?answer=cancel`: the links of a confirmation message (the page asks, one press answers). */
type Answer = 'confirm' | 'cancel' | undefined;
const answerOf = (search: URLSearchParams): Answer => {
  const answer = search.get('answer');
  return answer === 'confirm' || answer === 'cancel' ? answer : undefined;
};

/** A maps link by platform (docs/product.md#screens-and-routes): Apple Maps on Apple devices, Google Maps elsewhere. */
function mapsLink(place: string): string {
  const apple = /iPhone|iPad|Macintosh/.test(navigator.userAgent);
  return apple ? `https://maps.apple.com/?q=${encodeURIComponent(place)}` : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

function Details({ appointment }: { appointment: PatientAppointment }) {
  const { t, lang } = useText('booking', ['earlier']);
  const place = [appointment.location.name, appointment.location.address].filter(Boolean).join(', ');
  return (
    <dl className="appointment-details">
      <dt>{t('appointment.when')}</dt>
      <dd>
        {formatDay(appointment.start.slice(0, 10), lang, true)}, {formatTime(appointment.start, appointment.time_zone, lang)}–
        {formatTime(appointment.end, appointment.time_zone, lang)}
      </dd>
      <dt>{t('appointment.what')}</dt>
      <dd>{appointment.type_name}</dd>
      <dt>{t('appointment.where')}</dt>
      <dd>
        {place}
        <br />
        <a href={mapsLink(place)} target="_blank" rel="noreferrer">
          {t('appointment.map')}
        </a>
      </dd>
      {appointment.processor_name && (
        <>
          <dt>{t('appointment.who')}</dt>
          <dd>{appointment.processor_name}</dd>
        </>
      )}
      {appointment.confirmation_state === 'CONFIRMED' && (
        <>
          <dt>{t('earlier:confirm.stateLabel')}</dt>
          <dd>{t('earlier:confirm.state')}</dd>
        </>
      )}
    </dl>
  );
}

/** Cancel, asked first (nothing destructive without a confirmation). */
function CancelAppointment({ appointmentKey, onDone, asked }: { appointmentKey: string; onDone: (appointment: PatientAppointment) => void; asked: boolean }) {
  const { t } = useText('booking');
  const texts = {
    open: t('appointment.cancel'),
    question: t('appointment.cancelConfirm'),
    yes: t('appointment.cancelYes'),
    no: t('appointment.cancelNo'),
    failed: t('appointment.cancelFailed'),
  };
  const cancel = async () => onDone(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/cancel`, { method: 'POST', body: {} }));
  return <ConfirmAction id="appointment-cancel-question" texts={texts} act={cancel} asked={asked} />;
}

function CheckIn({ appointmentKey, onDone }: { appointmentKey: string; onDone: (appointment: PatientAppointment) => void }) {
  const { t } = useText('booking');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const checkIn = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      onDone(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/check-in`, { method: 'POST', body: {} }));
    } catch (error) {
      setFailure(error instanceof PatientApiError && error.body ? error.body.message : t('appointment.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="appointment-check-in">
      <p>{t('appointment.checkInText')}</p>
      {failure && <p role="alert">{failure}</p>}
      <button type="button" className="patient-submit" onClick={() => void checkIn()} disabled={busy}>
        {t('appointment.checkIn')}
      </button>
    </section>
  );
}

/** For the kiosk by the door: the page's own link as a QR code to scan, and the code to type. */
function KioskPass({ appointment, appointmentKey }: { appointment: PatientAppointment; appointmentKey: string }) {
  const { t } = useText('booking');
  return (
    <section className="appointment-kiosk" aria-labelledby="appointment-kiosk-title">
      <h2 id="appointment-kiosk-title">{t('appointment.kioskTitle')}</h2>
      <p>{t('appointment.kioskText')}</p>
      <QrCode text={appointment.patient_url ?? `${window.location.origin}/a/${appointmentKey}`} label={t('appointment.qrLabel')} className="appointment-qr" />
      <p className="appointment-code">{t('appointment.kioskCode', { code: appointment.check_in_code })}</p>
    </section>
  );
}

interface AppointmentViewProps {
  appointment: PatientAppointment;
  appointmentKey: string;
  show: (appointment: PatientAppointment) => void;
  answer: Answer;
}

function AppointmentView({ appointment, appointmentKey, show, answer }: AppointmentViewProps) {
  const { t } = useText('booking', ['earlier']);
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // Checked in, the patient is in the list: the page follows their ticket live (the appointment's link opens it).
  if (appointment.view === 'checked_in' && appointment.member_id) return <LiveTicket ticketKey={appointmentKey} />;
  return (
    <>
      <h1>{t(`appointment.view.${appointment.view}`)}</h1>
      {moved && <p role="status">{t('appointment.moved')}</p>}
      <p role="status">{confirmed ? t('earlier:confirm.done') : ''}</p>
      {/* Asked by the practice (the message's link, or the page opened again later): one press confirms. */}
      {appointment.can_confirm && !moving && (answer === 'confirm' || appointment.confirmation_state === 'ASKED') && (
        <ConfirmAttendance
          appointmentKey={appointmentKey}
          asked={answer === 'confirm'}
          show={(next) => {
            show(next);
            setConfirmed(true);
          }}
        />
      )}
      <Details appointment={appointment} />
      {appointment.suggest_move && !moving && (
        <div role="alert" className="appointment-late">
          <p>
            {t('appointment.late', { count: appointment.late_minutes })} {t('appointment.lateMove')}
          </p>
          <button type="button" className="ticket-secondary" onClick={() => setMoving(true)}>
            {t('appointment.move')}
          </button>
        </div>
      )}
      {moving ? (
        <MoveAppointment
          appointment={appointment}
          appointmentKey={appointmentKey}
          onMoved={(next) => {
            show(next);
            setMoving(false);
            setMoved(true);
          }}
          onClose={() => setMoving(false)}
        />
      ) : (
        <>
          {appointment.can_check_in && <CheckIn appointmentKey={appointmentKey} onDone={show} />}
          {appointment.view === 'booked' && <KioskPass appointment={appointment} appointmentKey={appointmentKey} />}
          {appointment.view === 'booked' && (
            <p className="ticket-actions">
              <a className="ticket-secondary appointment-calendar" href={`/appointments/${appointmentKey}/calendar.ics`} download>
                {t('appointment.calendar')}
              </a>
              {appointment.can_move && !appointment.suggest_move && (
                <button type="button" className="ticket-secondary" onClick={() => setMoving(true)}>
                  {t('appointment.move')}
                </button>
              )}
              {appointment.can_cancel && <CancelAppointment appointmentKey={appointmentKey} onDone={show} asked={answer === 'cancel'} />}
            </p>
          )}
          {appointment.can_ask_earlier && (
            <Suspense fallback={null}>
              <EarlierBox appointment={appointment} appointmentKey={appointmentKey} show={show} />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}

/** `/appointment/:key`, `/a/:key`: the patient's appointment by their link, from the booking or the confirmation mail. */
export default function AppointmentScreen({ route, search }: ScreenProps) {
  const { t } = useText('booking');
  const appointmentKey = route.appointmentKey ?? '';
  const { state, refresh, show } = useAppointment(appointmentKey);
  return (
    <main className="patient-screen appointment-screen">
      <p className="patient-brand">{t('appointment.title')}</p>
      {state.kind === 'loading' && <p role="status">{t('appointment.loading')}</p>}
      {state.kind === 'invalid' && <Notice title={t('appointment.invalid.title')} text={t('appointment.invalid.text')} />}
      {state.kind === 'not-found' && <Notice title={t('appointment.notFound.title')} text={t('appointment.notFound.text')} />}
      {state.kind === 'offline' && (
        <Notice title={t('error.offline.title')} text={t('error.offline.text')}>
          <button type="button" className="ticket-secondary" onClick={() => void refresh()}>
            {t('error.offline.retry')}
          </button>
        </Notice>
      )}
      {state.kind === 'appointment' && <AppointmentView appointment={state.appointment} appointmentKey={appointmentKey} show={show} answer={answerOf(search)} />}
    </main>
  );
}
