import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Availability, PatientAppointment } from '@wartefrei/shared';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import type { ScreenProps } from '../app/PatientApp';
import { handOverAppointment, rememberAppointment, rememberedAppointments } from '../appointment/remembered';
import { linkKeyOf } from '../app/patient-link';
import type { TimeChoice } from './booking-times';
import { formatDay, formatTime } from './format';
import { TimePicker } from './TimePicker';
import { renderingFirstView, useFirstView } from '../app/first-view';
import { firstBookingStep, type BookFirstView, type BookingProblem, type BookingStep } from './load-booking';
import './booking.css';

provideGerman('booking', deBooking);

// The form brings the field rules (zod) and the server's messages: fetched once a time is
// picked, so the page that shows the free times stays within its budget (docs/product.md).
const BookingForm = lazy(async () => ({ default: (await import('./BookingForm')).BookingForm }));

type Problem = BookingProblem;
const PROBLEM_TEXT: Record<Problem, string> = {
  link: 'error.link',
  'no-types': 'error.noTypes',
  'no-slots': 'error.noSlots',
  'not-online': 'error.notOnline',
  'not-kiosk': 'error.notKiosk',
  failed: 'error.failed',
  offline: 'error.offline',
};

/**
 * Booking, in steps a patient on a cheap phone finishes in a minute: type (skipped when there
 * is one), day and time, their data, confirm. `?type=` preselects a type (a questionnaire's
 * answer). Lands on `/a/{key}` (the link's key of the answer), remembered on the device like a ticket.
 */
export function Booking({ route, search, channel, onBooked }: ScreenProps & { channel: 'ONLINE' | 'KIOSK'; onBooked?: (appointment: PatientAppointment) => void }) {
  const { t, lang } = useText('booking');
  // Rendered by the server with the page (app/first-view.ts; never the kiosk's): not asked again.
  const firstView = useFirstView<BookFirstView>(channel === 'ONLINE' ? 'book' : 'kiosk');
  const [step, setStep] = useState<BookingStep>(firstView?.step ?? { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const askFirst = useRef(!firstView);
  const wanted = search.get('type');
  const { queueId, account, profile, queue } = route;

  useEffect(() => {
    if (!askFirst.current) {
      askFirst.current = true;
      return undefined;
    }
    let cancelled = false;
    setStep({ kind: 'loading' });
    void firstBookingStep({ queueId, account, profile, queue }, wanted, channel).then((first) => !cancelled && setStep(first));
    return () => {
      cancelled = true;
    };
  }, [queueId, account, profile, queue, channel, wanted, attempt]);

  const booked = (appointment: PatientAppointment) => {
    // The kiosk shows the booking itself and returns to its start: nothing stays on that device.
    if (onBooked) return onBooked(appointment);
    const key = linkKeyOf(appointment.patient_url) ?? '';
    if (channel === 'ONLINE') rememberAppointment(appointment, key);
    handOverAppointment(appointment, key);
    navigate(`/a/${key}`, { replace: true });
  };
  // Inside the kiosk's page the booking is a section; on its own it is the page's main content.
  const Frame = onBooked ? 'section' : 'main';
  const steps = step.kind !== 'loading' && step.kind !== 'problem' && step.types.length > 1 ? 3 : 2;
  const stepNumber = step.kind === 'type' ? 1 : step.kind === 'time' ? steps - 1 : steps;

  return (
    <Frame className={onBooked ? 'book-screen' : 'patient-screen book-screen'}>
      {!onBooked && <p className="patient-brand">{t('brand')}</p>}
      {step.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {step.kind === 'problem' && (
        <div role="alert">
          <h1>{t(`${PROBLEM_TEXT[step.problem]}.title`)}</h1>
          <p>{step.message ?? t(`${PROBLEM_TEXT[step.problem]}.text`)}</p>
          {(step.problem === 'offline' || step.problem === 'failed') && (
            <button type="button" className="book-secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('error.offline.retry')}
            </button>
          )}
        </div>
      )}
      {step.kind !== 'loading' && step.kind !== 'problem' && (
        <>
          <h1>{t('title')}</h1>
          <p className="book-step">{t('step', { step: stepNumber, steps })}</p>
          {channel === 'ONLINE' && step.kind === 'type' && <Remembered />}
        </>
      )}
      {step.kind === 'type' && (
        <section aria-labelledby="book-type-title">
          <h2 id="book-type-title">{t('type.title')}</h2>
          <div className="book-types">
            {step.types.map((type) => (
              <button key={type.id} type="button" className="book-type" onClick={() => setStep({ kind: 'time', types: step.types, type })}>
                <strong>{type.name}</strong>
                <span>
                  {t('type.minutes', { count: type.duration_minutes })} · {type.queue_name}
                </span>
              </button>
            ))}
          </div>
        </section>
      )}
      {step.kind === 'time' && (
        <>
          {step.types.length > 1 && <BackButton onClick={() => setStep({ kind: 'type', types: step.types })} />}
          <p className="book-chosen">{step.type.name}</p>
          <TimePicker
            type={step.type}
            channel={channel}
            taken={step.taken}
            initial={firstView?.step === step ? firstView.times : undefined}
            onPick={(choice: TimeChoice, availability: Availability) => setStep({ ...step, kind: 'form', choice, timeZone: availability.time_zone })}
            onProblem={(problem) => setStep({ kind: 'problem', problem })}
          />
        </>
      )}
      {step.kind === 'form' && (
        <>
          <BackButton onClick={() => setStep({ kind: 'time', types: step.types, type: step.type })} />
          <Suspense fallback={<p role="status">{t('form.loading')}</p>}>
            <BookingForm
              type={step.type}
              choice={step.choice}
              channel={channel}
              summary={t('form.summary', {
                type: step.type.name,
                date: formatDay(step.choice.start.slice(0, 10), lang, true),
                time: formatTime(step.choice.start, step.timeZone, lang),
              })}
              onBooked={booked}
              onTaken={() => setStep({ kind: 'time', types: step.types, type: step.type, taken: step.choice.start })}
              onFailed={(message) => setStep({ kind: 'problem', problem: 'failed', message })}
            />
          </Suspense>
        </>
      )}
    </Frame>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useText('booking');
  return (
    <button type="button" className="book-back" onClick={onClick}>
      ← {t('back')}
    </button>
  );
}

/** The appointments already booked on this phone: a patient coming back finds theirs first. */
function Remembered() {
  const { t, lang } = useText('booking');
  // This phone's memory is not in the server's first view: read once the page has been taken over.
  const [ready, setReady] = useState(() => !renderingFirstView());
  useEffect(() => setReady(true), []);
  const mine = ready ? rememberedAppointments(new Date()) : [];
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="book-mine-title" className="book-mine">
      <h2 id="book-mine-title">{t('mine')}</h2>
      <ul>
        {mine.map(([key, entry]) => (
          <li key={key}>
            <a href={`/a/${key}`}>
              {entry.type_name}: {formatDay(entry.start.slice(0, 10), lang)}, {entry.start.slice(11, 16)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/queue/:id/book`, `/:account/:profile?/:queue?/book`. */
export default function BookScreen(props: ScreenProps) {
  return <Booking {...props} channel="ONLINE" />;
}
