import { useEffect, useState } from 'react';
import type { PublicProfile, PublicQueue, TicketView } from '@wartefrei/shared';
import deDraw from '@wartefrei/shared/i18n/de/draw.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { isNotFound, patientRequest } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { bookableTypesAt, resolveLink } from '../app/resolve-link';
import { SCREEN_LOADERS } from '../app/screens';
import { handOverTicket } from '../ticket/handover';
import type { ScreenProps } from '../app/PatientApp';
import { DrawForm } from './DrawForm';
import '../ticket/ticket.css';

provideGerman('draw', deDraw);
provideGerman('server', deServer);

type Load =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'choose' }
  | { kind: 'pick'; profile: PublicProfile; bookPath?: string }
  | { kind: 'offline' }
  | { kind: 'queue'; queue: PublicQueue; bookPath?: string };

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

/** A running ticket of this queue drawn on this device (localStorage `ticketMap`), if still running. */
async function runningTicket(queueId: string): Promise<string | undefined> {
  const map = readStored<Record<string, string>>(STORAGE_KEYS.ticketMap) ?? {};
  const id = map[queueId];
  if (!id) return undefined;
  try {
    const ticket = await patientRequest<TicketView>(`/members/${id}`);
    if (ticket.view === 'waiting' || ticket.view === 'processing') return id;
  } catch {
    // Unknown ticket: forget it below.
  }
  delete map[queueId];
  writeStored(STORAGE_KEYS.ticketMap, map);
  return undefined;
}

/** Straight to the drawn ticket: its number shows at once, without a blank page in between. */
function showTicket(ticket: TicketView): void {
  handOverTicket(ticket);
  navigate(`/ticket/${ticket.id}`, { replace: true });
}

/** `/:account/:profile?/:queue?`, `/queue/:id`, `/q/:id`: what the queue says, and drawing a ticket. */
export default function DrawScreen({ route }: ScreenProps) {
  const { t } = useText('draw');
  const { queueId: idParam, account, profile, queue: queueParam } = route;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // "Ticket ziehen" chosen over "Termin buchen" (asked only where a type is bookable).
  const [ticketChosen, setTicketChosen] = useState(false);

  // The ticket screen's code loads while the patient fills in the form, not after the draw.
  useEffect(() => {
    void SCREEN_LOADERS.ticket();
  }, []);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { queueId, profileId } = await resolveLink({ queueId: idParam, account, profile, queue: queueParam });
        if (cancelled) return;
        const bookPath = queueId || profileId ? bookingPath({ queueId, profileId }, window.location.pathname) : Promise.resolve(undefined);
        if (!queueId && profileId) {
          const location = await patientRequest<PublicProfile>(`/profiles/${profileId}/public`);
          if (!cancelled) setLoad({ kind: 'pick', profile: location, bookPath: await bookPath });
          return;
        }
        if (!queueId) return setLoad({ kind: 'choose' });
        const running = await runningTicket(queueId);
        if (running) return navigate(`/ticket/${running}`, { replace: true });
        const queue = await patientRequest<PublicQueue>(`/queues/${queueId}/public`);
        if (!cancelled) setLoad({ kind: 'queue', queue, bookPath: await bookPath });
      } catch (error) {
        if (!cancelled) setLoad(isNotFound(error) ? { kind: 'not-found' } : { kind: 'offline' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [idParam, account, profile, queueParam]);

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
      {(load.kind === 'pick' || load.kind === 'queue') && load.bookPath && !ticketChosen && (
        <TicketOrAppointment title={load.kind === 'pick' ? load.profile.name : load.queue.name} bookPath={load.bookPath} onTicket={() => setTicketChosen(true)} />
      )}
      {load.kind === 'pick' && (!load.bookPath || ticketChosen) && <QueuePicker profile={load.profile} />}
      {load.kind === 'offline' && (
        <>
          <h1>{t('offline.title')}</h1>
          <p>{t('offline.text')}</p>
        </>
      )}
      {load.kind === 'queue' && (!load.bookPath || ticketChosen) && <QueueIntro queue={load.queue} />}
    </main>
  );
}

/** docs/product.md#screens-and-routes "ticket-or-appointment picker": where a type is bookable, the first question. */
function TicketOrAppointment({ title, bookPath, onTicket }: { title: string; bookPath: string; onTicket: () => void }) {
  const { t } = useText('draw');
  return (
    <>
      <h1>{title}</h1>
      <p>{t('choice.question')}</p>
      <div className="draw-choice">
        <button type="button" className="draw-pick" onClick={onTicket}>
          <strong>{t('choice.ticket')}</strong>
          <span>{t('choice.ticketText')}</span>
        </button>
        <a
          className="draw-pick"
          href={bookPath}
          onClick={(event) => {
            event.preventDefault();
            navigate(bookPath);
          }}
        >
          <strong>{t('choice.appointment')}</strong>
          <span>{t('choice.appointmentText')}</span>
        </a>
      </div>
    </>
  );
}

function QueueIntro({ queue }: { queue: PublicQueue }) {
  const { t } = useText('draw', ['server']);
  return (
    <>
      <h1>{queue.name}</h1>
      {queue.opening_hours && (
        <p className="draw-hours">
          <strong>{t('openingHours')}</strong>
          <br />
          {queue.opening_hours}
        </p>
      )}
      {queue.online_refusal ? (
        <p role="alert" className="draw-refusal">
          {t(`server:errors.${queue.online_refusal}`)}
        </p>
      ) : (
        <>
          {queue.estimated_wait && <p className="draw-wait">{t('wait', { count: queue.waiting, minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) })}</p>}
          {queue.ticket_text_before && <p>{queue.ticket_text_before}</p>}
          <DrawForm queue={queue} origin="ONLINE" onDrawn={showTicket} />
        </>
      )}
    </>
  );
}

/** A location with several queues: each with its wait, the ones not open for drawing say why. */
function QueuePicker({ profile }: { profile: PublicProfile }) {
  const { t } = useText('draw', ['server']);
  return (
    <>
      <h1>{t('pick.title', { location: profile.name })}</h1>
      {profile.queues.length === 0 && <p>{t('pick.none')}</p>}
      <ul className="draw-picker">
        {profile.queues.map((queue) => (
          <li key={queue.id}>
            {queue.online_refusal ? (
              <div className="draw-pick draw-pick-disabled" aria-disabled="true">
                <strong>{queue.name}</strong>
                <span>{t(`server:errors.${queue.online_refusal}`)}</span>
              </div>
            ) : (
              <a
                className="draw-pick"
                href={`/queue/${queue.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`/queue/${queue.id}`);
                }}
              >
                <strong>{queue.name}</strong>
                <span>{queue.estimated_wait ? t('wait', { count: queue.waiting, minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) }) : t('pick.waiting', { count: queue.waiting })}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
