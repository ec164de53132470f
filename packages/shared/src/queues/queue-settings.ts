import { z } from 'zod';
import { ButtonVisibility, LOGO_PLACEMENTS, NameOrder, PATIENT_INPUT_MODES } from '../enums.js';
import type { ErrorCode } from '../errors.js';
import { ALERT_DEFAULTS, ALERT_MEMBERS_AHEAD_MAX, ALERT_MINUTES_LEFT_MAX } from '../alerts/alerts.schemas.js';
import { DEFAULT_VIEW_CONFIGURATION, mergeViewConfiguration, ViewConfiguration, ViewConfigurationInput } from './view-configuration.js';

/*
 * Every setting of a waiting list, declared once (CONTRIBUTING.md "Adding things: a list
 * setting"). From QUEUE_SETTINGS follow the API's input and output schemas (queues.schemas.ts),
 * QUEUE_DEFAULTS (a new list in the form, and the table's column defaults), the server's
 * presenter and column map (modules/queues) and the management form's fields and sections
 * (web features/management). Only the table is written by hand: a drift test holds its columns
 * and defaults to this declaration.
 *
 * Who changes them: admins, through `PATCH /queues/{id}`; no list setting is a processor's to
 * change — except that whoever may press TERMINATE may send a new max_concurrent_processing with it.
 */

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

const modesOf = <K extends string, M extends z.ZodType>(keys: readonly K[], mode: M) => z.strictObject(Object.fromEntries(keys.map((k) => [k, mode])) as Record<K, M>);
/** Which patient data a ticket asks for; each REQUIRED, OPTIONAL or NONE. */
export const PatientInputs = modesOf(PATIENT_INPUT_FIELDS, PatientInputMode);
export type PatientInputs = z.infer<typeof PatientInputs>;
/** A queue asks for no patient data until configured. */
export const DEFAULT_PATIENT_INPUTS: PatientInputs = { display_name: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' };
/** Who sees each session button (docs/product.md#roles-and-permissions). */
export const SessionButtonVisibility = modesOf(BUTTON_VISIBILITY_BUTTONS, QueueButtonVisibility);
export type SessionButtonVisibility = z.infer<typeof SessionButtonVisibility>;

/** Whether text has at most `max` lines (a trailing line break does not start a new line). */
export function hasAtMostLines(value: string, max: number): boolean {
  return value.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n').length <= max;
}

const longText = (max: number) => z.string().trim().max(max).nullable();
const wholeIn = (min: number, max: number) => z.number().int().min(min, 'MIN_VALUE').max(max, 'MAX_VALUE');
/** An age limit: 0 is refused with its own message (leave the field empty instead, docs/product.md#validation-rules). */
const age = z
  .number()
  .int()
  .refine((v) => v !== 0, { message: 'AGE_ZERO', abort: true })
  .min(1, 'MIN_VALUE')
  .max(150, 'MAX_VALUE')
  .nullable();
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'INVALID_COLOR')
  .nullable();
const phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9+/() -]*$/, 'INVALID_PHONE')
  .nullable();
const openingHours = z
  .string()
  .trim()
  .max(300)
  .refine((v) => hasAtMostLines(v, OPENING_HOURS_MAX_LINES), 'TOO_MANY_LINES')
  .nullable();

/** The accordion sections of the list form (web QueueForm), in their order; name and identifier sit in `general`. */
export const QUEUE_FORM_SECTIONS = ['general', 'drawing', 'numbers', 'texts', 'patientInputs', 'processing', 'alerts'] as const;
export type QueueFormSection = (typeof QUEUE_FORM_SECTIONS)[number];

/**
 * How the form holds a setting: a text that may stay empty, a whole number, a whole number where
 * empty is null, a switch, a choice, or one choice per key (`patient_inputs.mail`).
 */
export type QueueSettingKind = 'text' | 'number' | 'optionalNumber' | 'flag' | 'choice' | 'modes';

interface Declared<D> {
  default: D;
  /** Where the list form edits it; null where a screen of its own does (the work view's configuration). */
  section: QueueFormSection | null;
  /** Refused with this error while the list's session is open (the server checks it under the session's lock). */
  refusedWhileOpen?: ErrorCode;
}

const text = <In extends z.ZodType, D extends string | null>(input: In, rest: Declared<D>) => ({
  input,
  output: z.string().nullable(),
  kind: 'text' as const,
  ...rest,
});
const whole = <In extends z.ZodType, D extends number>(input: In, rest: Declared<D>) => ({ input, output: z.number().int(), kind: 'number' as const, ...rest });
const wholeOrNone = <In extends z.ZodType, D extends number | null>(input: In, rest: Declared<D>) => ({
  input,
  output: z.number().int().nullable(),
  kind: 'optionalNumber' as const,
  ...rest,
});
const flag = <D extends boolean>(rest: Declared<D>) => ({ input: z.boolean(), output: z.boolean(), kind: 'flag' as const, ...rest });
const choice = <S extends z.ZodType, D extends z.output<S>>(schema: S, rest: Declared<D>) => ({ input: schema, output: schema, kind: 'choice' as const, ...rest });
/** One mode per key, stored and read whole; only the keys sent change (the others keep their value). */
const modes = <K extends string, M extends z.ZodType, D extends Record<K, z.output<M>>>(
  keys: readonly K[],
  output: z.ZodObject<Record<K, M>, z.core.$strict>,
  rest: Declared<D>,
) => ({
  input: output.partial(),
  output,
  kind: 'modes' as const,
  keys,
  complete: (stored: Partial<Record<K, z.output<M>>> | null | undefined, change?: Partial<Record<K, z.output<M>>>): Record<K, z.output<M>> => ({
    ...rest.default,
    ...stored,
    ...change,
  }),
  ...rest,
});

/** Every list setting, in the API's field order. */
export const QUEUE_SETTINGS = {
  phone: text(phone, { default: null, section: 'general' }),
  priority: whole(z.literal(QUEUE_PRIORITIES), { default: DEFAULT_QUEUE_PRIORITY, section: 'general' }),
  kiosk_text_before: text(longText(1000), { default: null, section: 'texts' }),
  kiosk_text_after: text(longText(1000), { default: null, section: 'texts' }),
  ticket_text_before: text(longText(1000), { default: null, section: 'texts' }),
  ticket_text_after: text(longText(1000), { default: null, section: 'texts' }),
  monitor_text: text(longText(500), { default: null, section: 'texts' }),
  opening_hours: text(openingHours, { default: null, section: 'texts' }),
  draw_online_enabled: flag({ default: true, section: 'drawing' }),
  wait_time_calculation_enabled: flag({ default: true, section: 'numbers' }),
  kiosk_enabled: flag({ default: false, section: 'drawing' }),
  /** docs/product.md#states-and-transitions: changes together with a close (TERMINATE carries it, sessions). */
  max_concurrent_processing: whole(wholeIn(1, 100), { default: 1, section: 'numbers', refusedWhileOpen: 'MAX_CONCURRENT_CHANGE_NEEDS_CLOSE' }),
  preprocessing_buffer_minutes: whole(wholeIn(0, 1440), { default: 0, section: 'numbers' }),
  average_process_minutes: whole(wholeIn(1, 1440), { default: 10, section: 'numbers' }),
  number_start: wholeOrNone(wholeIn(1, 999_999).nullable(), { default: null, section: 'numbers' }),
  number_end: wholeOrNone(wholeIn(1, 999_999).nullable(), { default: null, section: 'numbers' }),
  /** At number end: wrap to number start (default) or refuse new tickets. */
  number_wrap: flag({ default: true, section: 'numbers' }),
  timeout_minutes: wholeOrNone(wholeIn(1, 1440).nullable(), { default: null, section: 'numbers' }),
  automatically_next: flag({ default: false, section: 'numbers' }),
  color: text(colour, { default: null, section: 'general' }),
  accent_color: text(colour, { default: null, section: 'general' }),
  min_age: wholeOrNone(age, { default: null, section: 'drawing' }),
  max_age: wholeOrNone(age, { default: null, section: 'drawing' }),
  is_default: flag({ default: false, section: 'general' }),
  logo_placement_ticket: choice(QueueLogoPlacement, { default: 'TOP', section: 'general' }),
  logo_placement_kiosk: choice(QueueLogoPlacement, { default: 'TOP', section: 'general' }),
  /** Only the modes sent change; the others keep their value (NONE on a new queue). */
  patient_inputs: modes(PATIENT_INPUT_FIELDS, PatientInputs, { default: DEFAULT_PATIENT_INPUTS, section: 'patientInputs' }),
  ask_patient_for_language: flag({ default: false, section: 'drawing' }),
  allow_move_appointment: flag({ default: false, section: 'drawing' }),
  may_activate_sms_notifications: flag({ default: false, section: 'alerts' }),
  /** "Almost your turn": a patient who asked is told at this many ahead (null: not offered). */
  alert_members_ahead: wholeOrNone(wholeIn(1, ALERT_MEMBERS_AHEAD_MAX).nullable(), { default: ALERT_DEFAULTS.members_ahead, section: 'alerts' }),
  /** … and at this many minutes left (null: not offered; needs wait time calculation). */
  alert_minutes_left: wholeOrNone(wholeIn(1, ALERT_MINUTES_LEFT_MAX).nullable(), { default: ALERT_DEFAULTS.minutes_left, section: 'alerts' }),
  show_processor_on_processing: flag({ default: false, section: 'processing' }),
  allow_actual_processor_selection_for_non_active_processors: flag({ default: false, section: 'processing' }),
  display_monitor_on_kiosk: flag({ default: false, section: 'drawing' }),
  /** Only the buttons sent change; the others keep their value (EVERYBODY on a new queue). */
  button_visibility: modes(BUTTON_VISIBILITY_BUTTONS, SessionButtonVisibility, {
    default: { suspend_online: 'EVERYBODY', suspend_kiosk: 'EVERYBODY', queue_opened: 'EVERYBODY', terminate: 'EVERYBODY' },
    section: 'processing',
  }),
  name_order: choice(QueueNameOrder, { default: 'FIRST_LAST', section: 'general' }),
  always_show_probing_questions: flag({ default: false, section: 'drawing' }),
  smart_suspend_minutes: whole(wholeIn(0, 240), { default: 15, section: 'numbers' }),
  /** Only the switches sent change; the others keep their value (shown on a new queue). Edited in its own tab. */
  view_configuration: {
    input: ViewConfigurationInput,
    output: ViewConfiguration,
    kind: 'modes' as const,
    keys: [],
    complete: mergeViewConfiguration,
    default: DEFAULT_VIEW_CONFIGURATION,
    section: null,
  },
};

type Settings = typeof QUEUE_SETTINGS;
export type QueueSettingName = keyof Settings;
export const QUEUE_SETTING_NAMES = Object.keys(QUEUE_SETTINGS) as QueueSettingName[];

/** One setting as code that walks all of them reads it. */
export interface QueueSetting {
  input: z.ZodType;
  output: z.ZodType;
  kind: QueueSettingKind;
  default: unknown;
  section: QueueFormSection | null;
  refusedWhileOpen?: ErrorCode;
  /** Of the `modes` kind: the keys, each a field of the form. */
  keys?: readonly string[];
  /** The whole value from what is stored, with a change laid over it (settings that change key by key). */
  complete?(stored: unknown, change?: unknown): unknown;
}
export const queueSetting = (name: QueueSettingName): QueueSetting => QUEUE_SETTINGS[name];

const each = <T>(pick: (setting: QueueSetting) => unknown) => Object.fromEntries(QUEUE_SETTING_NAMES.map((name) => [name, pick(QUEUE_SETTINGS[name])])) as T;
/** The input schema of each setting (queues.schemas.ts builds the create and update inputs from them). */
export const queueSettingInputs = each<{ [N in QueueSettingName]: Settings[N]['input'] }>((s) => s.input);
/** The output schema of each setting, as staff read a list. */
export const queueSettingOutputs = each<{ [N in QueueSettingName]: Settings[N]['output'] }>((s) => s.output);
export type QueueSettings = { [N in QueueSettingName]: z.output<Settings[N]['output']> };
/** What a new waiting list starts with, for every setting: the table's column defaults and the web form's new list. */
export const QUEUE_DEFAULTS = each<{ [N in QueueSettingName]: Settings[N]['default'] }>((s) => s.default);

/** The settings the form holds in one way, e.g. every `flag`. */
export type QueueSettingOfKind<K extends QueueSettingKind> = { [N in QueueSettingName]: Settings[N]['kind'] extends K ? N : never }[QueueSettingName];
export const queueSettingsOfKind = <K extends QueueSettingKind>(kind: K): QueueSettingOfKind<K>[] =>
  QUEUE_SETTING_NAMES.filter((name): name is QueueSettingOfKind<K> => QUEUE_SETTINGS[name].kind === kind);
