import type { PublicQueue } from '@wartefrei/shared';
import deEmbed from '@wartefrei/shared/i18n/de/embed.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import { provideGerman, useText } from '../app/i18n';
import type { ScreenProps } from '../app/PatientApp';
import { useLiveQueues } from '../queue/useLiveQueues';
import { embedFlags, type EmbedFlag } from './embed-flags';
import { expectedKeyTag } from '../app/key-tag';
import './embed.css';

provideGerman('embed', deEmbed);
provideGerman('server', deServer);

function QueueState({ queue, flags }: { queue: PublicQueue; flags: Record<EmbedFlag, boolean> }) {
  const { t } = useText('embed', ['server']);
  const open = queue.session.open;
  // The snippet's `#k=` goes on to the draw page it opens (app/key-tag.ts).
  const tag = expectedKeyTag();
  const keyFragment = tag ? `#k=${tag}` : '';
  return (
    <>
      {!flags.hideTitle && <h1 className="embed-title">{queue.name}</h1>}
      <p className={`embed-status ${open ? 'embed-open' : 'embed-closed'}`}>
        <strong>{open ? t('open') : t('closed')}</strong>
        {open && !flags.hideWait && <> · {queue.waiting === 0 ? t('waitingNone') : t('waiting', { count: queue.waiting })}</>}
      </p>
      {open && !flags.hideWait && queue.waiting > 0 && queue.estimated_wait && queue.estimated_wait.wait_minutes > 0 && (
        <p className="embed-wait">{t('wait', { minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) })}</p>
      )}
      {!flags.hideCalled && (
        <p className="embed-called">
          {t('called')}: {queue.called_numbers.length > 0 ? <strong>{queue.called_numbers.join(', ')}</strong> : t('calledNone')}
        </p>
      )}
      {queue.online_refusal ? (
        <p className="embed-refusal">{t(`server:errors.${queue.online_refusal}`)}</p>
      ) : (
        <a className="embed-draw" href={`/queue/${queue.id}${keyFragment}`} target={flags.sameWindow ? '_top' : '_blank'} rel="noopener">
          {t('draw')}
          {!flags.sameWindow && <span className="visually-hidden"> {t('newWindow')}</span>}
        </a>
      )}
    </>
  );
}

/** `/embed/queue/iframe/:queueId`: the queue's state and a draw button inside a practice's website, from 240 × 320 px. */
export default function EmbedScreen({ route, search }: ScreenProps) {
  const { t } = useText('embed');
  const flags = embedFlags(search);
  const { state, live } = useLiveQueues(route.queueId ? [route.queueId] : []);
  const queue = state.kind === 'ready' ? state.queues[0] : undefined;
  return (
    <main className={`embed-screen${flags.transparent ? ' embed-transparent' : ''}`} style={queue?.color ? { borderTopColor: queue.color } : undefined}>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {(state.kind === 'not-found' || (state.kind === 'ready' && !queue)) && (
        <>
          <h1 className="embed-title">{t('invalid.title')}</h1>
          <p>{t('invalid.text')}</p>
        </>
      )}
      {state.kind === 'offline' && (
        <>
          <h1 className="embed-title">{t('error.title')}</h1>
          <p>{t('error.text', { detail: navigator.onLine ? 'Server' : 'offline' })}</p>
        </>
      )}
      {queue && <QueueState queue={queue} flags={flags} />}
      {live === 'reconnecting' && queue && (
        <p className="embed-reconnecting" role="status">
          {t('reconnecting')}
        </p>
      )}
    </main>
  );
}
