import type { CANCEL_STATES, MEMBER_STATUSES, MEMBER_VIEWS } from '../enums.js';

export type MemberView = (typeof MEMBER_VIEWS)[number];

/** The part of a ticket its state rules look at. */
export interface MemberState {
  status: (typeof MEMBER_STATUSES)[number];
  cancel_state: (typeof CANCEL_STATES)[number] | null;
}

/**
 * Everything that changes a ticket's state (docs/product.md#states-and-transitions):
 * - call: WAITING → PROCESSING (publicly or silently);
 * - requeue: PROCESSING → WAITING (back to its place in the line);
 * - finish: PROCESSING → FINISHED_BY_PROCESSOR;
 * - remove: off the list without serving (FINISHED_BY_PROCESSOR, marked removed), also a
 *   cancelled one;
 * - cancel: by the processor — the ticket stays on the list struck through (cancel state
 *   PROCESSOR), out of the line and the estimates, until restored or removed;
 * - restore: undoes only a processor's cancel;
 * - user_cancel: the patient (FINISHED_BY_USER, cancel state USER) — no processor reactivates it;
 * - user_restore: the patient takes their own cancel back, within PATIENT_UNDO_MINUTES and while
 *   the session that gave the number lasts (the service checks both), back to their old place;
 * - timeout: a called patient who did not finish within the queue's timeout
 *   (FINISHED_BY_TIMEOUT, cancel state TIMEOUT);
 * - session_end: TERMINATE ends every open ticket (FINISHED_BY_TIMEOUT, cancel state SESSION_END);
 * - priority_tag: an info tag with time priority puts the ticket back to waiting;
 * - move: to another queue or place, only while waiting in line.
 */
/** How long a patient may take back their own cancel ("Rückgängig" on the ticket page). */
export const PATIENT_UNDO_MINUTES = 10;

export const MEMBER_ACTIONS = [
  'call',
  'requeue',
  'finish',
  'remove',
  'cancel',
  'restore',
  'user_cancel',
  'user_restore',
  'timeout',
  'session_end',
  'priority_tag',
  'move',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

const isOpen = (s: MemberState) => s.status === 'WAITING' || s.status === 'PROCESSING';
const inLine = (s: MemberState) => s.status === 'WAITING' && s.cancel_state === null;

/**
 * The state after an action, or undefined when the action is not allowed in this state (the API
 * answers MEMBER_STATE and changes nothing — which is also what a repeated request gets).
 */
export function memberTransition(state: MemberState, action: MemberAction): MemberState | undefined {
  switch (action) {
    case 'call':
      return inLine(state) ? { status: 'PROCESSING', cancel_state: null } : undefined;
    case 'requeue':
      return state.status === 'PROCESSING' ? { status: 'WAITING', cancel_state: null } : undefined;
    case 'finish':
      return state.status === 'PROCESSING' ? { status: 'FINISHED_BY_PROCESSOR', cancel_state: null } : undefined;
    case 'remove':
      return isOpen(state) ? { status: 'FINISHED_BY_PROCESSOR', cancel_state: state.cancel_state } : undefined;
    case 'cancel':
      return isOpen(state) && state.cancel_state === null ? { status: 'WAITING', cancel_state: 'PROCESSOR' } : undefined;
    case 'restore':
      return state.status === 'WAITING' && state.cancel_state === 'PROCESSOR' ? { status: 'WAITING', cancel_state: null } : undefined;
    case 'user_cancel':
      return isOpen(state) && state.cancel_state === null ? { status: 'FINISHED_BY_USER', cancel_state: 'USER' } : undefined;
    case 'user_restore':
      return state.status === 'FINISHED_BY_USER' && state.cancel_state === 'USER' ? { status: 'WAITING', cancel_state: null } : undefined;
    case 'timeout':
      return state.status === 'PROCESSING' ? { status: 'FINISHED_BY_TIMEOUT', cancel_state: 'TIMEOUT' } : undefined;
    case 'session_end':
      return isOpen(state) ? { status: 'FINISHED_BY_TIMEOUT', cancel_state: 'SESSION_END' } : undefined;
    case 'priority_tag':
      return isOpen(state) && state.cancel_state === null ? { status: 'WAITING', cancel_state: null } : undefined;
    case 'move':
      return inLine(state) ? state : undefined;
  }
}

/**
 * What the ticket page shows. A processor's cancel shows as cancelled although the ticket stays
 * on the staff list; a session end as expired; a removal as finished (the patient's visit is
 * over either way).
 */
export function memberView(state: MemberState): MemberView {
  if (state.cancel_state === 'SESSION_END') return 'expired';
  if (state.cancel_state !== null) return 'cancelled';
  if (state.status === 'WAITING') return 'waiting';
  if (state.status === 'PROCESSING') return 'processing';
  return 'finished';
}
