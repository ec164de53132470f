import { z } from 'zod';
import { MemberOrigin, MemberStatus } from './members.schemas.js';

/*
 * What staff send about tickets: the bodies of the member actions and the work view's filters.
 * The views they answer with stand in members.schemas.ts.
 */

const whole = z.number().int();
const version = whole.min(0).optional();

/** Body of a staff action (may be absent); `version` makes it act only on the state the client saw. */
export const MemberActionInput = z.strictObject({ version }).nullish();
export type MemberActionInput = z.infer<typeof MemberActionInput>;

/** `POST /members/{id}/call`. */
export const CallMemberInput = z.strictObject({ version, silent: z.boolean().optional(), force: z.boolean().optional() }).nullish();
export type CallMemberInput = z.infer<typeof CallMemberInput>;

/**
 * `POST /queues/{id}/call-next` and `POST /call-next` (all the caller's queues by priority).
 * `silent`: no public announcement. `force`: call although maxConcurrentProcessing members are
 * already being processed (the answer then carries the warning).
 */
export const CallNextInput = z.strictObject({ silent: z.boolean().optional(), force: z.boolean().optional() }).nullish();
export type CallNextInput = z.infer<typeof CallNextInput>;

/** The furthest place in a line a member can be moved to. */
export const MOVE_POSITION_MAX = 100_000;
/** The longest search text of the member list (`q`). */
export const MEMBER_SEARCH_MAX_LENGTH = 100;

/** `POST /members/{id}/move`: to another queue of the account and/or a place in its line (1 = next). */
export const MoveMemberInput = z
  .strictObject({ version, queue_id: z.string().min(1).max(64).optional(), position: whole.min(1, 'MIN_VALUE').max(MOVE_POSITION_MAX).optional() })
  .refine((v) => v.queue_id !== undefined || v.position !== undefined, { message: 'REQUIRED', path: ['position'] });
export type MoveMemberInput = z.infer<typeof MoveMemberInput>;

/**
 * `POST /members/{id}/processor`: who serves a member in processing (the "actual processor"),
 * one of the processors actively processing its list. A processor who only manages the list may
 * choose only where the list allows it (allow_actual_processor_selection_for_non_active_processors).
 */
/** `force`: hand over although the recipient already processes their own limit (a warning then). */
export const SetMemberProcessorInput = z.strictObject({ version, processor_id: z.string().min(1).max(64), force: z.boolean().optional() });
export type SetMemberProcessorInput = z.infer<typeof SetMemberProcessorInput>;

/** `POST /members/{id}/info-tags`. */
export const AddMemberInfoTagInput = z.strictObject({ info_tag_id: z.string().min(1).max(64) });
export type AddMemberInfoTagInput = z.infer<typeof AddMemberInfoTagInput>;

const listOf = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(item));

/**
 * `GET /queues/{id}/members` filters. Without `status` the open tickets (waiting, processing,
 * cancelled by a processor) are listed; `q` matches number, names, mail and phone.
 */
export const MemberListQuery = z.strictObject({
  status: listOf(MemberStatus).optional(),
  origin: listOf(MemberOrigin).optional(),
  info_tag: z.string().max(64).optional(),
  q: z.string().trim().max(MEMBER_SEARCH_MAX_LENGTH).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;
