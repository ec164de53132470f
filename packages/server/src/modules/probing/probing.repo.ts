/** The questionnaire's tables: questions with their options, and the answers given with tickets. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProbingVariant } from '@wartefrei/shared';
import { selectRows, type Queryable } from '../../db/connect.js';
import { appointmentTypeIsLive, appointmentTypes, infoTags, probingAnswers, probingOptions, probingQuestions, queueIsLive, queues } from '../../db/schema/index.js';

export type QuestionRow = typeof probingQuestions.$inferSelect;
export type OptionRow = typeof probingOptions.$inferSelect;
export type NewOptionRow = typeof probingOptions.$inferInsert;
export type NewAnswerRow = typeof probingAnswers.$inferInsert;
export interface QuestionWithOptions extends QuestionRow {
  options: OptionRow[];
}

/** A location's questionnaire in one variant: questions by position, each with its options by position. */
export async function loadQuestionnaire(q: Queryable, profileId: string, variant: ProbingVariant): Promise<QuestionWithOptions[]> {
  const questions = await q
    .select()
    .from(probingQuestions)
    .where(and(eq(probingQuestions.profileId, profileId), eq(probingQuestions.variant, variant)))
    .orderBy(asc(probingQuestions.position), asc(probingQuestions.createdAt), asc(probingQuestions.id));
  if (questions.length === 0) return [];
  const options = await q
    .select()
    .from(probingOptions)
    .where(
      inArray(
        probingOptions.questionId,
        questions.map((row) => row.id),
      ),
    )
    .orderBy(asc(probingOptions.position));
  return questions.map((question) => ({ ...question, options: options.filter((o) => o.questionId === question.id) }));
}

/** A question of the account, if there is one. */
export async function findQuestionInAccount(q: Queryable, accountId: string, id: string): Promise<QuestionRow | undefined> {
  const [row] = await q
    .select()
    .from(probingQuestions)
    .where(and(eq(probingQuestions.id, id), eq(probingQuestions.accountId, accountId)))
    .limit(1);
  return row;
}

/** Locks a location's questionnaire of one variant until commit: saves of it run one after another. */
export async function lockQuestionnaire(q: Queryable, profileId: string, variant: ProbingVariant): Promise<void> {
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`probing:${profileId}:${variant}`}))`);
}

export async function insertQuestion(q: Queryable, values: typeof probingQuestions.$inferInsert): Promise<QuestionRow> {
  const [row] = await q.insert(probingQuestions).values(values).returning();
  if (!row) throw new Error('insert into probing_questions returned no row');
  return row;
}

export async function updateQuestionRow(q: Queryable, id: string, changes: Partial<Pick<QuestionRow, 'text' | 'askFirst' | 'position'>>): Promise<void> {
  if (Object.keys(changes).length > 0) await q.update(probingQuestions).set(changes).where(eq(probingQuestions.id, id));
}

/** The other questions of the questionnaire are no longer asked first (one question is). */
export async function clearFirstQuestion(q: Queryable, profileId: string, variant: ProbingVariant, exceptId: string): Promise<void> {
  await q
    .update(probingQuestions)
    .set({ askFirst: false })
    .where(and(eq(probingQuestions.profileId, profileId), eq(probingQuestions.variant, variant), sql`${probingQuestions.id} <> ${exceptId}`));
}

/**
 * Replaces a question's options: those kept by id are updated in place (their answers keep
 * pointing at them), the others deleted, the new ones inserted. The new ids are chosen by the
 * caller, so the save's check names them before anything is written.
 */
export async function replaceOptions(q: Queryable, questionId: string, options: NewOptionRow[]): Promise<void> {
  const keep = options.map((o) => o.id).filter((id): id is string => id !== undefined);
  await q.delete(probingOptions).where(and(eq(probingOptions.questionId, questionId), keep.length > 0 ? sql`${probingOptions.id} NOT IN ${keep}` : sql`TRUE`));
  for (const option of options) {
    const { id, ...rest } = option;
    await q
      .insert(probingOptions)
      .values({ id, ...rest })
      .onConflictDoUpdate({ target: probingOptions.id, set: rest, setWhere: eq(probingOptions.questionId, questionId) });
  }
}

export async function deleteQuestionRow(q: Queryable, id: string): Promise<void> {
  await q.delete(probingQuestions).where(eq(probingQuestions.id, id));
}

/** Deletes a questionnaire with the answers given to it (a copy replaces it: docs/product.md#states-and-transitions). */
export async function deleteQuestionnaire(q: Queryable, profileId: string, variant: ProbingVariant): Promise<void> {
  const ids = q
    .select({ id: probingQuestions.id })
    .from(probingQuestions)
    .where(and(eq(probingQuestions.profileId, profileId), eq(probingQuestions.variant, variant)));
  await q.delete(probingAnswers).where(inArray(probingAnswers.questionId, ids));
  await q.delete(probingQuestions).where(and(eq(probingQuestions.profileId, profileId), eq(probingQuestions.variant, variant)));
}

/** What the location's options may point at: its live lists, the account's tags, the location's live types. */
export async function loadTargets(q: Queryable, accountId: string, profileId: string) {
  const [lists, tags, types] = await Promise.all([
    q
      .select({ id: queues.id, name: queues.name, online: queues.drawOnlineEnabled, kiosk: queues.kioskEnabled })
      .from(queues)
      .where(and(eq(queues.profileId, profileId), queueIsLive)),
    q.select({ id: infoTags.id, delay: infoTags.delay, timePriority: infoTags.timePriority }).from(infoTags).where(eq(infoTags.accountId, accountId)),
    q
      .select({ id: appointmentTypes.id })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.profileId, profileId), appointmentTypeIsLive)),
  ]);
  return { lists, tags, types };
}

/** Of these tags, the account's that shift no time (the only kind an answer may add). */
export async function tagsWithoutTimeShift(q: Queryable, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: infoTags.id })
    .from(infoTags)
    .where(and(inArray(infoTags.id, ids), eq(infoTags.accountId, accountId), eq(infoTags.delay, 'NONE'), eq(infoTags.timePriority, false)));
  return rows.map((r) => r.id);
}

/** The list of each live appointment type: a booking answer books on its list's page. */
export async function listsOfTypes(q: Queryable, typeIds: string[]): Promise<Map<string, string>> {
  if (typeIds.length === 0) return new Map();
  const rows = await q
    .select({ id: appointmentTypes.id, queueId: appointmentTypes.queueId })
    .from(appointmentTypes)
    .where(and(inArray(appointmentTypes.id, typeIds), appointmentTypeIsLive));
  return new Map(rows.map((r) => [r.id, r.queueId]));
}

export async function insertAnswers(q: Queryable, rows: NewAnswerRow[]): Promise<void> {
  if (rows.length > 0) await q.insert(probingAnswers).values(rows);
}

/** The answers given with some tickets, in the order asked. */
export async function answersOfMembers(q: Queryable, memberIds: string[]) {
  return q
    .select({
      memberId: probingAnswers.memberId,
      questionId: probingAnswers.questionId,
      optionId: probingAnswers.optionId,
      questionText: probingAnswers.questionText,
      optionText: probingAnswers.optionText,
      freeText: probingAnswers.freeText,
    })
    .from(probingAnswers)
    .where(inArray(probingAnswers.memberId, memberIds))
    .orderBy(asc(probingAnswers.memberId), asc(probingAnswers.step));
}

/**
 * How often each option was chosen per local day of the location (its zone), between two local
 * dates inclusive; a deleted option keeps its counts under its text.
 */
export async function dailyAnswerCounts(q: Queryable, filter: { accountId: string; profileId: string; variant?: ProbingVariant; timeZone: string; from: string; to: string }) {
  return selectRows<{ date: string; question_id: string | null; option_id: string | null; question: string; answer: string; count: number }>(
    q,
    sql`
      SELECT to_char(a.created_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS date,
             a.question_id, a.option_id, a.question_text AS question, a.option_text AS answer,
             count(*)::int AS count
      FROM probing_answers a
      JOIN queue_members m ON m.id = a.member_id
      JOIN queues qu ON qu.id = m.queue_id
      LEFT JOIN probing_questions pq ON pq.id = a.question_id
      WHERE a.account_id = ${filter.accountId} AND qu.profile_id = ${filter.profileId}
        AND (${filter.variant ?? null}::text IS NULL OR pq.variant::text = ${filter.variant ?? null})
        AND (a.created_at AT TIME ZONE ${filter.timeZone})::date BETWEEN ${filter.from}::date AND ${filter.to}::date
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 4, 5`,
  );
}
