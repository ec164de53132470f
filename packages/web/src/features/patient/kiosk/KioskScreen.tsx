import { useEffect, useMemo, useReducer } from 'react';
import { DEFAULT_LANG, SealingKeyMismatch, type KioskCheckInResult, type PublicQueue, type TicketView } from '@wartefrei/shared';
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
import { printerFor, type PrintableTicket, type TicketPrinter } from './printer';
import { idleAtStart, idleSeconds, initialKioskState, kioskReducer, needsForm } from './kiosk-flow';
import { useIdleReset } from './useIdleReset';
import type { InterviewResult } from '../probing/interview-flow';
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
  const [state, dispatch] = useReducer(kioskReducer, appointments.offered, initialKioskState);
  const { stage, answers, busy, error, resets } = state;
  useEffect(() => dispatch({ type: 'appointmentsKnown', offered: appointments.offered }), [appointments.offered]);
  useEffect(() => dispatch({ type: 'queuesChanged', queues }), [queues]);
  const questionsAtStart = Boolean(probing.interview);
  // A newer build is deployed: the kiosk reloads after the current patient, never under a finger.
  const newVersion = useNewVersion();
  const waiting = idleAtStart(state, questionsAtStart);
  useEffect(() => {
    if (newVersion && waiting) window.location.reload();
  }, [newVersion, waiting]);
  const reset = () => {
    // Back to the start: the moment for a newer build (a start with questions is never idle otherwise).
    if (newVersion) return window.location.reload();
    dispatch({ type: 'reset' });
    setLanguage(DEFAULT_LANG);
  };
  const secondsLeft = useIdleReset(idleSeconds(state, questionsAtStart), reset);

  const print = async (printable: PrintableTicket) => {
    dispatch({ type: 'printing', printable });
    const problem = await printer.print(printable);
    if (problem) dispatch({ type: 'printFailed', printable, problem });
  };

  const take = async (queue: PublicQueue, path = answers) => {
    // The reducer ignores a second tap; the request must not go out twice either.
    if (busy !== undefined) return;
    const problem = printer.check();
    const form = needsForm(queue);
    dispatch({ type: 'tapped', queue, needsForm: form, ...(problem ? { problem } : {}) });
    if (problem || form) return;
    try {
      const body = { origin: 'KIOSK', lang, ...(path ? { answers: path } : {}) };
      // A free-text answer is patient data too: sealed while the practice encrypts.
      const sent = await sealForServedKey(body, queue.sealing_key, { table: 'queue_members' });
      const ticket = await patientRequest<TicketView>(`/queues/${queue.id}/members`, { method: 'POST', body: sent });
      await print(printableOf(ticket, queue));
    } catch (failure) {
      if (failure instanceof SealingKeyMismatch) return dispatch({ type: 'drawFailed', error: { key: 'server:sealing.keyMismatch' } });
      dispatch({ type: 'drawFailed', error: failure instanceof PatientApiError && failure.body ? { message: failure.body.message } : { key: 'offline.text' } });
    }
  };

  if (stage.kind === 'done') return <KioskDoneStep printable={stage.printable} problem={stage.problem} printer={printer} secondsLeft={secondsLeft} onDone={reset} />;

  /** Where the answers lead: a list drawn on at once (or its form), the start's lists, or the booking of the type. */
  const interviewed = (result: InterviewResult) => {
    dispatch({ type: 'interviewed', result });
    const target = result.action === 'QUEUE' ? queues.find((q) => q.id === result.queueId) : undefined;
    if (target) void take(target, result.answers);
  };

  // One logo for the practice on its first screens: where the first list on the screen puts it.
  const logo = { url: queues[0]?.logo_url, size: queues[0]?.logo_size, placement: queues[0]?.logo_placement_kiosk };
  // Until the location's appointments and questions are known, nothing to touch: the first screen must not change under a finger.
  if (!appointments.known || !probing.known) return <p role="status">{t('loading')}</p>;
  if (stage.kind === 'choice') {
    const choose = (choice: 'ticket' | 'book' | 'checkIn') => dispatch({ type: 'chose', choice, hasInterview: questionsAtStart });
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
        <Booking
          route={route}
          search={stage.typeId ? new URLSearchParams({ type: stage.typeId }) : NO_SEARCH}
          channel="KIOSK"
          onBooked={(appointment) => dispatch({ type: 'booked', appointment })}
        />
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
        <PracticeLogo url={queue.logo_url} size={queue.logo_size} placement={queue.logo_placement_kiosk} at="TOP" />
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
          {'key' in error ? t(error.key) : error.message}
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
