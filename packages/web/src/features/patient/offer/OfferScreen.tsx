import { useEffect, useRef, useState } from 'react';
import type { AppointmentOffer } from '@wartefrei/shared';
import deEarlier from '@wartefrei/shared/i18n/de/earlier.json';
import { Notice } from '../app/Notice';
import { provideGerman, useText } from '../app/i18n';
import { linkKeyOf } from '../app/patient-link';
import type { ScreenProps } from '../app/PatientApp';
import { formatMoment, formatSpan, minutesLeft } from './offer-format';
import { useOffer } from './useOffer';
import '../booking/booking.css';
import '../ticket/ticket.css';
import './offer.css';

provideGerman('earlier', deEarlier);

/** The minutes left, counted down while the page is open (the server still decides at the press). */
function useMinutesLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  return minutesLeft(expiresAt, now);
}

function OfferDetails({ offer }: { offer: AppointmentOffer }) {
  const { t, lang } = useText('earlier');
  const place = [offer.location.name, offer.location.address].filter(Boolean).join(', ');
  const accepted = offer.state === 'ACCEPTED';
  return (
    <dl className="appointment-details offer-details">
      <dt>{accepted ? t('offer.newTime') : t('offer.offered')}</dt>
      <dd className="offer-time">{formatSpan(offer.start, offer.end, offer.time_zone, lang)}</dd>
      <dt>{t('offer.what')}</dt>
      <dd>{offer.type_name}</dd>
      <dt>{t('offer.where')}</dt>
      <dd>{place}</dd>
      {offer.processor_name && (
        <>
          <dt>{t('offer.who')}</dt>
          <dd>{offer.processor_name}</dd>
        </>
      )}
      {!accepted && (
        <>
          <dt>{t('offer.current')}</dt>
          <dd>{formatMoment(offer.current_start, offer.time_zone, lang)}</dd>
        </>
      )}
    </dl>
  );
}

function OfferView({ offer, answer }: { offer: AppointmentOffer; answer: (what: 'accept' | 'decline') => Promise<string | undefined> }) {
  const { t, lang } = useText('earlier');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);
  const left = useMinutesLeft(offer.expires_at);
  // Past its end on this phone's clock the buttons go; the server's answer would be OFFER_EXPIRED anyway.
  const view = offer.state === 'OPEN' && left === 0 ? 'EXPIRED' : offer.state;
  // After an answer the page changes under the patient's finger: the focus goes to what it now says.
  useEffect(() => {
    if (answered.current) heading.current?.focus();
  }, [view]);
  const press = async (what: 'accept' | 'decline') => {
    setBusy(true);
    setFailure(undefined);
    answered.current = true;
    const problem = await answer(what);
    if (problem !== undefined) setFailure(problem || t('offer.failed'));
    setBusy(false);
  };
  const appointmentKey = linkKeyOf(offer.patient_url);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t(`offer.title.${view}`)}
      </h1>
      <p role="status" className={view === 'TAKEN' || view === 'EXPIRED' ? 'offer-ended' : undefined}>
        {t(`offer.text.${view}`)}
      </p>
      <OfferDetails offer={offer} />
      {view === 'OPEN' && (
        <section aria-label={t('offer.until')} className="offer-open">
          <p className="offer-until">
            {t('offer.until')}: {formatMoment(offer.expires_at, offer.time_zone, lang)} <span className="offer-left">({t('offer.remaining', { count: left })})</span>
          </p>
          {failure && <p role="alert">{failure}</p>}
          <div className="ticket-actions offer-actions">
            <button type="button" className="patient-submit" onClick={() => void press('accept')} disabled={busy}>
              {busy ? t('offer.busy') : t('offer.accept')}
            </button>
            <button type="button" className="ticket-secondary" onClick={() => void press('decline')} disabled={busy}>
              {t('offer.decline')}
            </button>
          </div>
        </section>
      )}
      {view === 'ACCEPTED' && appointmentKey && (
        <p>
          <a className="patient-submit offer-link" href={`/a/${appointmentKey}`}>
            {t('offer.toAppointment')}
          </a>
        </p>
      )}
    </>
  );
}

/** `/offer/:token`: an earlier time offered to a waiting patient (docs/product.md#earlier-appointments), taken or let go with one press. */
export default function OfferScreen({ route }: ScreenProps) {
  const { t } = useText('earlier');
  const { state, refresh, answer } = useOffer(route.offerKey ?? '');
  return (
    <main className="patient-screen appointment-screen offer-screen">
      <p className="patient-brand">{t('offer.brand')}</p>
      {state.kind === 'loading' && <p role="status">{t('offer.loading')}</p>}
      {state.kind === 'invalid' && <Notice title={t('offer.invalid.title')} text={t('offer.invalid.text')} />}
      {state.kind === 'not-found' && <Notice title={t('offer.notFound.title')} text={t('offer.notFound.text')} />}
      {state.kind === 'offline' && (
        <Notice title={t('offer.offline.title')} text={t('offer.offline.text')}>
          <button type="button" className="ticket-secondary" onClick={() => void refresh()}>
            {t('offer.offline.retry')}
          </button>
        </Notice>
      )}
      {state.kind === 'offer' && <OfferView offer={state.offer} answer={answer} />}
    </main>
  );
}
