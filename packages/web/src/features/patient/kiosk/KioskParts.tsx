import { useEffect, useState } from 'react';
import { LANGUAGE_NAMES, PATIENT_LANGS, type PublicQueue } from '@wartefrei/shared';
import { setLanguage, useText } from '../app/i18n';

export function KioskHeader({ title }: { title: string }) {
  const { t, lang } = useText('kiosk');
  const [fullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const listener = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', listener);
    return () => document.removeEventListener('fullscreenchange', listener);
  }, []);
  return (
    <header className="kiosk-header">
      <p className="kiosk-location">{title}</p>
      <div className="kiosk-tools" role="group" aria-label={t('language')}>
        {PATIENT_LANGS.map((code) => (
          <button key={code} type="button" lang={code} aria-pressed={code === lang} onClick={() => setLanguage(code)}>
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
        {!fullscreen && document.fullscreenEnabled && (
          <button type="button" onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}>
            {t('fullscreen')}
          </button>
        )}
      </div>
    </header>
  );
}

/** `displayMonitorOnKiosk`: the called numbers beside the buttons, so nobody needs to look for the TV. */
export function MonitorPanel({ queues }: { queues: PublicQueue[] }) {
  const { t } = useText('kiosk');
  return (
    <aside className="kiosk-monitor" aria-labelledby="kiosk-monitor-title">
      <h2 id="kiosk-monitor-title">{t('called')}</h2>
      <div aria-live="polite">
        {queues.map((queue) => (
          <div key={queue.id} className="kiosk-monitor-queue">
            {queues.length > 1 && <p className="kiosk-monitor-name">{queue.name}</p>}
            {queue.called_numbers.length > 0 ? <p className="kiosk-monitor-numbers">{queue.called_numbers.join(' · ')}</p> : <p>{t('calledNone')}</p>}
          </div>
        ))}
      </div>
    </aside>
  );
}

export function Notice({ title, text }: { title: string; text: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p className="kiosk-text">{text}</p>
    </section>
  );
}
