import { IconAlertTriangle, IconClockUp } from '@tabler/icons-react';
import { useRef, useState, type PointerEvent } from 'react';
import type { Appointment } from '@wartefrei/shared';
import { snap, type Placed } from './calendar-layout';
import classes from './calendar.module.css';

/** Where a drag ended: the column under the pointer and the minutes moved (or stretched). */
export interface BlockDrop {
  kind: 'move' | 'resize';
  /** `data-column` of the column the block was dropped on ('date|processorId'). */
  column: string;
  minutes: number;
}

interface AppointmentBlockProps {
  appointment: Appointment;
  placed: Placed;
  /** Pixels per minute, and the first minute the grid shows. */
  scale: number;
  top: number;
  label: string;
  title: string;
  detail: string;
  color: string | null;
  /** Words of the marks the block shows (also in `label`): asked and not confirmed; wants an earlier time. */
  marks: { unconfirmed?: string; earlier?: string };
  column: string;
  onOpen: () => void;
  /** Resolves when the change is saved and shown, or was refused (the block goes back then). */
  onDrop: (drop: BlockDrop) => Promise<void>;
}

const DRAG_THRESHOLD_PX = 4;
const STEP_MINUTES = 5;

/**
 * An appointment in the grid: a button that opens it (click, Enter), that moves when dragged
 * (to another time or another processor's column) and stretches at its lower edge. While the
 * change is saved it stays where it was dropped; a refusal puts it back.
 */
export function AppointmentBlock({ appointment, placed, scale, top, label, title, detail, color, marks, column, onOpen, onDrop }: AppointmentBlockProps) {
  const drag = useRef<{ kind: 'move' | 'resize'; x: number; y: number; moved: boolean; column: string; minutes: number; columnLeft: number } | null>(null);
  const [offset, setOffset] = useState<{ dx: number; dy: number; dh: number } | null>(null);
  const movable = appointment.view === 'booked' && appointment.status === 'BOOKED';

  const columnAt = (x: number, y: number) =>
    document
      .elementsFromPoint(x, y)
      .map((element) => element.closest<HTMLElement>('[data-column]'))
      .find((element) => element !== null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const kind = (event.target as HTMLElement).dataset.resize !== undefined ? 'resize' : 'move';
    const own = columnAt(event.clientX, event.clientY);
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind, x: event.clientX, y: event.clientY, moved: false, column, minutes: 0, columnLeft: own?.getBoundingClientRect().left ?? 0 };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || !movable) return;
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    if (!state.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    state.moved = true;
    if (state.kind === 'resize') {
      state.minutes = Math.max(STEP_MINUTES - (placed.to - placed.from), snap(dy / scale, STEP_MINUTES));
      setOffset({ dx: 0, dy: 0, dh: state.minutes * scale });
      return;
    }
    state.minutes = snap(dy / scale, STEP_MINUTES);
    const target = columnAt(event.clientX, event.clientY);
    if (target?.dataset.column) state.column = target.dataset.column;
    setOffset({ dx: target ? target.getBoundingClientRect().left - state.columnLeft : 0, dy: state.minutes * scale, dh: 0 });
  };

  const onPointerUp = () => {
    const state = drag.current;
    drag.current = null;
    if (!state) return;
    if (!state.moved) return onOpen();
    if (state.minutes === 0 && state.column === column) return setOffset(null);
    void onDrop({ kind: state.kind, column: state.column, minutes: state.minutes }).finally(() => setOffset(null));
  };

  const className = [
    classes.block,
    classes[appointment.status === 'NO_SHOW' ? 'no_show' : appointment.view],
    marks.unconfirmed ? classes.unconfirmed : '',
    offset ? classes.dragging : '',
  ].join(' ');
  return (
    <button
      type="button"
      className={className}
      data-appointment={appointment.id}
      aria-label={label}
      style={{
        top: top + (offset?.dy ?? 0),
        height: Math.max(12, (placed.to - placed.from) * scale + (offset?.dh ?? 0)) - 1,
        left: `calc(${(placed.lane / placed.lanes) * 100}% + ${offset?.dx ?? 0}px)`,
        width: `calc(${100 / placed.lanes}% - 2px)`,
        ...(color ? { ['--processor-color' as string]: color } : {}),
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(null);
      }}
      // A pointer opens on release (above); Enter and Space arrive as a click without a pointer.
      onClick={(event) => event.detail === 0 && onOpen()}
    >
      <strong>{title}</strong>
      {/* An icon and a word each, not colour alone; the button's label names them too. */}
      {(marks.unconfirmed || marks.earlier) && (
        <span className={classes.marks} aria-hidden>
          {marks.unconfirmed && (
            <span className={`${classes.mark} ${classes.unconfirmedMark}`} data-mark="unconfirmed">
              <IconAlertTriangle size={11} stroke={2.25} />
              {marks.unconfirmed}
            </span>
          )}
          {marks.earlier && (
            <span className={`${classes.mark} ${classes.earlierMark}`} data-mark="earlier">
              <IconClockUp size={11} stroke={2.25} />
              {marks.earlier}
            </span>
          )}
        </span>
      )}
      {detail}
      {movable && <span className={classes.resize} data-resize aria-hidden />}
    </button>
  );
}
