import { useEffect, useRef, useState } from 'react';
import { PATIENT_UNDO_MINUTES, type TicketView } from '@wartefrei/shared';
import { PatientApiError, patientRequest } from '../app/api';
import { ConfirmAction } from '../app/ConfirmAction';
import { Notice } from '../app/Notice';
import { provideGerman, useText } from '../app/i18n';
import deTicket from '@wartefrei/shared/i18n/de/ticket.json';
import { useTicket } from './useTicket';
import { TicketAlerts } from './TicketAlerts';
import { PracticeLogo } from '../app/PracticeLogo';
import { useReloadAfterUpdate } from '../app/version';
import { formatTime } from '../booking/format';
import './ticket.css';

provideGerman('ticket', deTicket);

/** Two short tones through Web Audio (no sound file to download on a cheap phone). */
function chime(audio: AudioContext): void {
  [0, 0.35].forEach((offset, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = i === 0 ? 880 : 660;
    gain.gain.setValueAtTime(0.25, audio.currentTime + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + offset + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(audio.currentTime + offset);
    oscillator.stop(audio.currentTime + offset + 0.3);
  });
}

/**
 * Says "it's your turn" once when the ticket turns to processing: always through aria-live;
 * with a tone and vibration when the patient switched them on (browsers allow both only after
 * a tap on the page, so the switch is that tap).
 */
function useCalledAnnouncement(ticket: TicketView | undefined, audio: AudioContext | undefined): string {
  const { t } = useText('ticket');
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ticket) return;
    if (ticket.view === 'processing' && previous.current !== undefined && previous.current !== 'processing') {
      setAnnouncement(t('announceCalled', { number: ticket.number }));
      if (audio) {
        chime(audio);
        navigator.vibrate?.([300, 150, 300]);
      }
    }
    previous.current = ticket.view;
  }, [ticket, t, audio]);
  return announcement;
}

function AlertSwitch({ audio, onChange }: { audio: AudioContext | undefined; onChange: (audio: AudioContext | undefined) => void }) {
  const { t } = useText('ticket');
  const toggle = () => {
    if (audio) return onChange(undefined);
    const context = new AudioContext();
    void context.resume();
    onChange(context);
  };
  return (
    <button type="button" className="ticket-secondary" aria-pressed={audio !== undefined} onClick={toggle}>
      {t('alert')}
    </button>
  );
}

function CancelTicket({ ticketKey, onDone }: { ticketKey: string; onDone: () => Promise<void> }) {
  const { t } = useText('ticket');
  return (
    <ConfirmAction
      id="ticket-cancel-question"
      texts={{ open: t('cancel'), question: t('cancelConfirm'), yes: t('cancelYes'), no: t('cancelNo'), failed: t('cancelFailed') }}
      act={() => patientRequest(`/members/${ticketKey}`, { method: 'DELETE' })}
      after={onDone}
    />
  );
}

/**
 * Right after the patient cancelled their own ticket: for PATIENT_UNDO_MINUTES they may take it
 * back (the server decides; a list closed meanwhile says no), back at their old place.
 */
function UndoCancel({ ticket, ticketKey, onDone }: { ticket: TicketView; ticketKey: string; onDone: () => Promise<void> }) {
  const { t } = useText('ticket');
  const [state, setState] = useState<'idle' | 'busy' | 'late' | 'failed'>('idle');
  const ended = ticket.actual_end ? Date.parse(ticket.actual_end) : 0;
  const [open] = useState(() => Date.now() - ended < PATIENT_UNDO_MINUTES * 60_000);
  if (!open || state === 'late') return state === 'late' ? <p role="alert">{t('undoLate')}</p> : null;
  const undo = async () => {
    setState('busy');
    try {
      await patientRequest(`/members/${ticketKey}/restore`, { method: 'POST', body: {} });
      setState('idle');
      await onDone();
    } catch (error) {
      setState(error instanceof PatientApiError && error.code === 'MEMBER_STATE' ? 'late' : 'failed');
    }
  };
  return (
    <p className="ticket-actions">
      <button type="button" className="ticket-secondary" onClick={() => void undo()} disabled={state === 'busy'}>
        {t('undo')}
      </button>
      {state === 'failed' && <span role="alert">{t('cancelFailed')}</span>}
    </p>
  );
}

function TicketDetails({ ticket, ticketKey, refresh, onUndone }: { ticket: TicketView; ticketKey: string; refresh: () => Promise<void>; onUndone: () => void }) {
  const { t, lang } = useText('ticket');
  const waiting = ticket.view === 'waiting';
  return (
    <>
      <PracticeLogo url={ticket.queue.logo_url} size={ticket.queue.logo_size} placement={ticket.queue.logo_placement_ticket} at="TOP" />
      <p className="ticket-queue">{ticket.queue.name}</p>
      <div className={`ticket-card ticket-${ticket.view}`}>
        <p className="ticket-label">{t('number')}</p>
        <p className="ticket-number">{ticket.number}</p>
        <h1 className="ticket-state">{t(`view.${ticket.view}`)}</h1>
        {ticket.view === 'processing' && ticket.processor_name && (
          <p className="ticket-processor">
            {ticket.processor_room ? t('servedIn', { room: ticket.processor_room, name: ticket.processor_name }) : t('servedBy', { name: ticket.processor_name })}
          </p>
        )}
        {waiting && ticket.ahead !== null && <p className="ticket-ahead">{ticket.ahead === 0 ? t('aheadNone') : t('ahead', { count: ticket.ahead })}</p>}
        {waiting && ticket.estimated_start && (
          <p className="ticket-estimate">
            {t('estimate', { time: formatTime(ticket.estimated_start, ticket.queue.time_zone, lang) })}
            {ticket.wait_minutes !== null && ticket.wait_minutes > 0 && <> ({t('wait', { minutes: t('minutes', { count: ticket.wait_minutes }) })})</>}
          </p>
        )}
      </div>
      <section className="ticket-called" aria-labelledby="ticket-called-title">
        <h2 id="ticket-called-title">{t('called')}</h2>
        <p className="ticket-called-numbers">{ticket.called_numbers.length > 0 ? ticket.called_numbers.join(', ') : t('calledNone')}</p>
      </section>
      {ticket.info_tags.map((tag) => (
        <p key={tag.id} className="ticket-tag">
          <strong>{tag.label ?? tag.name}</strong>
          {tag.ticket_text && <> – {tag.ticket_text}</>}
        </p>
      ))}
      {ticket.queue.ticket_text_after && (
        <p className="ticket-text" dir="auto">
          {ticket.queue.ticket_text_after}
        </p>
      )}
      {ticket.queue.phone && (
        <p>
          {t('phone')}: <a href={`tel:${ticket.queue.phone.replace(/[^+\d]/g, '')}`}>{ticket.queue.phone}</a>
        </p>
      )}
      {(waiting || ticket.view === 'processing') && <CancelTicket ticketKey={ticketKey} onDone={refresh} />}
      {ticket.cancel_state === 'USER' && (
        <UndoCancel
          ticket={ticket}
          ticketKey={ticketKey}
          onDone={async () => {
            onUndone();
            await refresh();
          }}
        />
      )}
      <PracticeLogo url={ticket.queue.logo_url} size={ticket.queue.logo_size} placement={ticket.queue.logo_placement_ticket} at="BOTTOM" />
    </>
  );
}

/**
 * A ticket followed live by the key of the patient's link: its states, the called numbers, "your
 * turn" announced. The ticket page is this; the appointment page shows it, by the appointment's
 * link, once the patient has checked in.
 */
export function LiveTicket({ ticketKey }: { ticketKey: string }) {
  const { t } = useText('ticket');
  const { state, live, refresh } = useTicket(ticketKey);
  // After a deploy: reload when hidden or right after a live update (a new `state`), keeping the link.
  useReloadAfterUpdate(state);
  const [audio, setAudio] = useState<AudioContext>();
  const [undone, setUndone] = useState(false);
  // A switched-off or left page releases its audio.
  useEffect(() => () => void audio?.close(), [audio]);
  const announcement = useCalledAnnouncement(state.kind === 'ticket' ? state.ticket : undefined, audio);
  return (
    <>
      {live === 'reconnecting' && state.kind === 'ticket' && (
        <p className="ticket-reconnecting" role="status">
          {t('reconnecting')}
        </p>
      )}
      <div aria-live="assertive" className="visually-hidden">
        {announcement}
      </div>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'invalid' && <Notice title={t('invalid.title')} text={t('invalid.text')} />}
      {state.kind === 'not-found' && <Notice title={t('notFound.title')} text={t('notFound.text')} />}
      {state.kind === 'offline' && (
        <Notice title={t('offline.title')} text={t('offline.text')}>
          <button type="button" className="ticket-secondary" onClick={() => void refresh()}>
            {t('offline.retry')}
          </button>
        </Notice>
      )}
      {undone && state.kind === 'ticket' && state.ticket.view === 'waiting' && (
        <p role="status" className="ticket-text">
          {t('undone')}
        </p>
      )}
      {state.kind === 'ticket' && <TicketDetails ticket={state.ticket} ticketKey={ticketKey} refresh={refresh} onUndone={() => setUndone(true)} />}
      {state.kind === 'ticket' && state.ticket.view === 'waiting' && (
        <>
          <p className="ticket-actions">
            <AlertSwitch audio={audio} onChange={setAudio} />
          </p>
          <TicketAlerts ticket={state.ticket} ticketKey={ticketKey} refresh={refresh} />
        </>
      )}
    </>
  );
}

/** `/ticket/:key`, `/t/:key`, `/queue/:queueId/ticket/:key`: the patient follows their ticket live. */
export function TicketPage({ ticketKey }: { ticketKey: string }) {
  const { t } = useText('ticket');
  return (
    <main className="patient-screen ticket-screen">
      <p className="patient-brand">{t('title')}</p>
      <LiveTicket ticketKey={ticketKey} />
    </main>
  );
}
