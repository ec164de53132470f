import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PatientAppointment } from '@wartefrei/shared';
import deEarlier from '@wartefrei/shared/i18n/de/earlier.json';
import { failureMessage, patientRequest } from '../app/api';
import { ConfirmAction } from '../app/ConfirmAction';
import { provideGerman, useText } from '../app/i18n';
import { formatDay } from '../booking/format';
import { choiceOf, describeTimes, type EarlierChoice, wishBody } from './earlier-times';
import { EarlierFields } from './EarlierFields';

provideGerman('earlier', deEarlier);

interface EarlierBoxProps {
  appointment: PatientAppointment;
  /** The key of the patient's link: what the wish is asked by. */
  appointmentKey: string;
  show: (appointment: PatientAppointment) => void;
}

/** What the patient asked for, as a short list. */
function WishSummary({ appointment }: { appointment: PatientAppointment }) {
  const { t, lang } = useText('earlier');
  const wish = appointment.earlier_wish;
  const times = wish ? describeTimes(wish.times, lang, (part) => t(`box.${part}`)) : '';
  return (
    <>
      <p className="earlier-status">{t('box.asked')}</p>
      <ul className="earlier-summary">
        {wish?.not_before && <li>{t('box.askedNotBefore', { date: formatDay(wish.not_before, lang, true) })}</li>}
        <li>{times ? t('box.askedTimes', { times }) : t('box.askedAnyTime')}</li>
      </ul>
    </>
  );
}

/**
 * "Früher, wenn möglich" on the appointment page (docs/product.md#earlier-appointments): ask to be
 * offered an earlier time (optionally not before a date, on the weekdays' parts that suit),
 * change it, or withdraw it (asked first). The outcome is said in a live region.
 */
export default function EarlierBox({ appointment, appointmentKey, show }: EarlierBoxProps) {
  const { t, lang } = useText('earlier', ['booking']);
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<EarlierChoice>(() => choiceOf(appointment.earlier_wish));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [outcome, setOutcome] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const wanted = appointment.earlier_wanted;
  // After saving or withdrawing the form is gone: the focus goes to the box's heading, not to the page's top.
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (moveFocus) heading.current?.focus();
    setMoveFocus(false);
  }, [moveFocus]);

  const open = () => {
    setChoice(choiceOf(appointment.earlier_wish));
    setOutcome(undefined);
    setFailure(undefined);
    setEditing(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      show(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/earlier`, { method: 'PUT', body: wishBody(choice) }));
      setEditing(false);
      setOutcome(t('box.saved'));
      setMoveFocus(true);
    } catch (error) {
      setFailure(failureMessage(error, t('box.failed')));
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async () => {
    show(await patientRequest<PatientAppointment>(`/appointments/${appointmentKey}/earlier`, { method: 'DELETE' }));
    setOutcome(t('box.withdrawn'));
    setMoveFocus(true);
  };
  const withdrawTexts = { open: t('box.withdraw'), question: t('box.withdrawConfirm'), yes: t('box.withdrawYes'), no: t('box.withdrawNo'), failed: t('box.failed') };

  return (
    <section className="earlier-box" aria-labelledby="earlier-title">
      <h2 id="earlier-title" ref={heading} tabIndex={-1}>
        {t('box.title')}
      </h2>
      <p role="status" className="earlier-status">
        {outcome}
      </p>
      {editing ? (
        <form onSubmit={(event) => void save(event)} noValidate>
          <EarlierFields id="earlier" value={choice} onChange={setChoice} t={t} lang={lang} disabled={busy} />
          {failure && <p role="alert">{failure}</p>}
          <div className="ticket-actions">
            <button type="submit" className="patient-submit" disabled={busy}>
              {busy ? t('box.saving') : t('box.save')}
            </button>
            <button type="button" className="ticket-secondary" onClick={() => setEditing(false)} disabled={busy}>
              {wanted ? t('box.cancelChange') : t('box.notNow')}
            </button>
          </div>
        </form>
      ) : wanted ? (
        <>
          <WishSummary appointment={appointment} />
          <div className="ticket-actions">
            <button type="button" className="ticket-secondary" onClick={open}>
              {t('box.change')}
            </button>
            <ConfirmAction id="earlier-withdraw-question" texts={withdrawTexts} act={withdraw} failureOf={(error) => failureMessage(error, t('box.failed'))} />
          </div>
        </>
      ) : (
        <>
          <p>{t('box.intro')}</p>
          <button type="button" className="ticket-secondary" onClick={open}>
            {t('box.ask')}
          </button>
        </>
      )}
    </section>
  );
}
