import { useEffect, useRef, useState } from 'react';
import type { PublicQueue, TicketView } from '@wartefrei/shared';
import deDraw from '@wartefrei/shared/i18n/de/draw.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { isNotFound, patientRequest } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { isLinkKey } from '../app/patient-link';
import type { ScreenProps } from '../app/PatientApp';
import type { InterviewResult } from '../probing/interview-flow';
import { LazyInterview } from '../probing/LazyInterview';
import { LocationPicker, QueueIntro, QueuePicker, TicketOrAppointment } from './QueueViews';
import { useFirstView } from '../app/first-view';
import { loadDraw, type DrawLoad } from './load-draw';
import '../ticket/ticket.css';

provideGerman('draw', deDraw);
provideGerman('server', deServer);

/** The key of a running ticket of this queue drawn on this device (localStorage `ticketMap`), if still running. */
async function runningTicket(queueId: string): Promise<string | undefined> {
  const map = readStored<Record<string, string>>(STORAGE_KEYS.ticketMap) ?? {};
  const key = map[queueId];
  if (!key || !isLinkKey(key)) return undefined;
  try {
    const ticket = await patientRequest<TicketView>(`/members/${key}`);
    if (ticket.view === 'waiting' || ticket.view === 'processing') return key;
  } catch {
    // Unknown ticket: forget it below.
  }
  delete map[queueId];
  writeStored(STORAGE_KEYS.ticketMap, map);
  return undefined;
}

/** `/:account/:profile?/:queue?`, `/queue/:id`, `/q/:id`: what the queue says, the questions, and drawing a ticket. */
export default function DrawScreen({ route }: ScreenProps) {
  const { t } = useText('draw');
  const { queueId: idParam, account, profile, queue: queueParam } = route;
  // Rendered by the server with the page (app/first-view.ts): shown at once, not asked again.
  const firstView = useFirstView<DrawLoad>('draw');
  const [load, setLoad] = useState<DrawLoad>(firstView ?? { kind: 'loading' });
  // Only the first load is the page's: a list picked later (same screen, new route) is asked for.
  const fromPage = useRef(firstView);
  // "Ticket ziehen" chosen over "Termin buchen" (asked only where a type is bookable).
  const [ticketChosen, setTicketChosen] = useState(false);
  // The interview's outcome, and the list it (or the picker after it) chose to draw on.
  const [result, setResult] = useState<InterviewResult>();
  const [target, setTarget] = useState<PublicQueue>();

  useEffect(() => {
    let cancelled = false;
    const toRunningTicket = async (queueId: string) => {
      const running = await runningTicket(queueId);
      if (running && !cancelled) navigate(`/ticket/${running}`, { replace: true });
      return running !== undefined;
    };
    // The server could not know of a ticket drawn on this phone: only that is asked here.
    const shown = fromPage.current;
    fromPage.current = undefined;
    if (shown) {
      if (shown.kind === 'queue') void toRunningTicket(shown.queue.id);
      return () => {
        cancelled = true;
      };
    }
    loadDraw({ queueId: idParam, account, profile, queue: queueParam }, window.location.pathname, { runningTicket: toRunningTicket }).then(
      (loaded) => !cancelled && loaded && setLoad(loaded),
      (error: unknown) => !cancelled && setLoad(isNotFound(error) ? { kind: 'not-found' } : { kind: 'offline' }),
    );
    return () => {
      cancelled = true;
    };
  }, [idParam, account, profile, queueParam]);

  /** Where the interview sends the patient: a list's form here, a booking, or a web page. */
  const onInterviewDone = (done: InterviewResult) => {
    setResult(done);
    if (done.action === 'URL') window.location.assign(done.url);
    if (done.action === 'BOOK_APPOINTMENT') navigate(`/queue/${done.queueId}/book?type=${encodeURIComponent(done.typeId)}`);
    if (done.action === 'QUEUE') pickTarget(done.queueId);
  };

  const pickTarget = (queueId: string) => {
    patientRequest<PublicQueue>(`/queues/${queueId}/public`).then(setTarget, () => setLoad({ kind: 'offline' }));
  };

  const ready = load.kind === 'pick' || load.kind === 'queue';
  const choosing = ready && load.bookPath !== undefined && !ticketChosen;
  const interviewing = ready && !choosing && load.interview !== undefined && result === undefined;
  const answers = result?.answers;
  return (
    <main className="patient-screen draw-screen">
      <p className="patient-brand">{t('brand')}</p>
      {load.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {load.kind === 'not-found' && (
        <>
          <h1>{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
        </>
      )}
      {load.kind === 'choose' && (
        <>
          <h1>{t('choose.title')}</h1>
          <p>{t('choose.text')}</p>
        </>
      )}
      {load.kind === 'locations' && <LocationPicker account={load.account} locations={load.locations} />}
      {load.kind === 'offline' && (
        <>
          <h1>{t('offline.title')}</h1>
          <p>{t('offline.text')}</p>
        </>
      )}
      {choosing && load.bookPath && (
        <TicketOrAppointment title={load.kind === 'pick' ? load.profile.name : load.queue.name} bookPath={load.bookPath} onTicket={() => setTicketChosen(true)} />
      )}
      {interviewing && load.interview && (
        <LazyInterview
          loading={t('interview.loading')}
          interview={load.interview}
          onDone={onInterviewDone}
          {...(load.bookPath ? { onCancel: () => setTicketChosen(false) } : {})}
        />
      )}
      {ready && !choosing && !interviewing && (
        <>
          {(result?.action === 'URL' || result?.action === 'BOOK_APPOINTMENT') && <p role="status">{t('interview.leaving')}</p>}
          {target && <QueueIntro queue={target} {...(answers ? { answers } : {})} />}
          {!target && result?.action === 'QUEUE' && <p role="status">{t('loading')}</p>}
          {!target && (!result || result.action === 'NOTHING') && load.kind === 'pick' && (
            <QueuePicker profile={load.profile} {...(answers ? { onPick: (queue: PublicQueue) => setTarget(queue) } : {})} />
          )}
          {!target && (!result || result.action === 'NOTHING') && load.kind === 'queue' && <QueueIntro queue={load.queue} {...(answers ? { answers } : {})} />}
        </>
      )}
    </main>
  );
}
