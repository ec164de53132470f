/** The questionnaire's checks as the server runs them: targets from the database, messages in the caller's language. */
import {
  questionnaireProblems,
  translate,
  type ProbingProblem,
  type ProbingProblemView,
  type ProbingQuestionShape,
  type ProbingTargets,
  type ProbingVariant,
  type SupportedLang,
} from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { AppError } from '../../platform/errors.js';
import { loadTargets, type OptionRow, type QuestionWithOptions } from './probing.repo.js';

/** What the location's options may point at, as the rules read it. */
export async function targetsOf(q: Queryable, accountId: string, profileId: string): Promise<ProbingTargets> {
  const { lists, tags, types } = await loadTargets(q, accountId, profileId);
  return {
    queues: new Map(lists.map((l) => [l.id, { online: l.online, kiosk: l.kiosk }])),
    infoTags: new Map(tags.map((t) => [t.id, { shiftsTime: t.delay !== 'NONE' || t.timePriority }])),
    appointmentTypeIds: new Set(types.map((t) => t.id)),
  };
}

export function optionShape(
  o: Pick<OptionRow, 'id' | 'text' | 'action' | 'targetQuestionId' | 'targetQueueId' | 'targetUrl' | 'appointmentTypeId' | 'infoTagId' | 'allowFreeText'>,
) {
  return {
    id: o.id,
    text: o.text,
    action: o.action,
    target_question_id: o.targetQuestionId,
    target_queue_id: o.targetQueueId,
    target_url: o.targetUrl,
    appointment_type_id: o.appointmentTypeId,
    info_tag_id: o.infoTagId,
    allow_free_text: o.allowFreeText,
  };
}

/** The rows as the shared rules read them. */
export function shapesOf(questions: QuestionWithOptions[]): ProbingQuestionShape[] {
  return questions.map((q) => ({ id: q.id, text: q.text, ask_first: q.askFirst, options: q.options.map(optionShape) }));
}

const keyOf = (p: ProbingProblem) => `${p.question_id}|${p.option_id}|${p.field}|${p.code}`;

/** Each problem with its message naming the question and the option, in the caller's language. */
export function describeProblems(lang: SupportedLang, problems: ProbingProblem[], questions: readonly ProbingQuestionShape[]): ProbingProblemView[] {
  return problems.map((problem) => {
    const question = questions.find((q) => q.id === problem.question_id);
    const optionIndex = question?.options.findIndex((o) => o.id === problem.option_id) ?? -1;
    const option = optionIndex >= 0 ? question?.options[optionIndex] : undefined;
    const what = translate(lang, 'probing', problem.code);
    const message =
      question && option ? translate(lang, 'probing', 'at', [question.text, option.text, what]) : question ? translate(lang, 'probing', 'atQuestion', [question.text, what]) : what;
    return { ...problem, option_index: optionIndex >= 0 ? optionIndex : null, message };
  });
}

/**
 * Refuses a save whose questionnaire (`after`) has an error that it did not have before, or one
 * at the question being saved: a save may leave an unrelated question's older problem (a list
 * deleted since) for that question's own save, but never add one. Answers the warnings of `after`.
 */
export function checkSave(
  lang: SupportedLang,
  variant: ProbingVariant,
  targets: ProbingTargets,
  before: readonly ProbingQuestionShape[],
  after: readonly ProbingQuestionShape[],
  savedQuestionId: string | null,
): void {
  const known = new Set(questionnaireProblems(before, variant, targets).map(keyOf));
  const refused = questionnaireProblems(after, variant, targets).filter(
    (p) => p.severity === 'error' && (!known.has(keyOf(p)) || (savedQuestionId !== null && p.question_id === savedQuestionId)),
  );
  if (refused.length > 0) throw new AppError('PROBING_INVALID', { problems: describeProblems(lang, refused, after) });
}
