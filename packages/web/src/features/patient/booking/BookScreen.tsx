import { lazy, Suspense, useEffect, useState } from 'react';
import type { Availability, BookableType, PatientAppointment } from '@wartefrei/shared';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import { isNotFound } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { bookableTypesAt, resolveLink } from '../app/resolve-link';
import type { ScreenProps } from '../app/PatientApp';
import { handOverAppointment, rememberAppointment, rememberedAppointments } from '../appointment/remembered';
import { linkKeyOf } from '../app/patient-link';
import type { TimeChoice } from './booking-times';
import { formatDay, formatTime } from './format';
import { TimePicker, type PickerProblem } from './TimePicker';
import './booking.css';

provideGerman('booking', deBooking);

// The form brings the field rules (zod) and the server's messages: fetched once a time is
// picked, so the page that shows the free times stays within its budget (docs/product.md).
const BookingForm = lazy(async () => ({ default: (await import('./BookingForm')).BookingForm }));

type Problem = PickerProblem | 'link' | 'no-types' | 'failed';
const PROBLEM_TEXT: Record<Problem, string> = {
  link: 'error.link',
  'no-types': 'error.noTypes',
  'no-slots': 'error.noSlots',
  'not-online': 'error.notOnline',
  'not-kiosk': 'error.notKiosk',
  failed: 'error.failed',
  offline: 'error.offline',
};

type Step =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: Problem; message?: string | undefined }
  | { kind: 'type'; types: BookableType[] }
  | { kind: 'time'; types: BookableType[]; type: BookableType; taken?: string }
  | { kind: 'form'; types: BookableType[]; type: BookableType; choice: TimeChoice; timeZone: string };

/** The types a link offers: a list's (`/queue/:id/book`, `…/:queue/book`) or a location's (`/:account/:profile/book`). */
async function typesOf(route: Omit<ScreenProps['route'], 'screen'>, channel: 'ONLINE' | 'KIOSK'): Promise<BookableType[] | undefined> {
  const { queueId, profileId } = await resolveLink(route);
  if (!queueId && !profileId) return undefined;
  // A location's link resolves to its first list too; it offers every list's types.
  const namesList = Boolean(route.queueId ?? route.queue);
  return bookableTypesAt(namesList || !profileId ? { queueId } : { profileId }, channel);
}

/**
 * Booking, in steps a patient on a cheap phone finishes in a minute: type (skipped when there
 * is one), day and time, their data, confirm. `?type=` preselects a type (a questionnaire's
 * answer). Lands on `/a/{key}` (the link's key of the answer), remembered on the device like a ticket.
 */
export function Booking({ route, search, channel, onBooked }: ScreenProps & { channel: 'ONLINE' | 'KIOSK'; onBooked?: (appointment: PatientAppointment) => void }) {
  const { t, lang } = useText('booking');
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const wanted = search.get('type');
  const { queueId, account, profile, queue } = route;

  useEffect(() => {
    let cancelled = false;
    setStep({ kind: 'loading' });
    typesOf({ queueId, account, profile, queue }, channel)
      .then((types) => {
        if (cancelled) return;
        if (!types) return setStep({ kind: 'problem', problem: 'link' });
        if (types.length === 0) return setStep({ kind: 'problem', problem: 'no-types' });
        const only = types.find((type) => type.id === wanted) ?? (types.length === 1 ? types[0] : undefined);
        setStep(only ? { kind: 'time', types, type: only } : { kind: 'type', types });
      })
      .catch((error: unknown) => !cancelled && setStep({ kind: 'problem', problem: isNotFound(error) ? 'link' : 'offline' }));
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
            summary={t('form.summary', { type: step.type.name, date: formatDay(step.choice.start.slice(0, 10), lang, true), time: formatTime(step.choice.start, step.timeZone, lang) })}
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
  const mine = rememberedAppointments(new Date());
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
