import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Availability, BookableType } from '@wartefrei/shared';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import { PatientApiError } from '../app/api';
import { provideGerman, useText } from '../app/i18n';
import { choicesOn, daysWithTimes, nearestChoices, partOfDay, type TimeChoice } from './booking-times';
import { findFreeTimes } from './load-booking';
import { formatDay, formatTime } from './format';

provideGerman('booking', deBooking);

export type PickerProblem = 'no-slots' | 'not-online' | 'not-kiosk' | 'offline';

interface TimePickerProps {
  type: Pick<BookableType, 'id' | 'choose_processor'>;
  channel: 'ONLINE' | 'KIOSK';
  onPick: (choice: TimeChoice, availability: Availability) => void;
  /** Nothing to offer, or the type cannot be booked on this channel: the screen shows its page. */
  onProblem: (problem: PickerProblem) => void;
  /** A time just taken by someone else: said so, with the nearest free ones offered first. */
  taken?: string | undefined;
  /** The free times the server rendered with the page (app/first-view.ts): shown, not asked again. */
  initial?: { found: Availability; fetched: number } | undefined;
}

/**
 * The day and time steps: only days with a free time are offered, the next free day first and
 * open; its times grouped into morning and afternoon. Four weeks are asked at a time; a first
 * window without a free day moves on by itself.
 */
export function TimePicker({ type, channel, onPick, onProblem, taken, initial }: TimePickerProps) {
  const { t, lang } = useText('booking');
  const [availability, setAvailability] = useState<Availability | undefined>(initial?.found);
  const [windows, setWindows] = useState(initial?.fetched ?? 1);
  const [loading, setLoading] = useState(!initial);
  const [day, setDay] = useState<string | undefined>(() => (initial ? daysWithTimes(initial.found.slots)[0] : undefined));
  const fetched = useRef(initial?.fetched ?? 1);
  const askFirst = useRef(!initial);
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  // The screen's handler, current without asking the server again when it changes.
  const problem = useRef(onProblem);
  problem.current = onProblem;

  useEffect(() => {
    // The first view's times are as fresh as the page.
    if (!askFirst.current) {
      askFirst.current = true;
      return undefined;
    }
    let cancelled = false;
    setLoading(true);
    void (async () => {
      try {
        const { found, fetched: window } = await findFreeTimes(type.id, channel, windows, new Date());
        fetched.current = window;
        if (cancelled) return;
        if (found.slots.length === 0) return problem.current('no-slots');
        const days = daysWithTimes(found.slots);
        setAvailability(found);
        setDay((current) => [current, taken?.slice(0, 10)].find((d) => d !== undefined && days.includes(d)) ?? days[0]);
      } catch (error) {
        if (cancelled) return;
        const code = error instanceof PatientApiError ? error.code : undefined;
        problem.current(code === 'NOT_BOOKABLE_ONLINE' ? 'not-online' : code === 'NOT_BOOKABLE_AT_KIOSK' ? 'not-kiosk' : 'offline');
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [type.id, channel, windows, taken]);

  if (!availability) return <p role="status">{t('loading')}</p>;
  const days = daysWithTimes(availability.slots);
  const choices = day ? choicesOn(availability, day, type.choose_processor) : [];
  const nameOf = (id: string | undefined) => availability.processors.find((p) => p.id === id)?.name;
  const nearest = taken
    ? nearestChoices(
        days.flatMap((date) => choicesOn(availability, date, type.choose_processor)),
        taken,
      )
    : [];
  const timeButton = (choice: TimeChoice, withDay: boolean) => (
    <button key={`${choice.start}|${choice.processorId ?? ''}`} type="button" className="book-time" onClick={() => onPick(choice, availability)}>
      {withDay && `${formatDay(choice.start.slice(0, 10), lang)}, `}
      {formatTime(choice.start, availability.time_zone, lang)}
      {choice.processorId && <span className="book-with">{t('time.with', { name: nameOf(choice.processorId) ?? '' })}</span>}
    </button>
  );
  /**
   * The days are one stop of the Tab key (the chosen day); the arrow keys, Home and End move
   * between them and choose as they go, as in a radio group — so the times are a Tab away
   * instead of a Tab per day. Left and right follow the page's direction.
   */
  const moveDay = (event: KeyboardEvent) => {
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const index = days.indexOf(day ?? '');
    const steps: Record<string, number> = { [forward]: index + 1, ArrowDown: index + 1, [backward]: index - 1, ArrowUp: index - 1, Home: 0, End: days.length - 1 };
    const target = steps[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const date = days[Math.max(0, Math.min(days.length - 1, target))];
    if (!date) return;
    setDay(date);
    dayButtons.current.get(date)?.focus();
  };
  return (
    <>
      {taken && (
        <section role="alert" className="book-taken" aria-labelledby="book-taken-title">
          <h2 id="book-taken-title">{t('taken.title')}</h2>
          <p>{nearest.length > 0 ? t('taken.text') : t('taken.none')}</p>
          <div className="book-times">{nearest.map((choice) => timeButton(choice, true))}</div>
        </section>
      )}
      <section aria-labelledby="book-day-title">
        <h2 id="book-day-title">{t('day.title')}</h2>
        <div className="book-days" role="group" aria-labelledby="book-day-title" onKeyDown={moveDay}>
          {days.map((date, index) => (
            <button
              key={date}
              ref={(button) => {
                if (button) dayButtons.current.set(date, button);
                else dayButtons.current.delete(date);
              }}
              type="button"
              className="book-day"
              aria-pressed={date === day}
              tabIndex={date === day || (index === 0 && !days.includes(day ?? '')) ? 0 : -1}
              onClick={() => setDay(date)}
            >
              {index === 0 && <span className="book-next">{t('day.next')}</span>}
              {formatDay(date, lang)}
            </button>
          ))}
        </div>
        <button type="button" className="book-secondary" disabled={loading} onClick={() => setWindows(fetched.current + 1)}>
          {loading ? t('day.loadingLater') : t('day.later')}
        </button>
      </section>
      {day && (
        <section aria-labelledby="book-time-title">
          <h2 id="book-time-title">
            {t('time.title')}: {formatDay(day, lang)}
          </h2>
          {(['morning', 'afternoon'] as const).map((part) => {
            const ofPart = choices.filter((choice) => partOfDay(choice.start) === part);
            if (ofPart.length === 0) return null;
            return (
              <div key={part} className="book-part">
                <h3>{t(`time.${part}`)}</h3>
                <div className="book-times">{ofPart.map((choice) => timeButton(choice, false))}</div>
              </div>
            );
          })}
        </section>
      )}
    </>
  );
}
