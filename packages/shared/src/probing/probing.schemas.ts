/**
 * The probing questionnaire's API contract (docs/product.md#entities: probing question and
 * option). The rules every save and draw are checked by live beside it, zod-free, in
 * probing.rules.ts, so the patient's interview can run them without zod.
 */
import { z } from 'zod';
import {
  PROBING_ACTIONS,
  PROBING_BUTTON_TEXT_MAX_LENGTH,
  PROBING_MAX_OPTIONS,
  PROBING_MESSAGE_MAX_LENGTH,
  PROBING_OPTION_TEXT_MAX_LENGTH,
  PROBING_QUESTION_TEXT_MAX_LENGTH,
  PROBING_VARIANTS,
} from './probing.rules.js';

export const ProbingVariantField = z.enum(PROBING_VARIANTS);
export const ProbingActionField = z.enum(PROBING_ACTIONS);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const id = z.uuid();

/**
 * An option as sent with its question. An option sent with its `id` keeps it (its answers and
 * counts stay with it); one without gets a new one; one left out is deleted. Only the target of
 * its `action` is kept: the others are cleared.
 */
export const ProbingOptionInput = z.strictObject({
  id: id.optional(),
  text: z.string().trim().max(PROBING_OPTION_TEXT_MAX_LENGTH),
  action: ProbingActionField,
  target_question_id: id.nullable().optional(),
  target_queue_id: id.nullable().optional(),
  target_url: z.string().trim().max(2000).nullable().optional(),
  appointment_type_id: id.nullable().optional(),
  /** Shown before the action, with `button_text` on the button that goes on. */
  message: optionalText(PROBING_MESSAGE_MAX_LENGTH),
  button_text: optionalText(PROBING_BUTTON_TEXT_MAX_LENGTH),
  /** Added to the ticket when the patient chooses this option; a tag with a time shift is refused. */
  info_tag_id: id.nullable().optional(),
  /** The patient writes a text with this answer, which must then not be empty. */
  allow_free_text: z.boolean().optional(),
});
export type ProbingOptionInput = z.infer<typeof ProbingOptionInput>;

/** `POST /probing-questions` (admins). The first question of a variant is asked first unless said otherwise. */
export const CreateProbingQuestionInput = z.strictObject({
  profile_id: z.string().trim().min(1).max(64),
  variant: ProbingVariantField,
  text: text(PROBING_QUESTION_TEXT_MAX_LENGTH),
  ask_first: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  options: z.array(ProbingOptionInput).max(PROBING_MAX_OPTIONS, 'MAX_LENGTH'),
});
export type CreateProbingQuestionInput = z.infer<typeof CreateProbingQuestionInput>;

/** `PATCH /probing-questions/{id}` (admins): what is sent changes; `options` replaces the options. */
export const UpdateProbingQuestionInput = z.strictObject({
  text: text(PROBING_QUESTION_TEXT_MAX_LENGTH).optional(),
  ask_first: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  options: z.array(ProbingOptionInput).max(PROBING_MAX_OPTIONS, 'MAX_LENGTH').optional(),
});
export type UpdateProbingQuestionInput = z.infer<typeof UpdateProbingQuestionInput>;

export const ProbingProblemCodeField = z.enum([
  'NO_FIRST_QUESTION',
  'MORE_THAN_ONE_FIRST_QUESTION',
  'FEWER_THAN_TWO_OPTIONS',
  'OPTION_TEXT_REQUIRED',
  'TARGET_REQUIRED',
  'TARGET_NOT_FOUND',
  'QUESTION_CYCLE',
  'URL_NOT_PUBLIC',
  'URL_AT_KIOSK',
  'INFO_TAG_TIME_SHIFT',
  'QUEUE_INTAKE_OFF',
]);

/** A problem of the questionnaire at a question and option, with its message naming both. */
export const ProbingProblemView = z.object({
  question_id: z.string().nullable(),
  option_id: z.string().nullable(),
  /** The option's position in the question (0-based) when it has no id yet. */
  option_index: z.number().int().nullable(),
  field: z.string(),
  code: ProbingProblemCodeField,
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type ProbingProblemView = z.infer<typeof ProbingProblemView>;

export const ProbingOption = z.object({
  id,
  text: z.string(),
  action: ProbingActionField,
  target_question_id: id.nullable(),
  target_queue_id: id.nullable(),
  target_url: z.string().nullable(),
  appointment_type_id: id.nullable(),
  message: z.string().nullable(),
  button_text: z.string().nullable(),
  info_tag_id: id.nullable(),
  allow_free_text: z.boolean(),
});
export type ProbingOption = z.infer<typeof ProbingOption>;

/** A question as staff read it, with the problems the questionnaire has at it now. */
export const ProbingQuestion = z.object({
  id,
  profile_id: id,
  variant: ProbingVariantField,
  text: z.string(),
  ask_first: z.boolean(),
  position: z.number().int(),
  options: z.array(ProbingOption),
  /**
   * Its problems as things stand now: warnings (a target list whose intake on this channel is
   * off) are saved but worth a look; an error appears when a target changed after the save (a
   * list deleted, a tag given a time shift) and must be mended when that question is saved next.
   */
  problems: z.array(ProbingProblemView),
  created_at: z.string(),
});
export type ProbingQuestion = z.infer<typeof ProbingQuestion>;

/** `GET /probing-questions?profile_id=&variant=`. */
export const ProbingQuestionListQuery = z.object({
  profile_id: z.string().max(64),
  variant: ProbingVariantField,
});
export type ProbingQuestionListQuery = z.infer<typeof ProbingQuestionListQuery>;

/** `POST /profiles/{id}/probing/copy`: replaces `to`'s questions with a copy of `from`'s. */
export const CopyProbingInput = z
  .strictObject({ from: ProbingVariantField, to: ProbingVariantField })
  .refine((body) => body.from !== body.to, { path: ['to'], message: 'INVALID_VALUE' });
export type CopyProbingInput = z.infer<typeof CopyProbingInput>;

/** `GET /profiles/{id}/probing?variant=` (public): the interview as the patient's screen runs it. */
export const ProbingInterviewQuery = z.object({ variant: ProbingVariantField.optional() });

export const InterviewOption = z.object({
  id,
  text: z.string(),
  action: ProbingActionField,
  target_question_id: id.nullable(),
  target_queue_id: id.nullable(),
  /** The target list's name, for "Sie ziehen ein Ticket für …". */
  target_queue_name: z.string().nullable(),
  /** Why the target list takes no ticket on this channel now (an error code), else null. */
  target_refusal: z.string().nullable(),
  target_url: z.string().nullable(),
  appointment_type_id: id.nullable(),
  /** The list of the appointment type: its booking page (`/queue/{id}/book?type=`). */
  appointment_queue_id: id.nullable(),
  message: z.string().nullable(),
  button_text: z.string().nullable(),
  allow_free_text: z.boolean(),
});
export type InterviewOption = z.infer<typeof InterviewOption>;

export const InterviewQuestion = z.object({ id, text: z.string(), ask_first: z.boolean(), options: z.array(InterviewOption) });
export type InterviewQuestion = z.infer<typeof InterviewQuestion>;

export const ProbingInterview = z.object({
  profile_id: id,
  variant: ProbingVariantField,
  questions: z.array(InterviewQuestion),
});
export type ProbingInterview = z.infer<typeof ProbingInterview>;

/** An answer on a ticket as staff see it: the texts as the patient saw them. */
export const MemberAnswer = z.object({
  question_id: id.nullable(),
  option_id: id.nullable(),
  question: z.string(),
  answer: z.string(),
  text: z.string().nullable(),
});
export type MemberAnswer = z.infer<typeof MemberAnswer>;

/** `GET /probing-answers/daily?profile_id=&variant=&from=&to=`: local dates of the location, inclusive. */
export const ProbingDailyQuery = z.object({
  profile_id: z.string().max(64),
  variant: ProbingVariantField.optional(),
  from: z.iso.date(),
  to: z.iso.date(),
});
export type ProbingDailyQuery = z.infer<typeof ProbingDailyQuery>;

/** How often each option was chosen per local day (for the reports). */
export const ProbingDailyCounts = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      question_id: id.nullable(),
      option_id: id.nullable(),
      question: z.string(),
      answer: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type ProbingDailyCounts = z.infer<typeof ProbingDailyCounts>;
