import { describe, expect, it } from 'vitest';
import type { InterviewOption, InterviewQuestion, ProbingInterview } from '@wartefrei/shared';
import { interviewStep, startInterview, type InterviewEvent, type InterviewOutcome, type InterviewState } from './interview-flow';

/* The questionnaire's flow, transition by transition: the function alone, no screen. */

const option = (id: string, fields: Partial<InterviewOption> = {}): InterviewOption => ({
  id,
  text: `Antwort ${id}`,
  action: 'NOTHING',
  target_question_id: null,
  target_queue_id: null,
  target_queue_name: null,
  target_refusal: null,
  target_url: null,
  appointment_type_id: null,
  appointment_queue_id: null,
  message: null,
  button_text: null,
  allow_free_text: false,
  ...fields,
});
const question = (id: string, options: InterviewOption[], askFirst = false): InterviewQuestion => ({ id, text: `Frage ${id}`, ask_first: askFirst, options });

const toSecond = option('to-q2', { action: 'QUESTION', target_question_id: 'q2' });
const toGone = option('to-gone', { action: 'QUESTION', target_question_id: 'removed' });
const closed = option('closed', { action: 'QUEUE', target_queue_id: 'list-b', target_queue_name: 'Labor', target_refusal: 'QUEUE_CLOSED' });
const described = option('described', { action: 'QUEUE', target_queue_id: 'list-a', allow_free_text: true, message: 'Bitte Karte bereithalten' });
const q1 = question('q1', [toSecond, toGone, closed, described], true);
const q2 = question('q2', [
  option('queue', { action: 'QUEUE', target_queue_id: 'list-a' }),
  option('url', { action: 'URL', target_url: 'https://praxis.example/info' }),
  option('book', { action: 'BOOK_APPOINTMENT', appointment_type_id: 'type-1', appointment_queue_id: 'list-c' }),
  option('nothing'),
  option('book-incomplete', { action: 'BOOK_APPOINTMENT', appointment_type_id: 'type-1' }),
]);
const interview: ProbingInterview = { profile_id: 'p', variant: 'ONLINE', questions: [q2, q1] };
const [queueOption, urlOption, bookOption, nothingOption, incompleteOption] = q2.options as [InterviewOption, InterviewOption, InterviewOption, InterviewOption, InterviewOption];

/** Every event in turn; the last outcome. */
const run = (state: InterviewState, ...events: InterviewEvent[]): InterviewOutcome =>
  events.reduce<InterviewOutcome>((outcome, event) => interviewStep(interview, outcome.state, event), { state });
const start = startInterview(interview);

describe('the questionnaire flow', () => {
  it('starts at the question asked first, wherever it stands in the list', () => {
    expect(start).toEqual({ answers: [], step: { kind: 'question', question: q1 } });
  });

  it('has no step without a first question, and ignores every event then', () => {
    const none = startInterview({ ...interview, questions: [q2] });
    expect(none.step).toBeUndefined();
    expect(run(none, { type: 'choose', option: queueOption }, { type: 'back' })).toEqual({ state: none });
  });

  it('goes to the next question and keeps the answer on the path', () => {
    expect(run(start, { type: 'choose', option: toSecond })).toEqual({
      state: { answers: [{ question_id: 'q1', option_id: 'to-q2' }], step: { kind: 'question', question: q2 } },
    });
  });

  it('ends with the action of the last answer and the whole path', () => {
    const ending = (choice: InterviewOption) => run(start, { type: 'choose', option: toSecond }, { type: 'choose', option: choice }).done;
    const answers = (id: string) => [
      { question_id: 'q1', option_id: 'to-q2' },
      { question_id: 'q2', option_id: id },
    ];
    expect(ending(queueOption)).toEqual({ action: 'QUEUE', queueId: 'list-a', answers: answers('queue') });
    expect(ending(urlOption)).toEqual({ action: 'URL', url: 'https://praxis.example/info', answers: answers('url') });
    expect(ending(bookOption)).toEqual({ action: 'BOOK_APPOINTMENT', typeId: 'type-1', queueId: 'list-c', answers: answers('book') });
    expect(ending(nothingOption)).toEqual({ action: 'NOTHING', answers: answers('nothing') });
    // An action without its target does nothing rather than go nowhere.
    expect(ending(incompleteOption)).toEqual({ action: 'NOTHING', answers: answers('book-incomplete') });
  });

  it('says at the answer that its list takes no ticket now, and goes nowhere; the next answer clears it', () => {
    const refused = run(start, { type: 'choose', option: closed });
    expect(refused).toEqual({ state: { answers: [], step: { kind: 'question', question: q1 }, refused: closed } });
    expect(run(refused.state, { type: 'choose', option: toSecond }).state.refused).toBeUndefined();
  });

  it('keeps the patient at the question when its next question is gone, and says so', () => {
    expect(run(start, { type: 'choose', option: toGone })).toEqual({ state: { answers: [], step: { kind: 'question', question: q1 }, refused: toGone } });
  });

  it('asks for the text, shows the practice message, then ends with the text on the path', () => {
    const text = run(start, { type: 'choose', option: described });
    expect(text.state.step).toEqual({ kind: 'text', question: q1, option: described });
    const message = run(text.state, { type: 'submitText', text: 'Seit Montag' });
    expect(message).toEqual({ state: { answers: [], step: { kind: 'message', question: q1, option: described, text: 'Seit Montag' } } });
    expect(run(message.state, { type: 'continue' }).done).toEqual({
      action: 'QUEUE',
      queueId: 'list-a',
      answers: [{ question_id: 'q1', option_id: 'described', text: 'Seit Montag' }],
    });
  });

  it('goes back from a text or message to its question, from a question to the one before, and out from the first', () => {
    const text = run(start, { type: 'choose', option: described }).state;
    expect(run(text, { type: 'back' }).state).toEqual(start);
    const message = run(text, { type: 'submitText', text: 'x' }).state;
    expect(run(message, { type: 'back' }).state).toEqual(start);
    const second = run(start, { type: 'choose', option: toSecond }).state;
    expect(run(second, { type: 'back' })).toEqual({ state: start });
    expect(run(start, { type: 'back' })).toEqual({ state: start, cancel: true });
  });

  it('ignores an event that belongs to another screen (a second tap, a late submit)', () => {
    const second = run(start, { type: 'choose', option: toSecond }).state;
    expect(run(second, { type: 'submitText', text: 'x' })).toEqual({ state: second });
    expect(run(second, { type: 'continue' })).toEqual({ state: second });
    const text = run(start, { type: 'choose', option: described }).state;
    expect(run(text, { type: 'choose', option: toSecond })).toEqual({ state: text });
  });
});
