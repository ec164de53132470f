import { useEffect, useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment, AppointmentSlot, Vacation } from '@wartefrei/shared';
import type { MaybeOpened } from '../../lib/sealed-records';
import { AppointmentBlock, type BlockDrop } from './AppointmentBlock';
import { awayTime, intervalOn, layoutColumn, timeOf, visibleHours, wallMinutes, workingTime, type Interval } from './calendar-layout';
import type { CalendarProcessor } from './useCalendarData';
import classes from './calendar.module.css';

export interface GridChange {
  appointment: Appointment;
  /** The new local date and minute of the start, with the processor; or the new length. */
  date?: string;
  minutes?: number;
  processorId?: string;
  lengthMinutes?: number;
}

interface CalendarGridProps {
  days: string[];
  processors: CalendarProcessor[];
  appointments: MaybeOpened<Appointment>[];
  slots: AppointmentSlot[];
  vacations: Vacation[];
  timeZone: string;
  now: { date: string; minutes: number };
  /** Pixels per minute. */
  scale: number;
  typeName: (id: string) => string;
  onPickTime: (date: string, minutes: number, processorId: string) => void;
  onOpen: (id: string) => void;
  /** Saves a drag; answers the server's refusal in the caller's language, or undefined when saved. */
  onChange: (change: GridChange) => Promise<string | undefined>;
}

const UNASSIGNED = '';

/** The day or week as columns of processors under their day, with working time, absences, now and the appointments. */
export function CalendarGrid({ days, processors, appointments, slots, vacations, timeZone, now, scale, typeName, onPickTime, onOpen, onChange }: CalendarGridProps) {
  const { t, i18n } = useTranslation('appointments');
  const [refusal, setRefusal] = useState<{ id: string; message: string }>();
  useEffect(() => {
    if (!refusal) return undefined;
    const timer = setTimeout(() => setRefusal(undefined), 8_000);
    return () => clearTimeout(timer);
  }, [refusal]);

  const columns = [...processors];
  if (appointments.some((a) => a.processor_id === null)) columns.push({ id: UNASSIGNED, name: t('grid.unassigned'), color: null, priority: Number.MAX_SAFE_INTEGER, queueIds: [] });
  const perDay = days.map((date) => ({
    date,
    columns: columns.map((p) => ({
      processor: p,
      working: p.id === UNASSIGNED ? [] : workingTime(slots, p.id, date),
      away: p.id === UNASSIGNED ? [] : awayTime(vacations, p.id, date, timeZone),
      items: appointments.filter((a) => (a.processor_id ?? UNASSIGNED) === p.id),
    })),
  }));
  const shown: Interval[] = perDay.flatMap((day) => day.columns.flatMap((c) => [...c.working, ...c.items.flatMap((a) => intervalOn(a, day.date) ?? [])]));
  const range = visibleHours(shown);
  const height = (range.to - range.from) * scale;
  const y = (minutes: number) => (Math.min(Math.max(minutes, range.from), range.to) - range.from) * scale;
  const dayLabel = (date: string, long = false) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: long ? 'long' : 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

  // Asked and not confirmed within the type's mark time; a wish for an earlier time on a booked one.
  const marksOf = (a: Appointment) => ({
    ...(a.unconfirmed ? { unconfirmed: t('grid.unconfirmed') } : {}),
    ...(a.earlier_wish && a.status === 'BOOKED' && a.view === 'booked' ? { earlier: t('grid.earlier') } : {}),
  });

  const pick = (event: MouseEvent<HTMLDivElement>, date: string, processorId: string) => {
    if (processorId === UNASSIGNED || (event.target as HTMLElement).closest('button, [role="alert"]')) return;
    const box = event.currentTarget.getBoundingClientRect();
    onPickTime(date, Math.floor((range.from + (event.clientY - box.top) / scale) / 15) * 15, processorId);
  };

  const drop = async (appointment: Appointment, from: { date: string; minutes: number }, d: BlockDrop) => {
    const [date, processorId] = d.column.split('|') as [string, string];
    const change: GridChange =
      d.kind === 'resize'
        ? { appointment, lengthMinutes: (new Date(appointment.end).getTime() - new Date(appointment.start).getTime()) / 60_000 + d.minutes }
        : { appointment, date, minutes: from.minutes + d.minutes, ...(processorId && processorId !== appointment.processor_id ? { processorId } : {}) };
    const problem = await onChange(change);
    if (problem) setRefusal({ id: appointment.id, message: problem });
  };

  const template = `64px repeat(${days.length * columns.length}, minmax(${days.length > 1 ? 72 : 160}px, 1fr))`;
  const style = { gridTemplateColumns: template, ['--hour-height' as string]: `${60 * scale}px` } as CSSProperties;
  return (
    // Focusable, so the keyboard can scroll through the hours of a long day.
    <div className={classes.scroller} tabIndex={0} aria-label={t('grid.scroll')}>
      <div className={classes.grid} style={style} role="group" aria-label={t('grid.label', { from: dayLabel(days[0]!, true), to: dayLabel(days.at(-1)!, true) })}>
        {days.length > 1 && (
          <>
            <div className={classes.corner} style={{ gridRow: 1 }} />
            {days.map((date, i) => (
              <div
                key={date}
                className={`${classes.dayHead} ${date === now.date ? classes.today : ''}`}
                style={{ gridRow: 1, gridColumn: `${2 + i * columns.length} / span ${columns.length}` }}
              >
                {dayLabel(date)}
              </div>
            ))}
          </>
        )}
        <div className={classes.corner} style={{ gridRow: days.length > 1 ? 2 : 1, top: days.length > 1 ? 29 : 0 }} />
        {perDay.flatMap((day) =>
          day.columns.map(({ processor }) => (
            <div
              key={`${day.date}|${processor.id}`}
              className={classes.processorHead}
              style={{ gridRow: days.length > 1 ? 2 : 1, top: days.length > 1 ? 29 : 0, ...(processor.color ? { ['--processor-color' as string]: processor.color } : {}) }}
              title={processor.name}
            >
              {processor.name}
            </div>
          )),
        )}
        <div className={classes.axis} style={{ height }}>
          {Array.from({ length: (range.to - range.from) / 60 + 1 }, (_, i) => range.from + i * 60).map((minutes) => (
            <span key={minutes} className={classes.hour} style={{ top: Math.max(8, y(minutes)) }}>
              {timeOf(minutes % (24 * 60))}
            </span>
          ))}
        </div>
        {perDay.flatMap((day) =>
          day.columns.map(({ processor, working, away, items }) => {
            const key = `${day.date}|${processor.id}`;
            const placed = layoutColumn(items, day.date);
            return (
              <div
                key={key}
                className={classes.column}
                style={{ height }}
                data-column={key}
                aria-label={t('grid.column', { name: processor.name, date: dayLabel(day.date, true) })}
                role="group"
                onClick={(event) => pick(event, day.date, processor.id)}
              >
                {working.map((w) => (
                  <div key={`w${w.from}`} className={classes.working} style={{ top: y(w.from), height: y(w.to) - y(w.from) }} />
                ))}
                {away.map((a) => (
                  <div key={`a${a.from}`} className={classes.away} style={{ top: y(a.from), height: y(a.to) - y(a.from) }}>
                    {t('grid.away')}
                  </div>
                ))}
                {day.date === now.date && now.minutes >= range.from && now.minutes <= range.to && (
                  <div className={classes.nowLine} style={{ top: y(now.minutes) }} title={t('grid.now')} aria-hidden />
                )}
                {placed.map((p) => {
                  const appointment = items.find((a) => a.id === p.id)!;
                  const name = [appointment.last_name, appointment.first_name].filter(Boolean).join(', ') || (appointment.seal_state === 'locked' ? t('grid.sealed') : '—');
                  const time = `${timeOf(p.from)}–${timeOf(p.to % (24 * 60))}`;
                  const state = t(`status.${appointment.status === 'NO_SHOW' ? 'no_show' : appointment.view}`);
                  const marks = marksOf(appointment);
                  return (
                    <AppointmentBlock
                      key={p.id}
                      appointment={appointment}
                      placed={p}
                      scale={scale}
                      top={y(p.from)}
                      title={`${timeOf(p.from)} ${name}`}
                      detail={`${time} · ${typeName(appointment.appointment_type_id)}`}
                      label={[time, name, typeName(appointment.appointment_type_id), state, marks.unconfirmed, marks.earlier].filter(Boolean).join(', ')}
                      color={processor.color}
                      marks={marks}
                      column={key}
                      onOpen={() => onOpen(appointment.id)}
                      onDrop={(d) => drop(appointment, { date: day.date, minutes: wallMinutes(appointment.start) }, d)}
                    />
                  );
                })}
                {refusal && placed.some((p) => p.id === refusal.id) && (
                  <div role="alert" className={classes.refusal} style={{ top: y(placed.find((p) => p.id === refusal.id)!.to) + 2 }} onClick={() => setRefusal(undefined)}>
                    {refusal.message}
                  </div>
                )}
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}
