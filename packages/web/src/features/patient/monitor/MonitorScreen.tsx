import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicQueue } from '@wartefrei/shared';
import deMonitor from '@wartefrei/shared/i18n/de/monitor.json';
import { load, provideGerman, translate, useText } from '../app/i18n';
import type { ScreenProps } from '../app/PatientApp';
import { useLiveQueues, type PublicCall } from '../queue/useLiveQueues';
import { playGong, soundBlocked, speak, unblockSound } from './announce';
import { ColumnsLayout, ListLayout, StandardLayout, type LatestCall } from './layouts';
import { useMonitorSetup, type MonitorSetup } from './useMonitorSetup';
import { PracticeLogo } from '../app/PracticeLogo';
import { useNewVersion } from '../app/version';
import './monitor.css';

provideGerman('monitor', deMonitor);

/** How long the newest number flashes after its call. */
const FLASH_MS = 12_000;

/** `/monitor/:id`, `/m/:id`, `/:account/monitor/:monitor?`, `…/monitor`, `/monitor2`, `/monitor3`: the waiting room's TV. */
export default function MonitorScreen({ route, search }: ScreenProps) {
  const { t } = useText('monitor');
  const setup = useMonitorSetup(route, search);
  return (
    <main className="monitor-screen">
      {setup.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {setup.kind === 'not-found' && <Notice title={t('notFound.title')} text={t('notFound.text')} />}
      {setup.kind === 'offline' && <Notice title={t('offline.title')} text={t('offline.text')} />}
      {setup.kind === 'ready' && <MonitorBoard setup={setup.setup} />}
    </main>
  );
}

function MonitorBoard({ setup }: { setup: MonitorSetup }) {
  const { t, lang } = useText('monitor');
  const [latest, setLatest] = useState<LatestCall>();
  const [flash, setFlash] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [blocked, setBlocked] = useState(() => setup.gong && soundBlocked());
  // The queues as last shown, for naming a call's queue without re-subscribing on every change.
  const shown = useRef<PublicQueue[]>([]);

  // Only public calls arrive here: a silent call reaches this socket as a bare version bump.
  const onCall = useCallback(
    (call: PublicCall) => {
      const queue = shown.current.find((q) => q.id === call.queueId)?.name ?? '';
      setLatest(call);
      setFlash(true);
      setAnnouncement(t('announce', { number: call.number, queue }));
      if (setup.gong) playGong();
      if (setup.speech) {
        speak(t('speech', { number: call.number, queue }), lang);
        // Where the list asks patients for their language, the call is said in it too (after the monitor's own).
        const own = call.lang;
        if (own && own !== lang) void load(own, 'monitor').then(() => speak(translate(own, 'monitor', 'speech', { number: call.number, queue }), own));
      }
    },
    [setup.gong, setup.speech, t, lang],
  );
  const { state, live } = useLiveQueues(setup.queue_ids, onCall);
  const queues: PublicQueue[] = state.kind === 'ready' ? state.queues : [];
  shown.current = queues;

  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, latest]);

  // A newer build is deployed: reload between calls, never while a number is flashing and announced.
  const newVersion = useNewVersion();
  useEffect(() => {
    if (newVersion && !flash) window.location.reload();
  }, [newVersion, flash]);

  const Layout = setup.layout === 'COLUMNS' ? ColumnsLayout : setup.layout === 'LIST' ? ListLayout : StandardLayout;
  const texts = [...new Set(queues.map((q) => q.monitor_text).filter((text): text is string => Boolean(text)))];
  // The practice's logo where the first list shown puts it on on-site screens (its kiosk logo position).
  const logo = { url: queues[0]?.logo_url, size: queues[0]?.logo_size, placement: queues[0]?.logo_placement_kiosk, className: 'monitor-logo' };
  return (
    <div
      className={`monitor-board monitor-${setup.style.toLowerCase()}${flash ? ' monitor-flash' : ''}`}
      style={{ '--monitor-zoom': setup.custom_zoom / 100 } as React.CSSProperties}
    >
      <header className="monitor-header">
        <PracticeLogo {...logo} at="TOP" />
        <h1>{setup.display_name}</h1>
        {live === 'reconnecting' && (
          <p className="monitor-offline" role="status">
            {t('connectionLost')}
          </p>
        )}
        {blocked && (
          <button type="button" className="monitor-sound" title={t('soundHint')} onClick={() => void unblockSound().then(() => setBlocked(soundBlocked()))}>
            {t('soundOn')}
          </button>
        )}
      </header>
      <div className="visually-hidden" aria-live="assertive">
        {announcement}
      </div>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'offline' && <p role="status">{t('offline.text')}</p>}
      {state.kind === 'ready' && queues.length === 0 && <p className="monitor-empty">{t('empty')}</p>}
      {queues.length > 0 && <Layout queues={queues} latest={latest} t={t} />}
      <PracticeLogo {...logo} at="BOTTOM" />
      {setup.layout !== 'STANDARD' && texts.length > 0 && (
        <footer className="monitor-text">
          {texts.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </footer>
      )}
    </div>
  );
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <div className="monitor-board monitor-dark">
      <h1>{title}</h1>
      <p>{text}</p>
    </div>
  );
}
