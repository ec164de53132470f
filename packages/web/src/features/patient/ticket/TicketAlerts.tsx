import { useEffect, useState, type FormEvent } from 'react';
import type { AlertSubscriptionBody, TicketView } from '@wartefrei/shared';
import { PatientApiError, patientRequest } from '../app/api';
import { useText } from '../app/i18n';
import { pushSupport, subscribeToPush } from './push';
import { renderingFirstView } from '../app/first-view';

type Put = (body: AlertSubscriptionBody) => Promise<void>;

/** What the patient will be told, by the list's thresholds. */
function explanation(alerts: TicketView['alerts']): { key: string; values: Record<string, number> } {
  const ahead = alerts.members_ahead;
  const minutes = alerts.minutes_left;
  if (ahead !== null && minutes !== null) return { key: 'alerts.explain_both', values: { ahead, minutes } };
  if (ahead !== null) return { key: 'alerts.explain_ahead', values: { ahead } };
  if (minutes !== null) return { key: 'alerts.explain_minutes', values: { minutes } };
  return { key: 'alerts.explain_called', values: {} };
}

function PushChoice({ alerts, put }: { alerts: TicketView['alerts']; put: Put }) {
  const { t } = useText('ticket');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'denied' | 'failed'>();
  // After a switch the focus goes on to the button that switches back (the one pressed is gone).
  const [acted, setActed] = useState(false);
  // The server cannot know the phone: the first view offers push as most phones allow it, and
  // the phone's own answer follows right after it took over (the same markup while hydrating).
  const [support, setSupport] = useState(() => (renderingFirstView() ? 'supported' : pushSupport()));
  useEffect(() => setSupport(pushSupport()), []);
  const run = async (action: () => Promise<void>) => {
    setActed(true);
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    run(async () => {
      const subscription = await subscribeToPush(alerts.push_key);
      if (subscription === 'denied') return setProblem('denied');
      await put({ push: { endpoint: subscription.endpoint ?? '', keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' } } });
    });
  if (alerts.push) {
    return (
      <div className="ticket-alert-channel">
        <p role="status">{t('alerts.push_on')}</p>
        <button type="button" className="ticket-secondary" disabled={busy} autoFocus={acted} onClick={() => void run(() => put({ push: null }))}>
          {busy ? t('alerts.saving') : t('alerts.push_off')}
        </button>
      </div>
    );
  }
  if (support === 'unsupported') return <p className="ticket-alert-channel">{t('alerts.push_unsupported')}</p>;
  return (
    <div className="ticket-alert-channel">
      {(support === 'denied' || problem === 'denied') && <p role="alert">{t('alerts.push_denied')}</p>}
      {problem === 'failed' && <p role="alert">{t('alerts.push_failed')}</p>}
      {support !== 'denied' && (
        <button type="button" className="ticket-primary" disabled={busy} autoFocus={acted} onClick={() => void turnOn()}>
          {busy ? t('alerts.saving') : t('alerts.push')}
        </button>
      )}
    </div>
  );
}

function SmsChoice({ alerts, put }: { alerts: TicketView['alerts']; put: Put }) {
  const { t } = useText('ticket');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [acted, setActed] = useState(false);
  const save = async (body: AlertSubscriptionBody) => {
    setActed(true);
    setBusy(true);
    setError(undefined);
    try {
      await put(body);
      setPhone('');
    } catch (failure) {
      const fields = failure instanceof PatientApiError ? failure.fields : {};
      setError(fields['sms.phone'] ?? fields.sms ?? t('alerts.sms_failed'));
    } finally {
      setBusy(false);
    }
  };
  if (alerts.sms_phone_end) {
    return (
      <div className="ticket-alert-channel">
        <p role="status">{t('alerts.sms_on', { end: alerts.sms_phone_end })}</p>
        <button type="button" className="ticket-secondary" disabled={busy} autoFocus={acted} onClick={() => void save({ sms: null })}>
          {busy ? t('alerts.saving') : t('alerts.sms_off')}
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ sms: { phone } });
  };
  return (
    <form className="ticket-alert-channel patient-field" onSubmit={submit} noValidate>
      <label htmlFor="ticket-alert-phone">{t('alerts.sms_label')}</label>
      <input
        id="ticket-alert-phone"
        type="tel"
        autoComplete="tel"
        autoFocus={acted}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ticket-alert-phone-hint ticket-alert-phone-error' : 'ticket-alert-phone-hint'}
      />
      <p id="ticket-alert-phone-hint" className="patient-optional">
        {t('alerts.sms_hint')}
      </p>
      {error && (
        <p id="ticket-alert-phone-error" className="patient-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="ticket-secondary" disabled={busy}>
        {busy ? t('alerts.saving') : t('alerts.sms')}
      </button>
    </form>
  );
}

/**
 * "Tell me when it is almost my turn": push to this device and, where the list allows it, SMS
 * (docs/product.md#alerts). The server sends each alert once; this only says what is on.
 */
export function TicketAlerts({ ticket, ticketKey, refresh }: { ticket: TicketView; ticketKey: string; refresh: () => Promise<void> }) {
  const { t } = useText('ticket');
  const put: Put = async (body) => {
    await patientRequest(`/members/${ticketKey}/alerts`, { method: 'PUT', body });
    await refresh();
  };
  const { key, values } = explanation(ticket.alerts);
  return (
    <section className="ticket-alerts" aria-labelledby="ticket-alerts-title">
      <h2 id="ticket-alerts-title">{t('alerts.title')}</h2>
      <p>{t(key, values)}</p>
      <PushChoice alerts={ticket.alerts} put={put} />
      {ticket.alerts.sms_offered && <SmsChoice alerts={ticket.alerts} put={put} />}
    </section>
  );
}
