import type { PatientAppointment, ProbingAnswer, PublicQueue } from '@wartefrei/shared';
import type { InterviewResult } from '../probing/interview-flow';
import type { PrintableTicket, PrintProblem } from './printer';

/*
 * The kiosk's flow as data: where a patient is, what may happen next, and how long the screen
 * waits for a touch. A pure reducer; KioskScreen.tsx renders the state and runs the effects
 * (the draw request, the printer) whose outcomes come back as events. Every transition is
 * proven in kiosk-flow.test.ts.
 */

/** Seconds the "your number" screen stays before the kiosk returns to the start. */
export const DONE_SECONDS = 20;
/** Seconds without a touch on a form before the kiosk returns to the start. */
export const FORM_IDLE_SECONDS = 90;

export type KioskStage =
  | { kind: 'choice' }
  | { kind: 'start' }
  | { kind: 'interview' }
  | { kind: 'form'; queue: PublicQueue }
  | { kind: 'done'; printable: PrintableTicket; problem?: PrintProblem }
  | { kind: 'book'; typeId?: string }
  | { kind: 'checkIn' }
  | { kind: 'booked'; appointment: PatientAppointment };

export interface KioskState {
  stage: KioskStage;
  /** Whether the location offers appointments: the flow then starts with the choice. */
  offersAppointments: boolean;
  /** The questionnaire's answers, carried into the draw. */
  answers?: ProbingAnswer[];
  /** The list a draw is under way for: no second tap meanwhile. */
  busy?: string;
  /** What the start screen says went wrong: a text key of the kiosk's, or the server's own message. */
  error?: KioskError;
  /** Returns to the start so far: a half-answered questionnaire starts over for the next person. */
  resets: number;
}

export type KioskError = { key: string } | { message: string };

export type KioskEvent =
  /** The location's appointment types are known (they arrive after the first paint). */
  | { type: 'appointmentsKnown'; offered: boolean }
  | { type: 'chose'; choice: 'ticket' | 'book' | 'checkIn'; hasInterview: boolean }
  | { type: 'interviewed'; result: InterviewResult }
  /** A list was tapped: `problem` if the printer cannot print, `needsForm` if the list asks for data. */
  | { type: 'tapped'; queue: PublicQueue; problem?: PrintProblem; needsForm: boolean }
  | { type: 'drawFailed'; error: KioskError }
  | { type: 'printing'; printable: PrintableTicket }
  | { type: 'printFailed'; printable: PrintableTicket; problem: PrintProblem }
  | { type: 'booked'; appointment: PatientAppointment }
  /** The offered lists changed (a live event): a form for a list that closed goes back to the start. */
  | { type: 'queuesChanged'; queues: PublicQueue[] }
  /** Back to the start: a "back" button, the done screen's end, or the idle timer. */
  | { type: 'reset' };

const firstStage = (offersAppointments: boolean): KioskStage => ({ kind: offersAppointments ? 'choice' : 'start' });

export function initialKioskState(offersAppointments: boolean): KioskState {
  return { stage: firstStage(offersAppointments), offersAppointments, resets: 0 };
}

/** A draw needs the form only when the queue requires patient data; otherwise one tap draws. */
export const needsForm = (queue: PublicQueue) => Object.values(queue.patient_inputs).some((input) => input === 'REQUIRED') || queue.ask_patient_for_language;

export function kioskReducer(state: KioskState, event: KioskEvent): KioskState {
  switch (event.type) {
    case 'appointmentsKnown':
      // The first question comes first, unless the patient already began at the lists.
      if (event.offered === state.offersAppointments) return state;
      return { ...state, offersAppointments: event.offered, stage: state.stage.kind === 'start' && !state.answers && event.offered ? { kind: 'choice' } : state.stage };
    case 'chose':
      if (event.choice !== 'ticket') return { ...state, stage: { kind: event.choice } };
      return { ...state, stage: { kind: event.hasInterview ? 'interview' : 'start' } };
    case 'interviewed': {
      const { result } = event;
      if (result.action === 'BOOK_APPOINTMENT') return { ...state, answers: result.answers, stage: { kind: 'book', typeId: result.typeId } };
      return { ...state, answers: result.answers, stage: { kind: 'start' } };
    }
    case 'tapped':
      // A second tap while a draw is under way changes nothing.
      if (state.busy !== undefined) return state;
      // Check the printer before drawing: a ticket nobody can hold would only lengthen the line.
      if (event.problem) return { ...state, error: { key: event.problem } };
      if (event.needsForm) return { ...state, error: undefined, stage: { kind: 'form', queue: event.queue } };
      return { ...state, error: undefined, busy: event.queue.id };
    case 'drawFailed':
      return { ...state, busy: undefined, error: event.error };
    case 'printing':
      return { ...state, busy: undefined, error: undefined, stage: { kind: 'done', printable: event.printable } };
    case 'printFailed':
      // Only while that ticket's screen still shows: after a reset the problem is nobody's.
      if (state.stage.kind !== 'done' || state.stage.printable !== event.printable) return state;
      return { ...state, stage: { kind: 'done', printable: event.printable, problem: event.problem } };
    case 'booked':
      return { ...state, stage: { kind: 'booked', appointment: event.appointment } };
    case 'queuesChanged': {
      if (state.stage.kind !== 'form') return state;
      const { queue } = state.stage;
      const now = event.queues.find((q) => q.id === queue.id);
      if (now && now.kiosk_refusal === null) return state;
      // The list closed (or left the kiosk) while the patient filled in its form: say why at the start.
      return { ...state, stage: { kind: 'start' }, error: { key: now?.kiosk_refusal ? `server:errors.${now.kiosk_refusal}` : 'deactivated.title' } };
    }
    case 'reset':
      return { stage: firstStage(state.offersAppointments), offersAppointments: state.offersAppointments, resets: state.resets + 1 };
  }
}

/**
 * How many seconds without a touch before the kiosk returns to the start; none where it waits for
 * the next patient anyway. Questions on screen, or answers given but no list taken, count as a
 * form: the next person must not meet them.
 */
export function idleSeconds(state: KioskState, questionsAtStart: boolean): number | undefined {
  switch (state.stage.kind) {
    case 'done':
    case 'booked':
      return DONE_SECONDS;
    case 'form':
    case 'interview':
    case 'book':
    case 'checkIn':
      return FORM_IDLE_SECONDS;
    case 'start':
      return state.answers || questionsAtStart ? FORM_IDLE_SECONDS : undefined;
    case 'choice':
      return undefined;
  }
}

/** Whether the kiosk waits untouched at its first screen: the moment to load a newer build. */
export function idleAtStart(state: KioskState, questionsAtStart: boolean): boolean {
  return state.stage.kind === firstStage(state.offersAppointments).kind && !state.answers && !questionsAtStart && state.busy === undefined;
}
