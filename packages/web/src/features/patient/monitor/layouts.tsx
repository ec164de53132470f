import type { PublicQueue } from '@wartefrei/shared';
import type { Translate } from '../app/i18n';
import { textOn } from './colors';

export interface LatestCall {
  queueId: string;
  number: number;
}

interface LayoutProps {
  queues: PublicQueue[];
  latest: LatestCall | undefined;
  t: Translate;
}

/** The newest call of the screen, else the newest of each queue, is highlighted. */
const isNewest = (queue: PublicQueue, number: number, index: number, latest: LatestCall | undefined) =>
  latest ? latest.queueId === queue.id && latest.number === number : index === 0;

const NEXT_SHOWN = 5;

/** Who serves a called number and where, when its list names them (else undefined): "Raum 2 · bei Dr. Weber". */
function servedByOf(queue: PublicQueue, number: number, t: Translate): string | undefined {
  const by = queue.called_processors.find((c) => c.number === number);
  if (!by) return undefined;
  return by.processor_room ? t('servedIn', { room: by.processor_room, name: by.processor_name }) : t('servedBy', { name: by.processor_name });
}

function QueueHeading({ queue, level = 2 }: { queue: PublicQueue; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading className="monitor-queue-name" style={textOn(queue.color)}>
      {queue.name}
    </Heading>
  );
}

function Numbers({ queue, latest, limit, t }: { queue: PublicQueue; latest: LatestCall | undefined; limit: number; t: Translate }) {
  return (
    <ol className="monitor-numbers">
      {queue.called_numbers.slice(0, limit).map((number, index) => {
        const servedBy = servedByOf(queue, number, t);
        return (
          <li
            key={number}
            className={isNewest(queue, number, index, latest) ? 'monitor-newest' : undefined}
            style={isNewest(queue, number, index, latest) ? textOn(queue.accent_color) : undefined}
          >
            {number}
            {servedBy && <span className="monitor-processor">{servedBy}</span>}
          </li>
        );
      })}
    </ol>
  );
}

function Next({ queue, t }: { queue: PublicQueue; t: Translate }) {
  if (queue.next_numbers.length === 0) return null;
  return (
    <p className="monitor-next">
      <span>{t('next')}:</span> {queue.next_numbers.slice(0, NEXT_SHOWN).join(' · ')}
    </p>
  );
}

/** `…/monitor`, STANDARD: one card per queue — the called numbers large, the newest first and highlighted, the next few below. */
export function StandardLayout({ queues, latest, t }: LayoutProps) {
  return (
    <div className="monitor-standard" data-count={Math.min(queues.length, 4)}>
      {queues.map((queue) => (
        <section key={queue.id} className="monitor-card" aria-label={queue.name}>
          <QueueHeading queue={queue} />
          <p className="monitor-caption">{queue.session.open ? t('called') : t('closed')}</p>
          {queue.called_numbers.length > 0 ? <Numbers queue={queue} latest={latest} limit={6} t={t} /> : <p className="monitor-none">{t('none')}</p>}
          <Next queue={queue} t={t} />
          {queue.monitor_text && (
            <p className="monitor-queue-text" dir="auto">
              {queue.monitor_text}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

/** `…/monitor2`, COLUMNS: the queues side by side, numbers stacked like a departure board. */
export function ColumnsLayout({ queues, latest, t }: LayoutProps) {
  return (
    <div className="monitor-columns" style={{ gridTemplateColumns: `repeat(${Math.max(1, queues.length)}, minmax(0, 1fr))` }}>
      {queues.map((queue) => (
        <section key={queue.id} className="monitor-column" aria-label={queue.name}>
          <QueueHeading queue={queue} />
          {queue.called_numbers.length > 0 ? (
            <Numbers queue={queue} latest={latest} limit={5} t={t} />
          ) : (
            <p className="monitor-none">{queue.session.open ? t('none') : t('closed')}</p>
          )}
          <Next queue={queue} t={t} />
        </section>
      ))}
    </div>
  );
}

/** `…/monitor3`, LIST: one table of called numbers and their list, the newest on top. */
export function ListLayout({ queues, latest, t }: LayoutProps) {
  const rows = queues.flatMap((queue) => queue.called_numbers.map((number, index) => ({ queue, number, index })));
  // The newest call on top; then by each queue's own order (its latest call first).
  rows.sort((a, b) => Number(isNewest(b.queue, b.number, b.index, latest)) - Number(isNewest(a.queue, a.number, a.index, latest)) || a.index - b.index);
  // A column for who serves, only while some list on the screen names them.
  const withProcessor = queues.some((queue) => queue.called_processors.length > 0);
  const columns = withProcessor ? 3 : 2;
  return (
    <div className="monitor-list">
      <table>
        <caption className="monitor-caption">{t('called')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('number')}</th>
            <th scope="col">{t('queue')}</th>
            {withProcessor && <th scope="col">{t('processor')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns}>{t('none')}</td>
            </tr>
          )}
          {rows.slice(0, 8).map(({ queue, number, index }) => (
            <tr key={`${queue.id}-${number}`} className={isNewest(queue, number, index, latest) ? 'monitor-newest' : undefined}>
              <td className="monitor-list-number">{number}</td>
              <td>
                <span className="monitor-swatch" style={textOn(queue.color)} aria-hidden="true" /> {queue.name}
              </td>
              {withProcessor && <td className="monitor-list-processor">{servedByOf(queue, number, t) ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {queues.some((q) => q.next_numbers.length > 0) && (
        <div className="monitor-list-next">
          {queues.map((queue) => (
            <Next key={queue.id} queue={queue} t={t} />
          ))}
        </div>
      )}
    </div>
  );
}
