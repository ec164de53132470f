import { randomUUID } from 'node:crypto';
import {
  questionnaireProblems,
  type CopyProbingInput,
  type CreateProbingQuestionInput,
  type ProbingOptionInput,
  type ProbingQuestion,
  type ProbingQuestionListQuery,
  type ProbingVariant,
  type SupportedLang,
  type UpdateProbingQuestionInput,
} from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findProfileInAccount, requireAdmin } from '../profiles/index.js';
import { checkSave, describeProblems, optionShape, shapesOf, targetsOf } from './problems.js';
import {
  clearFirstQuestion,
  deleteQuestionnaire,
  deleteQuestionRow,
  findQuestionInAccount,
  insertQuestion,
  loadQuestionnaire,
  lockQuestionnaire,
  replaceOptions,
  updateQuestionRow,
  type NewOptionRow,
  type QuestionWithOptions,
} from './probing.repo.js';

/** The questions of a questionnaire as staff read them, each with the problems at it now. */
async function present(q: Queryable, lang: SupportedLang, accountId: string, questions: QuestionWithOptions[]): Promise<ProbingQuestion[]> {
  const first = questions[0];
  if (!first) return [];
  const shapes = shapesOf(questions);
  const problems = describeProblems(lang, questionnaireProblems(shapes, first.variant, await targetsOf(q, accountId, first.profileId)), shapes);
  return questions.map((question) => ({
    id: question.id,
    profile_id: question.profileId,
    variant: question.variant,
    text: question.text,
    ask_first: question.askFirst,
    position: question.position,
    options: question.options.map((o) => ({ ...optionShape(o), message: o.message, button_text: o.buttonText })),
    problems: problems.filter((p) => p.question_id === question.id || p.question_id === null),
    created_at: question.createdAt.toISOString(),
  }));
}

async function profileOf(q: Queryable, actor: Actor, profileId: string): Promise<string> {
  if (!isUuid(profileId) || !(await findProfileInAccount(q, actor.accountId, profileId))) throw new AppError('NOT_FOUND');
  return profileId;
}

/** Option rows from the body: an id the question does not have is refused; only the action's target is kept. */
function optionRows(questionId: string, inputs: ProbingOptionInput[], existingIds: ReadonlySet<string>): (NewOptionRow & { id: string })[] {
  return inputs.map((input, index) => {
    if (input.id !== undefined && !existingIds.has(input.id)) throw new AppError('VALIDATION', { fields: { [`options.${index}.id`]: 'INVALID_VALUE' } });
    const only = <T>(action: string, value: T | null | undefined): T | null => (input.action === action ? (value ?? null) : null);
    return {
      id: input.id ?? randomUUID(),
      questionId,
      position: index,
      text: input.text,
      action: input.action,
      targetQuestionId: only('QUESTION', input.target_question_id),
      targetQueueId: only('QUEUE', input.target_queue_id),
      targetUrl: only('URL', input.target_url || null),
      appointmentTypeId: only('BOOK_APPOINTMENT', input.appointment_type_id),
      message: input.message || null,
      buttonText: input.button_text || null,
      infoTagId: input.info_tag_id ?? null,
      allowFreeText: input.allow_free_text ?? false,
    };
  });
}

/**
 * One save of a questionnaire, under its lock: the questionnaire as it stands, the change applied
 * in memory, the rules run on the result (checkSave), then written. Two admins saving at once
 * take turns, so neither checks a state the other is changing.
 */
async function saveQuestionnaire(
  ctx: AppContext,
  lang: SupportedLang,
  accountId: string,
  profileId: string,
  variant: ProbingVariant,
  savedQuestionId: string | null,
  change: (before: QuestionWithOptions[]) => QuestionWithOptions[],
  write: (tx: Queryable, after: QuestionWithOptions[]) => Promise<void>,
): Promise<ProbingQuestion[]> {
  return ctx.db.transaction(async (tx) => {
    await lockQuestionnaire(tx, profileId, variant);
    const before = await loadQuestionnaire(tx, profileId, variant);
    const after = change(before);
    checkSave(lang, variant, await targetsOf(tx, accountId, profileId), shapesOf(before), shapesOf(after), savedQuestionId);
    await write(tx, after);
    return present(tx, lang, accountId, await loadQuestionnaire(tx, profileId, variant));
  });
}

/** `GET /probing-questions?profile_id=&variant=`: staff of the account read; a foreign location is a 404. */
export async function listQuestions(ctx: AppContext, actor: Actor, query: ProbingQuestionListQuery, lang: SupportedLang): Promise<ProbingQuestion[]> {
  const profileId = await profileOf(ctx.db, actor, query.profile_id);
  return present(ctx.db, lang, actor.accountId, await loadQuestionnaire(ctx.db, profileId, query.variant));
}

async function questionOf(ctx: AppContext, actor: Actor, id: string) {
  const question = isUuid(id) ? await findQuestionInAccount(ctx.db, actor.accountId, id) : undefined;
  if (!question) throw new AppError('NOT_FOUND');
  return question;
}

const saved = (questions: ProbingQuestion[], id: string): ProbingQuestion => {
  const question = questions.find((q) => q.id === id);
  if (!question) throw new AppError('NOT_FOUND');
  return question;
};

/** `GET /probing-questions/{id}`. */
export async function getQuestion(ctx: AppContext, actor: Actor, id: string, lang: SupportedLang): Promise<ProbingQuestion> {
  const question = await questionOf(ctx, actor, id);
  return saved(await present(ctx.db, lang, actor.accountId, await loadQuestionnaire(ctx.db, question.profileId, question.variant)), id);
}

/** `POST /probing-questions` (admins). The first question of a variant is its first unless `ask_first: false`. */
export async function createQuestion(ctx: AppContext, actor: Actor, input: CreateProbingQuestionInput, lang: SupportedLang): Promise<ProbingQuestion> {
  requireAdmin(actor);
  const profileId = await profileOf(ctx.db, actor, input.profile_id);
  const id = randomUUID();
  const now = ctx.clock.now();
  const options = optionRows(id, input.options, new Set());
  let row: QuestionWithOptions | undefined;
  const questions = await saveQuestionnaire(
    ctx,
    lang,
    actor.accountId,
    profileId,
    input.variant,
    id,
    (before) => {
      const askFirst = input.ask_first ?? before.length === 0;
      const position = input.position ?? Math.max(-1, ...before.map((q) => q.position)) + 1;
      row = {
        id,
        accountId: actor.accountId,
        profileId,
        variant: input.variant,
        text: input.text,
        askFirst,
        position,
        createdAt: now,
        options: options.map((o) => ({ ...o, questionId: id })) as QuestionWithOptions['options'],
      };
      return [...before.map((q) => (askFirst ? { ...q, askFirst: false } : q)), row];
    },
    async (tx) => {
      if (!row) return;
      if (row.askFirst) await clearFirstQuestion(tx, profileId, input.variant, id);
      await insertQuestion(tx, {
        id,
        accountId: actor.accountId,
        profileId,
        variant: input.variant,
        text: row.text,
        askFirst: row.askFirst,
        position: row.position,
        createdAt: now,
      });
      await replaceOptions(tx, id, options);
    },
  );
  return saved(questions, id);
}

/** `PATCH /probing-questions/{id}` (admins): `options` replaces the options; `ask_first: true` moves the flag here. */
export async function updateQuestion(ctx: AppContext, actor: Actor, id: string, input: UpdateProbingQuestionInput, lang: SupportedLang): Promise<ProbingQuestion> {
  requireAdmin(actor);
  const question = await questionOf(ctx, actor, id);
  let options: ReturnType<typeof optionRows> | undefined;
  const questions = await saveQuestionnaire(
    ctx,
    lang,
    actor.accountId,
    question.profileId,
    question.variant,
    id,
    (before) => {
      const current = before.find((q) => q.id === id);
      if (!current) throw new AppError('NOT_FOUND');
      options = input.options ? optionRows(id, input.options, new Set(current.options.map((o) => o.id))) : undefined;
      return before.map((q) => {
        if (q.id !== id) return input.ask_first ? { ...q, askFirst: false } : q;
        return {
          ...q,
          text: input.text ?? q.text,
          askFirst: input.ask_first ?? q.askFirst,
          position: input.position ?? q.position,
          options: options ? (options as QuestionWithOptions['options']) : q.options,
        };
      });
    },
    async (tx) => {
      if (input.ask_first) await clearFirstQuestion(tx, question.profileId, question.variant, id);
      await updateQuestionRow(tx, id, {
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.ask_first !== undefined ? { askFirst: input.ask_first } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
      });
      if (options) await replaceOptions(tx, id, options);
    },
  );
  return saved(questions, id);
}

/**
 * `DELETE /probing-questions/{id}` (admins). Refused while an option leads to it or while it is
 * asked first and others remain: the patient would be stranded. Its answers stay on their
 * tickets with the texts the patient saw.
 */
export async function deleteQuestion(ctx: AppContext, actor: Actor, id: string, lang: SupportedLang): Promise<void> {
  requireAdmin(actor);
  const question = await questionOf(ctx, actor, id);
  await saveQuestionnaire(
    ctx,
    lang,
    actor.accountId,
    question.profileId,
    question.variant,
    null,
    (before) => before.filter((q) => q.id !== id),
    (tx) => deleteQuestionRow(tx, id),
  );
}

/**
 * `POST /profiles/{id}/probing/copy { from, to }` (admins): `to`'s questions are replaced by a
 * copy of `from`'s, and the answers given to the replaced ones are deleted
 * (docs/product.md#states-and-transitions). The copy is checked as a `to` questionnaire: a URL
 * option into the kiosk is refused, naming it.
 */
export async function copyQuestionnaire(ctx: AppContext, actor: Actor, profileIdParam: string, input: CopyProbingInput, lang: SupportedLang): Promise<ProbingQuestion[]> {
  requireAdmin(actor);
  const profileId = await profileOf(ctx.db, actor, profileIdParam);
  return ctx.db.transaction(async (tx) => {
    // Both locks, in one order, so two copies in opposite directions cannot deadlock.
    for (const variant of ['KIOSK', 'ONLINE'] as const) await lockQuestionnaire(tx, profileId, variant);
    const source = await loadQuestionnaire(tx, profileId, input.from);
    const newIds = new Map<string, string>([...source.map((q) => q.id), ...source.flatMap((q) => q.options.map((o) => o.id))].map((old) => [old, randomUUID()]));
    const idOf = (old: string) => newIds.get(old) ?? old;
    const copies = source.map((q) => ({
      ...q,
      id: idOf(q.id),
      variant: input.to,
      options: q.options.map((o) => ({ ...o, id: idOf(o.id), questionId: idOf(q.id), targetQuestionId: o.targetQuestionId ? idOf(o.targetQuestionId) : null })),
    }));
    const targets = await targetsOf(tx, actor.accountId, profileId);
    // Named by the source's questions and options: those are what the admin sees and must change.
    const refused = questionnaireProblems(shapesOf(copies), input.to, targets).filter((p) => p.severity === 'error');
    if (refused.length > 0) {
      const oldId = new Map<string, string>([...newIds].map(([from, to]) => [to, from]));
      const named = refused.map((p) => ({
        ...p,
        question_id: p.question_id ? (oldId.get(p.question_id) ?? p.question_id) : null,
        option_id: p.option_id ? (oldId.get(p.option_id) ?? p.option_id) : null,
      }));
      throw new AppError('PROBING_INVALID', { problems: describeProblems(lang, named, shapesOf(source)) });
    }
    await deleteQuestionnaire(tx, profileId, input.to);
    // Questions first, then their options: an option may lead to a question inserted after its own.
    for (const copy of copies)
      await insertQuestion(tx, {
        id: copy.id,
        accountId: actor.accountId,
        profileId,
        variant: input.to,
        text: copy.text,
        askFirst: copy.askFirst,
        position: copy.position,
        createdAt: ctx.clock.now(),
      });
    for (const copy of copies) await replaceOptions(tx, copy.id, copy.options);
    return present(tx, lang, actor.accountId, await loadQuestionnaire(tx, profileId, input.to));
  });
}
