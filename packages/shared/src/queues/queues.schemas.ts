import { z } from 'zod';
import { ButtonVisibility, LOGO_PLACEMENTS, NameOrder, PATIENT_INPUT_MODES } from '../enums.js';
import type { FieldErrorCode } from '../errors.js';
import { ALERT_MEMBERS_AHEAD_MAX, ALERT_MINUTES_LEFT_MAX } from '../alerts/alerts.schemas.js';
import { ViewConfiguration, ViewConfigurationInput } from './view-configuration.js';

/** Queue priorities (docs/product.md#entities, §9): 1 very high, 5 high, 10 normal (default), 100 low, 500 very low. */
export const QUEUE_PRIORITIES = [1, 5, 10, 100, 500] as const;
export const DEFAULT_QUEUE_PRIORITY = 10;
export const PATIENT_INPUT_FIELDS = ['display_name', 'first_name', 'birth_date', 'insurance_number', 'mail', 'phone'] as const;
export const BUTTON_VISIBILITY_BUTTONS = ['suspend_online', 'suspend_kiosk', 'queue_opened', 'terminate'] as const;
/** Opening hours are printed on tickets and kiosks: at most this many lines (docs/product.md#constants-and-limits). */
export const OPENING_HOURS_MAX_LINES = 3;

export const PatientInputMode = z.enum(PATIENT_INPUT_MODES);
export const QueueButtonVisibility = ButtonVisibility;
export const QueueNameOrder = NameOrder;
export const QueueLogoPlacement = z.enum(LOGO_PLACEMENTS);

const text = (max: number) => z.string().trim().max(max).nullable();
const whole = (min: number, max: number) => z.number().int().min(min, 'MIN_VALUE').max(max, 'MAX_VALUE');
/** An age limit: 0 is refused with its own message (leave the field empty instead, docs/product.md#validation-rules). */
const age = z
  .number()
  .int()
  .refine((v) => v !== 0, { message: 'AGE_ZERO', abort: true })
  .min(1, 'MIN_VALUE')
  .max(150, 'MAX_VALUE')
  .nullable();
const color = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'INVALID_COLOR')
  .nullable();

/** Whether text has at most `max` lines (a trailing line break does not start a new line). */
export function hasAtMostLines(value: string, max: number): boolean {
  return value.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n').length <= max;
}

const patientInputsFields = Object.fromEntries(PATIENT_INPUT_FIELDS.map((f) => [f, PatientInputMode])) as Record<(typeof PATIENT_INPUT_FIELDS)[number], typeof PatientInputMode>;
const buttonVisibilityFields = Object.fromEntries(BUTTON_VISIBILITY_BUTTONS.map((b) => [b, QueueButtonVisibility])) as Record<
  (typeof BUTTON_VISIBILITY_BUTTONS)[number],
  typeof QueueButtonVisibility
>;

/** Which patient data a ticket asks for; each REQUIRED, OPTIONAL or NONE. */
export const PatientInputs = z.strictObject(patientInputsFields);
export type PatientInputs = z.infer<typeof PatientInputs>;
/** A queue asks for no patient data until configured. */
export const DEFAULT_PATIENT_INPUTS: PatientInputs = {
  display_name: 'NONE',
  first_name: 'NONE',
  birth_date: 'NONE',
  insurance_number: 'NONE',
  mail: 'NONE',
  phone: 'NONE',
};
/** Who sees each session button (docs/product.md#roles-and-permissions). */
export const SessionButtonVisibility = z.strictObject(buttonVisibilityFields);
export type SessionButtonVisibility = z.infer<typeof SessionButtonVisibility>;

/** Every configurable field of a queue with its own limits; cross-field rules are in queueConfigProblems. */
const queueFields = {
  name: z.string().trim().min(1).max(100),
  identifier: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+/() -]*$/, 'INVALID_PHONE')
    .nullable(),
  priority: z.literal(QUEUE_PRIORITIES),
  kiosk_text_before: text(1000),
  kiosk_text_after: text(1000),
  ticket_text_before: text(1000),
  ticket_text_after: text(1000),
  monitor_text: text(500),
  opening_hours: z
    .string()
    .trim()
    .max(300)
    .refine((v) => hasAtMostLines(v, OPENING_HOURS_MAX_LINES), 'TOO_MANY_LINES')
    .nullable(),
  draw_online_enabled: z.boolean(),
  wait_time_calculation_enabled: z.boolean(),
  kiosk_enabled: z.boolean(),
  max_concurrent_processing: whole(1, 100),
  preprocessing_buffer_minutes: whole(0, 1440),
  average_process_minutes: whole(1, 1440),
  number_start: whole(1, 999_999).nullable(),
  number_end: whole(1, 999_999).nullable(),
  /** At number end: wrap to number start (default) or refuse new tickets. */
  number_wrap: z.boolean(),
  timeout_minutes: whole(1, 1440).nullable(),
  automatically_next: z.boolean(),
  color,
  accent_color: color,
  min_age: age,
  max_age: age,
  is_default: z.boolean(),
  logo_placement_ticket: QueueLogoPlacement,
  logo_placement_kiosk: QueueLogoPlacement,
  /** Only the modes sent change; the others keep their value (NONE on a new queue). */
  patient_inputs: PatientInputs.partial(),
  ask_patient_for_language: z.boolean(),
  allow_move_appointment: z.boolean(),
  may_activate_sms_notifications: z.boolean(),
  /** "Almost your turn": a patient who asked is told at this many ahead (null: not offered). */
  alert_members_ahead: whole(1, ALERT_MEMBERS_AHEAD_MAX).nullable(),
  /** … and at this many minutes left (null: not offered; needs wait time calculation). */
  alert_minutes_left: whole(1, ALERT_MINUTES_LEFT_MAX).nullable(),
  show_processor_on_processing: z.boolean(),
  allow_actual_processor_selection_for_non_active_processors: z.boolean(),
  display_monitor_on_kiosk: z.boolean(),
  /** Only the buttons sent change; the others keep their value (EVERYBODY on a new queue). */
  button_visibility: SessionButtonVisibility.partial(),
  name_order: QueueNameOrder,
  always_show_probing_questions: z.boolean(),
  smart_suspend_minutes: whole(0, 240),
  /** Only the switches sent change; the others keep their value (shown on a new queue). */
  view_configuration: ViewConfigurationInput,
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

const configurable = z.strictObject(queueFields).partial();

/** `POST /queues`: a queue in a location of the caller's account; only name and identifier are required. */
export const CreateQueueInput = configurable
  .extend({ profile_id: z.string().trim().min(1).max(64), name: queueFields.name, identifier: queueFields.identifier })
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
  phone: z.string().nullable(),
  priority: z.number().int(),
  kiosk_text_before: z.string().nullable(),
  kiosk_text_after: z.string().nullable(),
  ticket_text_before: z.string().nullable(),
  ticket_text_after: z.string().nullable(),
  monitor_text: z.string().nullable(),
  opening_hours: z.string().nullable(),
  draw_online_enabled: z.boolean(),
  wait_time_calculation_enabled: z.boolean(),
  kiosk_enabled: z.boolean(),
  max_concurrent_processing: z.number().int(),
  preprocessing_buffer_minutes: z.number().int(),
  average_process_minutes: z.number().int(),
  number_start: z.number().int().nullable(),
  number_end: z.number().int().nullable(),
  number_wrap: z.boolean(),
  timeout_minutes: z.number().int().nullable(),
  automatically_next: z.boolean(),
  color: z.string().nullable(),
  accent_color: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  is_default: z.boolean(),
  logo_placement_ticket: QueueLogoPlacement,
  logo_placement_kiosk: QueueLogoPlacement,
  patient_inputs: PatientInputs,
  ask_patient_for_language: z.boolean(),
  allow_move_appointment: z.boolean(),
  may_activate_sms_notifications: z.boolean(),
  alert_members_ahead: z.number().int().nullable(),
  alert_minutes_left: z.number().int().nullable(),
  show_processor_on_processing: z.boolean(),
  allow_actual_processor_selection_for_non_active_processors: z.boolean(),
  display_monitor_on_kiosk: z.boolean(),
  button_visibility: SessionButtonVisibility,
  name_order: QueueNameOrder,
  always_show_probing_questions: z.boolean(),
  smart_suspend_minutes: z.number().int(),
  view_configuration: ViewConfiguration,
  session: QueueSessionState,
});
export type Queue = z.infer<typeof Queue>;
export const QueueList = z.array(Queue);
