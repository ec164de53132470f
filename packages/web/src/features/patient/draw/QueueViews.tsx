import type { ProbingAnswer, PublicProfile, PublicQueue, ResolvedRoute } from '@wartefrei/shared';
import { useText } from '../app/i18n';
import { navigate } from '../app/navigation';
import { DrawForm } from './DrawForm';
import { showTicket } from './show-ticket';

/** docs/product.md#screens-and-routes "ticket-or-appointment picker": where a type is bookable, the first question. */
export function TicketOrAppointment({ title, bookPath, onTicket }: { title: string; bookPath: string; onTicket: () => void }) {
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

/** A list's wait and its draw form; `answers`: the interview's path, sent with the draw. */
export function QueueIntro({ queue, answers }: { queue: PublicQueue; answers?: ProbingAnswer[] }) {
  const { t } = useText('draw', ['server']);
  return (
    <>
      <h1>{queue.name}</h1>
      {queue.opening_hours && (
        <p className="draw-hours">
          <strong>{t('openingHours')}</strong>
          <br />
          <span dir="auto">{queue.opening_hours}</span>
        </p>
      )}
      {queue.online_refusal ? (
        <p role="alert" className="draw-refusal">
          {t(`server:errors.${queue.online_refusal}`)}
        </p>
      ) : (
        <>
          {queue.estimated_wait && <p className="draw-wait">{t('wait', { count: queue.waiting, minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) })}</p>}
          {queue.ticket_text_before && <p dir="auto">{queue.ticket_text_before}</p>}
          <DrawForm queue={queue} origin="ONLINE" onDrawn={showTicket} {...(answers ? { answers } : {})} />
        </>
      )}
    </>
  );
}

/**
 * A location with several queues: each with its wait, the ones not open for drawing say why.
 * After an interview the pick stays on this page (`onPick`), so its answers go with the draw.
 */
export function QueuePicker({ profile, onPick }: { profile: PublicProfile; onPick?: (queue: PublicQueue) => void }) {
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
                  if (onPick) onPick(queue);
                  else navigate(`/queue/${queue.id}`);
                }}
              >
                <strong>{queue.name}</strong>
                <span>
                  {queue.estimated_wait
                    ? t('wait', { count: queue.waiting, minutes: t('minutes', { count: queue.estimated_wait.wait_minutes }) })
                    : t('pick.waiting', { count: queue.waiting })}
                </span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A practice's link (`/{account}`) where it has several locations: each leads to its own link. */
export function LocationPicker({ account, locations }: { account: string; locations: ResolvedRoute['profiles'] }) {
  const { t } = useText('draw');
  return (
    <>
      <h1>{t('locations.title')}</h1>
      <p>{t('locations.text')}</p>
      <ul className="draw-picker">
        {locations.map((location) => {
          const path = `/${encodeURIComponent(account)}/${encodeURIComponent(location.identifier)}`;
          return (
            <li key={location.id}>
              <a
                className="draw-pick"
                href={path}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(path);
                }}
              >
                <strong>{location.name}</strong>
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
