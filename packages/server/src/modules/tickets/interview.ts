import type { MemberAnswer, ProbingAnswer, ProbingVariant } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { ticketHooks } from './hooks.js';

/** What a draw tells the questionnaire: where the patient draws and the path they answered. */
export interface DrawInterviewInput {
  accountId: string;
  profileId: string;
  queueId: string;
  variant: ProbingVariant;
  /** The list asks on every link (`always_show_probing_questions`): a draw without answers is refused. */
  alwaysAsk: boolean;
  answers: ProbingAnswer[] | undefined;
  /** Free-text answers come sealed (docs/security.md#encryption): the path check cannot see them. */
  sealed: boolean;
}

/** A path the questionnaire accepted: the tags it adds, and how to keep the answers with the ticket. */
export interface CheckedInterview {
  infoTagIds: string[];
  store(q: Queryable, memberId: string, at: Date): Promise<void>;
}

/**
 * The probing questionnaire sits above tickets (it points at lists, tags and appointment types):
 * it lends the draw its path check and the staff list its answers through
 * `ticketHooks.drawInterview` (hooks.ts), as `appointments` lends the work view its day.
 */
export interface InterviewLender {
  /** Checks the path (throws the refusal); undefined when the draw carries no interview. */
  check(q: Queryable, input: DrawInterviewInput): Promise<CheckedInterview | undefined>;
  answersOf(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAnswer[]>>;
}

/** The questionnaire's answers of these tickets, for the staff list. */
export function memberAnswersOf(ctx: AppContext, q: Queryable, memberIds: string[]): Promise<Map<string, MemberAnswer[]>> {
  return memberIds.length > 0 ? ctx.hooks.of(ticketHooks.drawInterview).answersOf(q, memberIds) : Promise.resolve(new Map<string, MemberAnswer[]>());
}
