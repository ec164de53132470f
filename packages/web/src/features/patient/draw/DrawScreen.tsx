import { useEffect, useState } from 'react';
import type { PublicProfile, PublicQueue, ResolvedRoute, TicketView } from '@wartefrei/shared';
import deDraw from '@wartefrei/shared/i18n/de/draw.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { isNotFound, patientRequest } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { SCREEN_LOADERS } from '../app/screens';
import { handOverTicket } from '../ticket/handover';
import type { ScreenProps } from '../app/PatientApp';
import type { PatientRoute } from '../app/patient-routes';
import { DrawForm } from './DrawForm';
import '../ticket/ticket.css';

provideGerman('draw', deDraw);
provideGerman('server', deServer);

type Load =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'choose' }
  | { kind: 'pick'; profile: PublicProfile }
  | { kind: 'offline' }
  | { kind: 'queue'; queue: PublicQueue };

/**
 * What a draw link names: `/queue/:id`, `/q/:id`, or `/:account/:profile?/:queue?` resolved by
 * identifiers — one queue, or a location whose queues the patient picks from.
 */
export async function resolveLink(params: Omit<PatientRoute, 'screen'>): Promise<{ queueId?: string; profileId?: string }> {
  if (params.queueId) return { queueId: params.queueId };
  const segment = (value: string | undefined) => encodeURIComponent(value ?? 'null');
  const route = await patientRequest<ResolvedRoute>(`/routes/identifier/${segment(params.account)}/${segment(params.profile)}/${segment(params.queue)}`);
  return { queueId: route.queue?.id, profileId: route.profile?.id };
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
        if (!queueId && profileId) {
          const location = await patientRequest<PublicProfile>(`/profiles/${profileId}/public`);
          if (!cancelled) setLoad({ kind: 'pick', profile: location });
          return;
        }
        if (!queueId) return setLoad({ kind: 'choose' });
        const running = await runningTicket(queueId);
        if (running) return navigate(`/ticket/${running}`, { replace: true });
        const queue = await patientRequest<PublicQueue>(`/queues/${queueId}/public`);
        if (!cancelled) setLoad({ kind: 'queue', queue });
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
      {load.kind === 'pick' && <QueuePicker profile={load.profile} />}
      {load.kind === 'offline' && (
        <>
          <h1>{t('offline.title')}</h1>
          <p>{t('offline.text')}</p>
        </>
      )}
      {load.kind === 'queue' && <QueueIntro queue={load.queue} />}
    </main>
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
