import type { InterviewOption, InterviewQuestion, ProbingAnswer, ProbingInterview } from '@wartefrei/shared';

/*
 * The questionnaire's flow as a pure function (as the kiosk's, kiosk/kiosk-flow.ts): the screen
 * (Interview.tsx) only renders the state and hands the patient's taps in as events; every
 * transition is unit-tested in interview-flow.unit.test.ts. Plain TypeScript and type imports
 * only: the draw page and the kiosk carry it.
 */

/** Where the interview sent the patient, with the path they answered (the draw sends it along). */
export type InterviewResult =
  | { action: 'NOTHING'; answers: ProbingAnswer[] }
  | { action: 'QUEUE'; queueId: string; answers: ProbingAnswer[] }
  | { action: 'URL'; url: string; answers: ProbingAnswer[] }
  | { action: 'BOOK_APPOINTMENT'; typeId: string; queueId: string; answers: ProbingAnswer[] };

/** One screen: a question, the text an answer asks for, or the practice's message before the action. */
export type InterviewStep =
  | { kind: 'question'; question: InterviewQuestion }
  | { kind: 'text'; question: InterviewQuestion; option: InterviewOption }
  | { kind: 'message'; question: InterviewQuestion; option: InterviewOption; text?: string };

export interface InterviewState {
  /** The answers given on the way to this screen, in order. */
  answers: ProbingAnswer[];
  /** Undefined: the questionnaire has no first question (the screen says so). */
  step: InterviewStep | undefined;
  /** The answer that cannot go on now (its list takes no ticket, or its next question is gone), shown at the question. */
  refused?: InterviewOption;
}

export type InterviewEvent =
  /** An answer tapped on the question screen. */
  | { type: 'choose'; option: InterviewOption }
  /** The text an answer asked for, sent. */
  | { type: 'submitText'; text: string }
  /** "Weiter" under the practice's message. */
  | { type: 'continue' }
  | { type: 'back' };

/** The next state; `done` or `cancel` where the interview ends (the screen calls its `onDone` / `onCancel`). */
export interface InterviewOutcome {
  state: InterviewState;
  done?: InterviewResult;
  cancel?: true;
}

export function startInterview(interview: ProbingInterview): InterviewState {
  const first = interview.questions.find((q) => q.ask_first);
  return { answers: [], step: first && { kind: 'question', question: first } };
}

const answerOf = (question: InterviewQuestion, option: InterviewOption, text?: string): ProbingAnswer => ({
  question_id: question.id,
  option_id: option.id,
  ...(text !== undefined ? { text } : {}),
});

/** What an answer's action does once it is given (and its message read): the next question, or the end. */
function finish(interview: ProbingInterview, state: InterviewState, question: InterviewQuestion, option: InterviewOption, text?: string): InterviewOutcome {
  const answers = [...state.answers, answerOf(question, option, text)];
  if (option.action === 'QUESTION') {
    const next = interview.questions.find((q) => q.id === option.target_question_id);
    // A next question removed since the page loaded: the patient stays at this question and is told.
    if (!next) return { state: { answers: state.answers, step: { kind: 'question', question }, refused: option } };
    return { state: { answers, step: { kind: 'question', question: next } } };
  }
  const end = (done: InterviewResult): InterviewOutcome => ({ state: { ...state, answers }, done });
  if (option.action === 'QUEUE' && option.target_queue_id) return end({ action: 'QUEUE', queueId: option.target_queue_id, answers });
  if (option.action === 'URL' && option.target_url) return end({ action: 'URL', url: option.target_url, answers });
  if (option.action === 'BOOK_APPOINTMENT' && option.appointment_type_id && option.appointment_queue_id) {
    return end({ action: 'BOOK_APPOINTMENT', typeId: option.appointment_type_id, queueId: option.appointment_queue_id, answers });
  }
  return end({ action: 'NOTHING', answers });
}

/** After the answer (and its text): the message first where there is one, then the action. */
function proceed(interview: ProbingInterview, state: InterviewState, question: InterviewQuestion, option: InterviewOption, text?: string): InterviewOutcome {
  if (option.message) return { state: { answers: state.answers, step: { kind: 'message', question, option, ...(text !== undefined ? { text } : {}) } } };
  return finish(interview, state, question, option, text);
}

export function interviewStep(interview: ProbingInterview, state: InterviewState, event: InterviewEvent): InterviewOutcome {
  const { step, answers } = state;
  if (!step) return { state };
  switch (event.type) {
    case 'choose':
      if (step.kind !== 'question') return { state };
      if (event.option.target_refusal) return { state: { answers, step, refused: event.option } };
      if (event.option.allow_free_text) return { state: { answers, step: { kind: 'text', question: step.question, option: event.option } } };
      return proceed(interview, { answers, step }, step.question, event.option);
    case 'submitText':
      return step.kind === 'text' ? proceed(interview, state, step.question, step.option, event.text) : { state };
    case 'continue':
      return step.kind === 'message' ? finish(interview, state, step.question, step.option, step.text) : { state };
    case 'back': {
      if (step.kind !== 'question') return { state: { answers, step: { kind: 'question', question: step.question } } };
      const previous = answers.at(-1);
      const question = previous && interview.questions.find((q) => q.id === previous.question_id);
      if (!question) return { state: { answers, step }, cancel: true };
      return { state: { answers: answers.slice(0, -1), step: { kind: 'question', question } } };
    }
  }
}
