/*
 * The probing questionnaire's rules (docs/product.md#validation-rules), as pure functions
 * without zod: written for the server's check of every save and draw, and for the patient's
 * interview and the management's preview in the browser (the routes and screens that call them
 * are the rest of issue 17).
 *
 * A questionnaire is a location's questions of one variant (ONLINE for the ticket page, KIOSK).
 * Exactly one question is asked first; each option of a question either leads to another
 * question or ends the interview: NOTHING (draw on the list the patient came to), QUEUE (draw on
 * another list), URL (a web page, never at the kiosk) or BOOK_APPOINTMENT.
 */

export const PROBING_VARIANTS = ['ONLINE', 'KIOSK'] as const;
export type ProbingVariant = (typeof PROBING_VARIANTS)[number];
export const PROBING_ACTIONS = ['NOTHING', 'QUESTION', 'QUEUE', 'URL', 'BOOK_APPOINTMENT'] as const;
/** A questionnaire holds at most this many questions per variant, a question this many options. */
export const PROBING_MAX_QUESTIONS = 50;
export const PROBING_MAX_OPTIONS = 12;
/** Longest texts of a questionnaire (characters); here, zod-free, so the patient's interview reads them too. */
export const PROBING_QUESTION_TEXT_MAX_LENGTH = 500;
export const PROBING_OPTION_TEXT_MAX_LENGTH = 200;
export const PROBING_MESSAGE_MAX_LENGTH = 1000;
export const PROBING_BUTTON_TEXT_MAX_LENGTH = 60;
/** The patient's own text with an answer that asks for one (allow_free_text). */
export const PROBING_ANSWER_TEXT_MAX_LENGTH = 500;
export type ProbingAction = (typeof PROBING_ACTIONS)[number];

export interface ProbingOptionShape {
  id: string;
  text: string;
  action: ProbingAction;
  target_question_id: string | null;
  target_queue_id: string | null;
  target_url: string | null;
  appointment_type_id: string | null;
  info_tag_id: string | null;
  allow_free_text: boolean;
}

export interface ProbingQuestionShape {
  id: string;
  text: string;
  ask_first: boolean;
  options: ProbingOptionShape[];
}

export type ProbingProblemCode =
  | 'NO_FIRST_QUESTION'
  | 'MORE_THAN_ONE_FIRST_QUESTION'
  | 'FEWER_THAN_TWO_OPTIONS'
  | 'OPTION_TEXT_REQUIRED'
  | 'TARGET_REQUIRED'
  | 'TARGET_NOT_FOUND'
  | 'QUESTION_CYCLE'
  | 'URL_NOT_PUBLIC'
  | 'URL_AT_KIOSK'
  | 'INFO_TAG_TIME_SHIFT'
  | 'QUEUE_INTAKE_OFF';

/** A problem at a question (and option): errors refuse the save; a warning is shown and saved. */
export interface ProbingProblem {
  question_id: string | null;
  option_id: string | null;
  field: string;
  code: ProbingProblemCode;
  severity: 'error' | 'warning';
}

/** What the account has that options may point at, as the save's checks see it. */
export interface ProbingTargets {
  /** The account's live lists, with whether they take tickets online and at the kiosk now. */
  queues: ReadonlyMap<string, { online: boolean; kiosk: boolean }>;
  /** The account's info tags by whether they shift the time (tags on answers must not). */
  infoTags: ReadonlyMap<string, { shiftsTime: boolean }>;
  appointmentTypeIds: ReadonlySet<string>;
}

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^0\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/**
 * A web address a patient's phone may be sent to: http or https, a host name with a dot or a
 * public IP address — not localhost, a `.local` name, or a private, loopback or link-local
 * address.
 */
export function isPublicWebAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    return !(v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('::ffff:'));
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !PRIVATE_V4.some((range) => range.test(host));
  return host.includes('.') && !host.endsWith('.local') && !host.endsWith('.localhost') && !host.endsWith('.internal');
}

/** The questions an option leads to, for the cycle search. */
const nextQuestions = (question: ProbingQuestionShape) =>
  question.options.filter((o) => o.action === 'QUESTION' && o.target_question_id).map((o) => ({ option: o, to: o.target_question_id! }));

/** The options that close a cycle of questions (a patient could be asked for ever). */
function cycleOptions(questions: readonly ProbingQuestionShape[]): { question: ProbingQuestionShape; option: ProbingOptionShape }[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const state = new Map<string, 'visiting' | 'done'>();
  const closing: { question: ProbingQuestionShape; option: ProbingOptionShape }[] = [];
  const visit = (question: ProbingQuestionShape) => {
    state.set(question.id, 'visiting');
    for (const { option, to } of nextQuestions(question)) {
      const target = byId.get(to);
      if (!target) continue;
      if (state.get(to) === 'visiting') closing.push({ question, option });
      else if (!state.has(to)) visit(target);
    }
    state.set(question.id, 'done');
  };
  for (const question of questions) if (!state.has(question.id)) visit(question);
  return closing;
}

/** Every problem of a questionnaire as a whole, named by question and option. */
export function questionnaireProblems(questions: readonly ProbingQuestionShape[], variant: ProbingVariant, targets: ProbingTargets): ProbingProblem[] {
  const problems: ProbingProblem[] = [];
  const add = (question: ProbingQuestionShape | null, option: ProbingOptionShape | null, field: string, code: ProbingProblemCode, severity: 'error' | 'warning' = 'error') =>
    problems.push({ question_id: question?.id ?? null, option_id: option?.id ?? null, field, code, severity });
  const ids = new Set(questions.map((q) => q.id));
  const first = questions.filter((q) => q.ask_first);
  if (questions.length > 0 && first.length === 0) add(null, null, 'ask_first', 'NO_FIRST_QUESTION');
  for (const extra of first.slice(1)) add(extra, null, 'ask_first', 'MORE_THAN_ONE_FIRST_QUESTION');

  for (const question of questions) {
    if (question.options.length < 2) add(question, null, 'options', 'FEWER_THAN_TWO_OPTIONS');
    for (const option of question.options) {
      if (option.text.trim() === '') add(question, option, 'text', 'OPTION_TEXT_REQUIRED');
      const target = (field: string, value: string | null, exists: (id: string) => boolean) => {
        if (!value) add(question, option, field, 'TARGET_REQUIRED');
        else if (!exists(value)) add(question, option, field, 'TARGET_NOT_FOUND');
      };
      if (option.action === 'QUESTION') target('target_question_id', option.target_question_id, (id) => ids.has(id));
      if (option.action === 'QUEUE') {
        target('target_queue_id', option.target_queue_id, (id) => targets.queues.has(id));
        const intake = option.target_queue_id ? targets.queues.get(option.target_queue_id) : undefined;
        if (intake && !(variant === 'KIOSK' ? intake.kiosk : intake.online)) add(question, option, 'target_queue_id', 'QUEUE_INTAKE_OFF', 'warning');
      }
      if (option.action === 'BOOK_APPOINTMENT') target('appointment_type_id', option.appointment_type_id, (id) => targets.appointmentTypeIds.has(id));
      if (option.action === 'URL') {
        if (variant === 'KIOSK') add(question, option, 'target_url', 'URL_AT_KIOSK');
        else if (!option.target_url || !isPublicWebAddress(option.target_url)) add(question, option, 'target_url', 'URL_NOT_PUBLIC');
      }
      if (option.info_tag_id) {
        const tag = targets.infoTags.get(option.info_tag_id);
        if (!tag) add(question, option, 'info_tag_id', 'TARGET_NOT_FOUND');
        else if (tag.shiftsTime) add(question, option, 'info_tag_id', 'INFO_TAG_TIME_SHIFT');
      }
    }
  }
  for (const { question, option } of cycleOptions(questions)) add(question, option, 'target_question_id', 'QUESTION_CYCLE');
  return problems;
}

export interface ProbingAnswer {
  question_id: string;
  option_id: string;
  text?: string | undefined;
}

export type InterviewEnd =
  { action: 'NOTHING' } | { action: 'QUEUE'; queue_id: string } | { action: 'URL'; url: string } | { action: 'BOOK_APPOINTMENT'; appointment_type_id: string };

export type PathProblem = 'NO_FIRST_QUESTION' | 'NEXT_QUESTION_NOT_FOUND' | 'OPTION_NOT_FOUND' | 'FREE_TEXT_REQUIRED' | 'FREE_TEXT_NOT_ALLOWED' | 'PATH_NOT_FINISHED';

/**
 * The interview a patient gave, walked from the first question: each answer must answer the
 * question its predecessor led to, with one of its options; free text only where allowed and
 * then not empty — unless `sealed`: then free text travels sealed beside the answers, and
 * only the browser could tell it was empty. The walk ends at the first option that does not lead to a question, and
 * answers after it are refused like a forged path. It yields where the interview ends and the
 * info tags of the options chosen.
 */
export function walkInterview(
  questions: readonly ProbingQuestionShape[],
  answers: readonly ProbingAnswer[],
  sealed = false,
): { ok: true; end: InterviewEnd; info_tag_ids: string[] } | { ok: false; problem: PathProblem; index: number } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  let current: ProbingQuestionShape | undefined = questions.find((q) => q.ask_first);
  if (!current) return { ok: false, problem: 'NO_FIRST_QUESTION', index: 0 };
  const tags: string[] = [];
  for (const [index, answer] of answers.entries()) {
    if (!current || answer.question_id !== current.id) return { ok: false, problem: 'NEXT_QUESTION_NOT_FOUND', index };
    const option: ProbingOptionShape | undefined = current.options.find((o) => o.id === answer.option_id);
    if (!option) return { ok: false, problem: 'OPTION_NOT_FOUND', index };
    const text = answer.text?.trim() ?? '';
    if (option.allow_free_text && text === '' && !sealed) return { ok: false, problem: 'FREE_TEXT_REQUIRED', index };
    if (!option.allow_free_text && answer.text !== undefined) return { ok: false, problem: 'FREE_TEXT_NOT_ALLOWED', index };
    if (option.info_tag_id && !tags.includes(option.info_tag_id)) tags.push(option.info_tag_id);
    if (option.action === 'QUESTION') {
      current = option.target_question_id ? byId.get(option.target_question_id) : undefined;
      if (!current) return { ok: false, problem: 'NEXT_QUESTION_NOT_FOUND', index };
      continue;
    }
    if (index !== answers.length - 1) return { ok: false, problem: 'NEXT_QUESTION_NOT_FOUND', index: index + 1 };
    return { ok: true, end: endOf(option), info_tag_ids: tags };
  }
  return { ok: false, problem: 'PATH_NOT_FINISHED', index: answers.length };
}

function endOf(option: ProbingOptionShape): InterviewEnd {
  if (option.action === 'QUEUE') return { action: 'QUEUE', queue_id: option.target_queue_id ?? '' };
  if (option.action === 'URL') return { action: 'URL', url: option.target_url ?? '' };
  if (option.action === 'BOOK_APPOINTMENT') return { action: 'BOOK_APPOINTMENT', appointment_type_id: option.appointment_type_id ?? '' };
  return { action: 'NOTHING' };
}

/** Whether an interview lets the patient draw on this list: it ended with NOTHING on it, or sends them to it. */
export const leadsToQueue = (end: InterviewEnd, queueId: string): boolean => end.action === 'NOTHING' || (end.action === 'QUEUE' && end.queue_id === queueId);
