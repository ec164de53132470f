/** The patient's side of the questionnaire: the interview, the draw's path check, and the answers in numbers. */
import {
  leadsToQueue,
  walkInterview,
  type ErrorCode,
  type MemberAnswer,
  type PathProblem,
  type ProbingDailyCounts,
  type ProbingDailyQuery,
  type ProbingInterview,
  type ProbingVariant,
} from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findProfileInAccount, findProfileWithAccount } from '../profiles/index.js';
import { publicQueues, type CheckedInterview, type DrawInterviewInput, type InterviewLender } from '../tickets/index.js';
import { optionShape, shapesOf } from './problems.js';
import { answersOfMembers, dailyAnswerCounts, insertAnswers, listsOfTypes, loadQuestionnaire, tagsWithoutTimeShift } from './probing.repo.js';

/**
 * `GET /profiles/{id}/probing?variant=` (no login): the questionnaire as the patient's screen
 * runs it — texts and where each answer leads, no info tags. A QUEUE target says whether it
 * takes a ticket on this channel now, so the screen can say so before the patient goes on.
 */
export async function publicInterview(ctx: AppContext, profileId: string, variant: ProbingVariant): Promise<ProbingInterview> {
  const found = isUuid(profileId) ? await findProfileWithAccount(ctx.db, profileId) : undefined;
  if (!found) throw new AppError('PROFILE_NOT_FOUND');
  const questions = await loadQuestionnaire(ctx.db, profileId, variant);
  const targetIds = [...new Set(questions.flatMap((q) => q.options.map((o) => o.targetQueueId).filter((id): id is string => id !== null)))];
  const typeIds = [...new Set(questions.flatMap((q) => q.options.map((o) => o.appointmentTypeId).filter((id): id is string => id !== null)))];
  const [listViews, typeLists] = await Promise.all([publicQueues(ctx, targetIds), listsOfTypes(ctx.db, typeIds)]);
  const lists = new Map(listViews.map((l) => [l.id, l]));
  return {
    profile_id: profileId,
    variant,
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text,
      ask_first: q.askFirst,
      options: q.options.map((o) => {
        const list = o.targetQueueId ? lists.get(o.targetQueueId) : undefined;
        // The tag stays with the staff: a patient need not read that an answer marks them.
        const { info_tag_id: _tag, ...shape } = optionShape(o);
        return {
          ...shape,
          target_queue_name: list?.name ?? null,
          target_refusal: o.targetQueueId ? (list ? ((variant === 'KIOSK' ? list.kiosk_refusal : list.online_refusal) ?? null) : 'QUEUE_NOT_FOUND') : null,
          appointment_queue_id: o.appointmentTypeId ? (typeLists.get(o.appointmentTypeId) ?? null) : null,
          message: o.message,
          button_text: o.buttonText,
        };
      }),
    })),
  };
}

const PATH_REFUSAL: Record<PathProblem, ErrorCode> = {
  NO_FIRST_QUESTION: 'PROBING_NO_FIRST_QUESTION',
  NEXT_QUESTION_NOT_FOUND: 'PROBING_NEXT_QUESTION_NOT_FOUND',
  OPTION_NOT_FOUND: 'PROBING_NEXT_QUESTION_NOT_FOUND',
  PATH_NOT_FINISHED: 'PROBING_NEXT_QUESTION_NOT_FOUND',
  FREE_TEXT_NOT_ALLOWED: 'PROBING_NEXT_QUESTION_NOT_FOUND',
  FREE_TEXT_REQUIRED: 'PROBING_FREE_TEXT_REQUIRED',
};

/**
 * The draw's check (lent to tickets): the answers walked again from the first question on the
 * questionnaire as it is now; a path that does not end at this list is refused like a forged
 * one. A draw without answers reads nothing, unless the list asks on every link.
 */
async function checkDrawPath(q: Queryable, input: DrawInterviewInput): Promise<CheckedInterview | undefined> {
  if (input.answers === undefined && !input.alwaysAsk) return undefined;
  const questions = await loadQuestionnaire(q, input.profileId, input.variant);
  if (questions.length === 0) {
    if (input.answers && input.answers.length > 0) throw new AppError('PROBING_NO_FIRST_QUESTION');
    return undefined;
  }
  if (!input.answers) throw new AppError('PROBING_ANSWERS_REQUIRED');
  const walk = walkInterview(shapesOf(questions), input.answers, input.sealed);
  if (!walk.ok) throw new AppError(PATH_REFUSAL[walk.problem]);
  if (!leadsToQueue(walk.end, input.queueId)) throw new AppError('PROBING_NEXT_QUESTION_NOT_FOUND');
  // A tag given a time shift after the save is left off: a shift needs the staff's move.
  const tagIds = await tagsWithoutTimeShift(q, input.accountId, walk.info_tag_ids);
  const answers = input.answers;
  return {
    infoTagIds: walk.info_tag_ids.filter((id) => tagIds.includes(id)),
    store: (tx, memberId, at) =>
      insertAnswers(
        tx,
        answers.map((answer, step) => {
          const question = questions.find((qn) => qn.id === answer.question_id);
          const option = question?.options.find((o) => o.id === answer.option_id);
          return {
            accountId: input.accountId,
            memberId,
            questionId: answer.question_id,
            optionId: answer.option_id,
            step,
            questionText: question?.text ?? '',
            optionText: option?.text ?? '',
            freeText: answer.text?.trim() || null,
            createdAt: at,
          };
        }),
      ),
  };
}

async function answersOf(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAnswer[]>> {
  const result = new Map<string, MemberAnswer[]>();
  for (const row of await answersOfMembers(q, memberIds)) {
    const list = result.get(row.memberId) ?? [];
    list.push({ question_id: row.questionId, option_id: row.optionId, question: row.questionText, answer: row.optionText, text: row.freeText });
    result.set(row.memberId, list);
  }
  return result;
}

export const interviewLender: InterviewLender = { check: checkDrawPath, answersOf };

/** `GET /probing-answers/daily`: how often each option was chosen per local day of the location. */
export async function dailyCounts(ctx: AppContext, actor: Actor, query: ProbingDailyQuery): Promise<ProbingDailyCounts> {
  const profile = isUuid(query.profile_id) ? await findProfileInAccount(ctx.db, actor.accountId, query.profile_id) : undefined;
  if (!profile) throw new AppError('NOT_FOUND');
  if (query.from > query.to) throw new AppError('VALIDATION', { fields: { to: 'END_NOT_AFTER_START' } });
  const days = await dailyAnswerCounts(ctx.db, {
    accountId: actor.accountId,
    profileId: profile.id,
    ...(query.variant ? { variant: query.variant } : {}),
    timeZone: profile.timeZone,
    from: query.from,
    to: query.to,
  });
  return { days };
}
