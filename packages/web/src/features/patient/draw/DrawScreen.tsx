import { useEffect, useState } from 'react';
import type { ProbingInterview, PublicProfile, PublicQueue, ResolvedRoute, TicketView } from '@wartefrei/shared';
import deDraw from '@wartefrei/shared/i18n/de/draw.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { isNotFound, patientRequest } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { bookableTypesAt, resolveLink } from '../app/resolve-link';
import { isLinkKey } from '../app/patient-link';
import type { ScreenProps } from '../app/PatientApp';
import type { InterviewResult } from '../probing/Interview';
import { LazyInterview } from '../probing/LazyInterview';
import { LocationPicker, QueueIntro, QueuePicker, TicketOrAppointment } from './QueueViews';
import '../ticket/ticket.css';

provideGerman('draw', deDraw);
provideGerman('server', deServer);

type Load =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'choose' }
  | { kind: 'locations'; account: string; locations: ResolvedRoute['profiles'] }
  | { kind: 'pick'; profile: PublicProfile; bookPath?: string; interview?: ProbingInterview }
  | { kind: 'offline' }
  | { kind: 'queue'; queue: PublicQueue; bookPath?: string; interview?: ProbingInterview };

/**
 * Where "Termin buchen" leads when the list or location offers a bookable type (else nowhere:
 * the patient goes straight to the ticket). A failed question offers no booking rather than
 * keeping the patient from their ticket.
 */
async function bookingPath(ids: { queueId?: string; profileId?: string }, pathname: string): Promise<string | undefined> {
  try {
    if ((await bookableTypesAt(ids, 'ONLINE')).length === 0) return undefined;
  } catch {
    return undefined;
  }
  // An id link books at `/queue/:id/book`; an identifier link (`/praxis/wien`) gains `/book`.
  const byId = pathname.startsWith('/queue/') || pathname.startsWith('/q/');
  return byId && ids.queueId ? `/queue/${ids.queueId}/book` : `${pathname.replace(/\/$/, '')}/book`;
}

/**
 * The location's online questions, where they are asked: on a location link always (also where
 * it opens the location's default list), on a list's own link only when the list says so (`always_show_probing_questions`). None: undefined. A
 * list that always asks cannot draw without them, so its failure is the page's failure.
 */
async function interviewAt(profileId: string, required: boolean): Promise<ProbingInterview | undefined> {
  try {
    const interview = await patientRequest<ProbingInterview>(`/profiles/${profileId}/probing?variant=ONLINE`);
    return interview.questions.length > 0 ? interview : undefined;
  } catch (error) {
    if (required) throw error;
    return undefined;
  }
}

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
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // "Ticket ziehen" chosen over "Termin buchen" (asked only where a type is bookable).
  const [ticketChosen, setTicketChosen] = useState(false);
  // The interview's outcome, and the list it (or the picker after it) chose to draw on.
  const [result, setResult] = useState<InterviewResult>();
  const [target, setTarget] = useState<PublicQueue>();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { queueId, profileId, locations } = await resolveLink({ queueId: idParam, account, profile, queue: queueParam });
        if (cancelled) return;
        if (!queueId && !profileId && account && locations.length > 0) return setLoad({ kind: 'locations', account, locations });
        const bookPath = queueId || profileId ? bookingPath({ queueId, profileId }, window.location.pathname) : Promise.resolve(undefined);
        if (!queueId && profileId) {
          const [location, interview] = await Promise.all([patientRequest<PublicProfile>(`/profiles/${profileId}/public`), interviewAt(profileId, false)]);
          if (!cancelled) setLoad({ kind: 'pick', profile: location, bookPath: await bookPath, ...(interview ? { interview } : {}) });
          return;
        }
        if (!queueId) return setLoad({ kind: 'choose' });
        const running = await runningTicket(queueId);
        if (running) return navigate(`/ticket/${running}`, { replace: true });
        const queue = await patientRequest<PublicQueue>(`/queues/${queueId}/public`);
        // A location link opens its default list, and asks the location's questions on the way.
        const namesList = Boolean(idParam || queueParam);
        const interview = !namesList || queue.always_show_probing_questions ? await interviewAt(queue.profile_id, queue.always_show_probing_questions) : undefined;
        if (!cancelled) setLoad({ kind: 'queue', queue, bookPath: await bookPath, ...(interview ? { interview } : {}) });
      } catch (error) {
        if (!cancelled) setLoad(isNotFound(error) ? { kind: 'not-found' } : { kind: 'offline' });
      }
    })();
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
        <LazyInterview loading={t('interview.loading')} interview={load.interview} onDone={onInterviewDone} {...(load.bookPath ? { onCancel: () => setTicketChosen(false) } : {})} />
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
