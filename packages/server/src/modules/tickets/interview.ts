import type { MemberAnswer, ProbingAnswer, ProbingVariant } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';

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
 * it lends the draw its path check and the staff list its answers at start-up (app.ts), as
 * `appointments` lends the work view its day. Without a lender a draw takes no answers.
 */
export interface InterviewLender {
  /** Checks the path (throws the refusal); undefined when the draw carries no interview. */
  check(q: Queryable, input: DrawInterviewInput): Promise<CheckedInterview | undefined>;
  answersOf(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAnswer[]>>;
}

let lender: InterviewLender | undefined;

export function registerDrawInterview(lent: InterviewLender): void {
  lender = lent;
}

export function checkDrawInterview(q: Queryable, input: DrawInterviewInput): Promise<CheckedInterview | undefined> {
  return lender ? lender.check(q, input) : Promise.resolve(undefined);
}

export function memberAnswersOf(q: Queryable, memberIds: string[]): Promise<Map<string, MemberAnswer[]>> {
  return lender && memberIds.length > 0 ? lender.answersOf(q, memberIds) : Promise.resolve(new Map<string, MemberAnswer[]>());
}
