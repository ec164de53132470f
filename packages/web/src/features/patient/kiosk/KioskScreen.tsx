import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LANG, SealingKeyMismatch, type KioskCheckInResult, type PatientAppointment, type ProbingAnswer, type PublicQueue, type TicketView } from '@wartefrei/shared';
import deKiosk from '@wartefrei/shared/i18n/de/kiosk.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { PatientApiError, patientRequest } from '../app/api';
import { sealForServedKey } from '../app/seal-served';
import { provideGerman, setLanguage, useText, type Translate } from '../app/i18n';
import type { ScreenProps } from '../app/PatientApp';
import { Booking } from '../booking/BookScreen';
import { DrawForm } from '../draw/DrawForm';
import { KioskBookedStep, KioskCheckInStep, KioskChoiceStep } from './KioskAppointments';
import { useKioskAppointments } from './useKioskAppointments';
import { printableOf, printableOfCheckIn } from './printable';
import { PracticeLogo } from '../app/PracticeLogo';
import { useLiveQueues } from '../queue/useLiveQueues';
import { KioskDoneStep } from './KioskDone';
import { printerFor, type PrintableTicket, type PrintProblem, type TicketPrinter } from './printer';
import { useIdleReset } from './useIdleReset';
import type { InterviewResult } from '../probing/Interview';
import { LazyInterview } from '../probing/LazyInterview';
import { useInterview } from '../probing/useInterview';
import { useKioskLocation } from './useKioskLocation';
import { KioskHeader, MonitorPanel, Notice } from './KioskParts';
import { useNewVersion } from '../app/version';
import '../ticket/ticket.css';
import './kiosk.css';

provideGerman('kiosk', deKiosk);
provideGerman('server', deServer);

const NO_SEARCH = new URLSearchParams();

/** Seconds the "your number" screen stays before the kiosk returns to the start. */
const DONE_SECONDS = 20;
/** Seconds without a touch on the form before the kiosk returns to the start. */
const FORM_IDLE_SECONDS = 90;

type Stage =
  | { kind: 'choice' }
  | { kind: 'start' }
  | { kind: 'interview' }
  | { kind: 'form'; queue: PublicQueue }
  | { kind: 'done'; printable: PrintableTicket; problem?: PrintProblem }
  | { kind: 'book'; search?: URLSearchParams }
  | { kind: 'checkIn' }
  | { kind: 'booked'; appointment: PatientAppointment };

/** A draw needs the form only when the queue requires patient data; otherwise one tap draws. */
const needsForm = (queue: PublicQueue) => Object.values(queue.patient_inputs).some((input) => input === 'REQUIRED') || queue.ask_patient_for_language;

/** "3 Personen warten · etwa 20 Minuten Wartezeit"; just "Niemand wartet" for an empty line. */
function waitLine(queue: PublicQueue, t: Translate): string {
  if (queue.waiting === 0) return t('waitingNone');
  const waiting = t('waiting', { count: queue.waiting });
  return queue.estimated_wait ? `${waiting} · ${t('wait', { minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) })}` : waiting;
}

/** `…/kiosk`, `…/sunmi_kiosk`: the terminal by the door — pick a list, take a ticket, take the paper. */
export default function KioskScreen({ route }: ScreenProps) {
  const { t } = useText('kiosk');
  const location = useKioskLocation(route);
  const mode = location.kind === 'ready' ? location.profile.kiosk_printing : 'OFF';
  const printer = useMemo<TicketPrinter>(() => printerFor(mode, Boolean(route.sunmi)), [mode, route.sunmi]);
  const { state, live } = useLiveQueues(location.kind === 'ready' ? location.queueIds : undefined);
  const offered = state.kind === 'ready' ? state.queues.filter((q) => q.kiosk_enabled) : [];
  const bridgeProblem = printer.check();

  let content: React.ReactNode;
  if (location.kind === 'loading' || (location.kind === 'ready' && state.kind === 'loading')) content = <p role="status">{t('loading')}</p>;
  else if (location.kind === 'not-found' || state.kind === 'not-found') content = <Notice title={t('notFound.title')} text={t('notFound.text')} />;
  else if (location.kind === 'no-location') content = <Notice title={t('noLocation.title')} text={t('noLocation.text')} />;
  else if (location.kind === 'offline' || state.kind === 'offline') content = <Notice title={t('offline.title')} text={t('offline.text')} />;
  else if (bridgeProblem === 'notInKioskApp') content = <Notice title={t('notInKioskApp.title')} text={t(route.sunmi ? 'notInKioskApp.text' : 'notInKioskApp.setting')} />;
  else if (offered.length === 0) content = <Notice title={t('deactivated.title')} text={t('deactivated.text')} />;
  else content = <KioskFlow queues={offered} printer={printer} route={route} profileId={location.kind === 'ready' ? location.profile.id : ''} />;

  const monitorQueues = offered.filter((q) => q.display_monitor_on_kiosk);
  return (
    <div className="kiosk-screen">
      <main className="kiosk-main">
        <KioskHeader title={location.kind === 'ready' ? location.profile.name : t('brand')} />
        {live === 'reconnecting' && offered.length > 0 && (
          <p className="kiosk-reconnecting" role="status">
            {t('reconnecting')}
          </p>
        )}
        {content}
      </main>
      {monitorQueues.length > 0 && <MonitorPanel queues={monitorQueues} />}
    </div>
  );
}

function KioskFlow({ queues, printer, route, profileId }: { queues: PublicQueue[]; printer: TicketPrinter; route: ScreenProps['route']; profileId: string }) {
  const { t, lang } = useText('kiosk', ['server']);
  const appointments = useKioskAppointments(profileId);
  // The kiosk's questions: at a location's kiosk always, at a list's only when it always asks.
  const probing = useInterview(profileId, 'KIOSK', !route.queue || queues.some((q) => q.always_show_probing_questions));
  const [answers, setAnswers] = useState<ProbingAnswer[]>();
  // Counts the returns to the start: a half-answered interview starts over for the next person.
  const [resets, setResets] = useState(0);
  const first: Stage = appointments.offered ? { kind: 'choice' } : { kind: 'start' };
  const [stage, setStage] = useState<Stage>(first);
  // The location's types arrive after the first paint: the first question then comes first.
  useEffect(() => setStage((current) => (current.kind === 'start' && appointments.offered ? { kind: 'choice' } : current)), [appointments.offered]);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  // A newer build is deployed: the kiosk reloads after the current patient, never under a finger.
  const newVersion = useNewVersion();
  const idleAtStart = stage.kind === first.kind && !answers && !probing.interview && busy === undefined;
  useEffect(() => {
    if (newVersion && idleAtStart) window.location.reload();
  }, [newVersion, idleAtStart]);
  const reset = () => {
    // Back to the start: the moment for a newer build (a start with questions is never idle otherwise).
    if (newVersion) return window.location.reload();
    setStage(first);
    setAnswers(undefined);
    setResets((n) => n + 1);
    setError(undefined);
    setLanguage(DEFAULT_LANG);
  };
  const idle = { done: DONE_SECONDS, booked: DONE_SECONDS, form: FORM_IDLE_SECONDS, interview: FORM_IDLE_SECONDS, book: FORM_IDLE_SECONDS, checkIn: FORM_IDLE_SECONDS } as Partial<
    Record<Stage['kind'], number>
  >;
  // Questions on screen, or answers given but no list taken: the next person must not meet them.
  const secondsLeft = useIdleReset(stage.kind === 'start' && (answers || probing.interview) ? FORM_IDLE_SECONDS : idle[stage.kind], reset);

  const print = async (printable: PrintableTicket) => {
    setStage({ kind: 'done', printable });
    const problem = await printer.print(printable);
    if (problem) setStage({ kind: 'done', printable, problem });
  };

  const take = async (queue: PublicQueue, path = answers) => {
    setError(undefined);
    // Check the printer before drawing: a ticket nobody can hold would only lengthen the line.
    const problem = printer.check();
    if (problem) return setError(t(problem));
    if (needsForm(queue)) return setStage({ kind: 'form', queue });
    setBusy(queue.id);
    try {
      const body = { origin: 'KIOSK', lang, ...(path ? { answers: path } : {}) };
      // A free-text answer is patient data too: sealed while the practice encrypts.
      const sent = await sealForServedKey(body, queue.sealing_key, { table: 'queue_members' });
      const ticket = await patientRequest<TicketView>(`/queues/${queue.id}/members`, { method: 'POST', body: sent });
      await print(printableOf(ticket, queue));
    } catch (failure) {
      if (failure instanceof SealingKeyMismatch) return setError(t('server:sealing.keyMismatch'));
      setError(failure instanceof PatientApiError && failure.body ? failure.body.message : t('offline.text'));
    } finally {
      setBusy(undefined);
    }
  };

  if (stage.kind === 'done') return <KioskDoneStep printable={stage.printable} problem={stage.problem} printer={printer} secondsLeft={secondsLeft} onDone={reset} />;

  /** Where the answers lead: a list drawn on at once (or its form), the start's lists, or the booking of the type. */
  const interviewed = (result: InterviewResult) => {
    setAnswers(result.answers);
    if (result.action === 'BOOK_APPOINTMENT') return setStage({ kind: 'book', search: new URLSearchParams({ type: result.typeId }) });
    setStage({ kind: 'start' });
    const target = result.action === 'QUEUE' ? queues.find((q) => q.id === result.queueId) : undefined;
    if (target) void take(target, result.answers);
  };

  // One logo for the practice on its first screens: where the first list on the screen puts it.
  const logo = { url: queues[0]?.logo_url, placement: queues[0]?.logo_placement_kiosk };
  // Until the location's appointments and questions are known, nothing to touch: the first screen must not change under a finger.
  if (!appointments.known || !probing.known) return <p role="status">{t('loading')}</p>;
  if (stage.kind === 'choice') {
    const choose = (choice: 'ticket' | 'book' | 'checkIn') => setStage({ kind: choice === 'ticket' ? (probing.interview ? 'interview' : 'start') : choice });
    return (
      <>
        <PracticeLogo {...logo} at="TOP" />
        <KioskChoiceStep canBook={appointments.bookable} onChoose={choose} />
        <PracticeLogo {...logo} at="BOTTOM" />
      </>
    );
  }
  if (stage.kind === 'interview' || (stage.kind === 'start' && probing.interview && !answers)) {
    return (
      <div className="kiosk-form">
        {probing.interview && (
          <LazyInterview key={resets} loading={t('loading')} interview={probing.interview} onDone={interviewed} {...(appointments.offered ? { onCancel: reset } : {})} />
        )}
      </div>
    );
  }
  if (stage.kind === 'checkIn') {
    const checkedIn = (result: KioskCheckInResult) =>
      void print(
        printableOfCheckIn(
          result,
          queues.find((q) => q.name === result.queue_name),
          new Date(),
        ),
      );
    return <KioskCheckInStep profileId={profileId} onCheckedIn={checkedIn} onBack={reset} />;
  }
  if (stage.kind === 'booked') return <KioskBookedStep appointment={stage.appointment} onDone={reset} />;
  if (stage.kind === 'book') {
    return (
      <div className="kiosk-form">
        <Booking route={route} search={stage.search ?? NO_SEARCH} channel="KIOSK" onBooked={(appointment) => setStage({ kind: 'booked', appointment })} />
        <button type="button" className="kiosk-secondary" onClick={reset}>
          {t('back')}
        </button>
      </div>
    );
  }

  if (stage.kind === 'form') {
    const { queue } = stage;
    return (
      <section className="kiosk-form" aria-labelledby="kiosk-form-title">
        <PracticeLogo url={queue.logo_url} placement={queue.logo_placement_kiosk} at="TOP" />
        <h1 id="kiosk-form-title">{queue.name}</h1>
        {queue.kiosk_text_before && (
          <p className="kiosk-text" dir="auto">
            {queue.kiosk_text_before}
          </p>
        )}
        <DrawForm queue={queue} origin="KIOSK" submitLabel={t('take')} onDrawn={(ticket) => void print(printableOf(ticket, queue))} {...(answers ? { answers } : {})} />
        <button type="button" className="kiosk-secondary" onClick={reset}>
          {t('back')}
        </button>
      </section>
    );
  }

  const single = queues.length === 1 ? queues[0] : undefined;
  return (
    <section aria-labelledby="kiosk-start-title">
      <PracticeLogo {...logo} at="TOP" />
      <h1 id="kiosk-start-title">{single ? single.name : t('choose')}</h1>
      {single?.kiosk_text_before && (
        <p className="kiosk-text" dir="auto">
          {single.kiosk_text_before}
        </p>
      )}
      {error && (
        <p role="alert" className="kiosk-problem">
          {error}
        </p>
      )}
      <ul className="kiosk-queues">
        {queues.map((queue) => (
          <li key={queue.id}>
            <button
              type="button"
              className="kiosk-queue"
              style={queue.color ? { borderLeftColor: queue.color } : undefined}
              disabled={queue.kiosk_refusal !== null || busy !== undefined}
              onClick={() => void take(queue)}
            >
              <span className="kiosk-queue-name">{single ? (busy ? t('taking') : t('take')) : queue.name}</span>
              <span className="kiosk-queue-detail">{queue.kiosk_refusal ? t(`server:errors.${queue.kiosk_refusal}`) : waitLine(queue, t)}</span>
              {!single && queue.kiosk_text_before && (
                <span className="kiosk-queue-detail" dir="auto">
                  {queue.kiosk_text_before}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {appointments.offered && (
        <button type="button" className="kiosk-secondary" onClick={reset}>
          {t('back')}
        </button>
      )}
      <PracticeLogo {...logo} at="BOTTOM" />
    </section>
  );
}
