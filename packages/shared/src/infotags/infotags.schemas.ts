import { z } from 'zod';
import { INFO_TAG_DELAYS } from '../enums.js';
import type { FieldErrorCode } from '../errors.js';

export const INFO_TAG_NAME_MAX_LENGTH = 10;
export const INFO_TAG_DELAY_MAX_MINUTES = 1440;

export const InfoTagDelay = z.enum(INFO_TAG_DELAYS);
export type InfoTagDelay = z.infer<typeof InfoTagDelay>;

/**
 * docs/product.md#validation-rules: a no-delay tag has delay 0; an earlier or later tag needs some minutes. The
 * problem is reported at `delay_minutes`; undefined when the pair is fine.
 */
export function infoTagDelayProblem(delay: InfoTagDelay, delayMinutes: number): FieldErrorCode | undefined {
  if (delay === 'NONE') return delayMinutes === 0 ? undefined : 'NO_DELAY_MUST_BE_ZERO';
  return delayMinutes > 0 ? undefined : 'DELAY_MINUTES_REQUIRED';
}

/** Adds the delay rule's issue at `delay_minutes`, unless either half already failed its own check. */
function checkDelay(delay: unknown, delayMinutes: unknown, ctx: z.RefinementCtx): void {
  const parsedDelay = InfoTagDelay.safeParse(delay);
  if (!parsedDelay.success || typeof delayMinutes !== 'number' || !Number.isInteger(delayMinutes) || delayMinutes < 0) return;
  const problem = infoTagDelayProblem(parsedDelay.data, delayMinutes);
  if (problem) ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: problem });
}

const infoTagColor = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/);

const infoTagFields = {
  name: z.string().trim().min(1).max(INFO_TAG_NAME_MAX_LENGTH),
  label: z.string().trim().max(100).nullable().optional(),
  color: infoTagColor.nullable().optional(),
  delay: InfoTagDelay.optional(),
  delay_minutes: z.number().int().min(0).max(INFO_TAG_DELAY_MAX_MINUTES).optional(),
  time_priority: z.boolean().optional(),
  visible_on_ticket: z.boolean().optional(),
  ticket_text: z.string().trim().max(500).nullable().optional(),
  hide_times_on_ticket: z.boolean().optional(),
};

/** `POST /info-tags`; delay defaults to NONE with 0 minutes. */
export const CreateInfoTagInput = z.strictObject(infoTagFields).superRefine((v, ctx) => checkDelay(v.delay ?? 'NONE', v.delay_minutes ?? 0, ctx));
export type CreateInfoTagInput = z.infer<typeof CreateInfoTagInput>;

/** `PATCH /info-tags/{id}`: what is sent changes; the server checks the merged tag again. */
export const UpdateInfoTagInput = z.strictObject({ ...infoTagFields, name: infoTagFields.name.optional() }).superRefine((v, ctx) => {
  if (v.delay !== undefined && v.delay_minutes !== undefined) checkDelay(v.delay, v.delay_minutes, ctx);
});
export type UpdateInfoTagInput = z.infer<typeof UpdateInfoTagInput>;

/** An info tag (docs/product.md#entities). */
export const InfoTag = z.object({
  id: z.uuid(),
  name: z.string(),
  label: z.string().nullable(),
  color: z.string().nullable(),
  delay: InfoTagDelay,
  delay_minutes: z.number().int(),
  time_priority: z.boolean(),
  visible_on_ticket: z.boolean(),
  ticket_text: z.string().nullable(),
  hide_times_on_ticket: z.boolean(),
});
export type InfoTag = z.infer<typeof InfoTag>;
