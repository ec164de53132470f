import { z } from 'zod';
import type { FieldErrorCode } from '../errors.js';
import { DEFAULT_PATIENT_INPUTS, queueSettingInputs, queueSettingOutputs, type PatientInputs } from './queue-settings.js';

/** The fields of a list that are not settings: its name and identifier (required on create). */
const queueNames = {
  name: z.string().trim().min(1).max(100),
  identifier: z.string().trim().min(1).max(50),
};

/** The fields the cross-field rules look at, as stored after a change. */
export interface QueueRangeFields {
  number_start: number | null;
  number_end: number | null;
  min_age: number | null;
  max_age: number | null;
  /**
   * How the list asks for the birth date, where the change touches it or the ages (undefined:
   * not judged — a change of other fields leaves an older list as it is).
   */
  birth_date?: PatientInputs['birth_date'];
}

/**
 * The rules of docs/product.md#validation-rules that span two fields: number end needs number start, start ≤ end,
 * min age ≤ max age, an age limit needs the birth date REQUIRED. Empty when the configuration is fine; a PATCH applies it to the merged queue.
 */
export function queueConfigProblems(q: QueueRangeFields): Record<string, FieldErrorCode> {
  const problems: Record<string, FieldErrorCode> = {};
  if (q.number_end !== null && q.number_start === null) problems.number_end = 'NUMBER_END_NEEDS_START';
  else if (q.number_end !== null && q.number_start !== null && q.number_start > q.number_end) problems.number_end = 'NUMBER_RANGE';
  if (q.min_age !== null && q.max_age !== null && q.min_age > q.max_age) problems.max_age = 'AGE_RANGE';
  // An age limit is checked against the birth date: without it as a required field the limit could not work.
  const limited = q.min_age !== null || q.max_age !== null;
  if (limited && q.birth_date !== undefined && q.birth_date !== 'REQUIRED') problems['patient_inputs.birth_date'] = 'AGE_NEEDS_BIRTH_DATE';
  return problems;
}

/** Every configurable field of a queue with its own limits; cross-field rules are in queueConfigProblems. */
const configurable = z.strictObject({ ...queueNames, ...queueSettingInputs }).partial();

/** `POST /queues`: a queue in a location of the caller's account; only name and identifier are required. */
export const CreateQueueInput = configurable
  .extend({ profile_id: z.string().trim().min(1).max(64), name: queueNames.name, identifier: queueNames.identifier })
  .superRefine((v, ctx) => {
    const problems = queueConfigProblems({
      number_start: v.number_start ?? null,
      number_end: v.number_end ?? null,
      min_age: v.min_age ?? null,
      max_age: v.max_age ?? null,
      birth_date: v.patient_inputs?.birth_date ?? DEFAULT_PATIENT_INPUTS.birth_date,
    });
    for (const [field, code] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [field], message: code });
  });
export type CreateQueueInput = z.infer<typeof CreateQueueInput>;

/**
 * `PATCH /queues/{id}`: only what is sent changes; the cross-field rules are checked on the
 * merged result by the server (the stored number start counts when only the end is sent).
 * A queue stays in its location: `profile_id` is not accepted here.
 */
export const UpdateQueueInput = configurable;
export type UpdateQueueInput = z.infer<typeof UpdateQueueInput>;

/** The queue session as staff and visitors see it (docs/product.md#states-and-transitions). */
export const QueueSessionState = z.object({
  open: z.boolean(),
  queueing_allowed: z.boolean(),
  /** Open, but online and kiosk intake stopped by BLOCK until the next START. */
  blocked: z.boolean(),
  online_suspended: z.boolean(),
  kiosk_suspended: z.boolean(),
});
export type QueueSessionState = z.infer<typeof QueueSessionState>;

/** A queue with every field, as staff read it. */
export const Queue = z.object({
  id: z.uuid(),
  profile_id: z.uuid(),
  name: z.string(),
  identifier: z.string(),
  ...queueSettingOutputs,
  session: QueueSessionState,
});
export type Queue = z.infer<typeof Queue>;
export const QueueList = z.array(Queue);
