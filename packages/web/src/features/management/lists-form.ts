import {
  COUNTRY_TIME_ZONES,
  DEFAULT_QUIET_HOURS,
  QUEUE_DEFAULTS,
  queueConfigProblems,
  queueSetting,
  queueSettingsOfKind,
  type BUTTON_VISIBILITY_BUTTONS,
  type CreateProfileInput,
  type FieldErrorCode,
  type PATIENT_INPUT_FIELDS,
  type Profile,
  type Queue,
  type QueueSettingName,
  type UpdateQueueInput,
} from '@wartefrei/shared';

// The location and waiting-list forms keep every value as the inputs hold it (text or a
// checkbox's boolean, see ui/useFormValues); these functions translate between that and the API.

/** The list settings the list form edits (a setting with no section has a screen of its own), by how the form holds them. */
const inForm = <N extends QueueSettingName>(names: N[]) => names.filter((name) => queueSetting(name).section !== null);
/** Texts that may stay empty: stored as null (the server also turns '' into null). */
export const QUEUE_TEXT_FIELDS = inForm(queueSettingsOfKind('text'));
/** Whole numbers that are always set. */
export const QUEUE_NUMBER_FIELDS = inForm(queueSettingsOfKind('number'));
/** Whole numbers where empty means "no limit" (null). */
export const QUEUE_OPTIONAL_NUMBER_FIELDS = inForm(queueSettingsOfKind('optionalNumber'));
export const QUEUE_FLAG_FIELDS = inForm(queueSettingsOfKind('flag'));
export const QUEUE_CHOICE_FIELDS = inForm(queueSettingsOfKind('choice'));
/** Settings with one mode per key (patient inputs, button visibility): a form field per key. */
const QUEUE_MODES_FIELDS = inForm(queueSettingsOfKind('modes'));

/** A nested mode as a flat form field, named like the server's field error path (`patient_inputs.mail`). */
export const patientInputField = (field: (typeof PATIENT_INPUT_FIELDS)[number]) => `patient_inputs.${field}`;
export const buttonVisibilityField = (button: (typeof BUTTON_VISIBILITY_BUTTONS)[number]) => `button_visibility.${button}`;
const modeKeys = (name: QueueSettingName) => queueSetting(name).keys ?? [];

/** The form fields of one setting: its name, or one per key (`patient_inputs.mail`). */
export function queueFormFieldsOf(name: QueueSettingName): string[] {
  return queueSetting(name).kind === 'modes' ? modeKeys(name).map((key) => `${name}.${key}`) : [name];
}

export type QueueFormValues = Record<string, string | boolean>;

/** What a new queue starts with: the shared defaults the database uses too. */
const NEW_QUEUE: Omit<Queue, 'id' | 'profile_id' | 'session'> = { name: '', identifier: '', ...QUEUE_DEFAULTS };

/** What a new list of the practice's field starts with (packages/shared/src/accounts/sectors.ts); all editable. */
export interface SectorDefaults {
  average_process_minutes: number;
  ticket_text_before: string;
}

/** The form values of a stored queue, or of a new one when `queue` is undefined (with the practice's field's defaults). */
export function queueFormValues(queue: Queue | undefined, sectorDefaults?: SectorDefaults): QueueFormValues {
  const source = queue ?? { ...NEW_QUEUE, ...sectorDefaults };
  const values: QueueFormValues = { name: source.name, identifier: source.identifier };
  for (const field of QUEUE_TEXT_FIELDS) values[field] = source[field] ?? '';
  for (const field of [...QUEUE_NUMBER_FIELDS, ...QUEUE_OPTIONAL_NUMBER_FIELDS]) values[field] = source[field] === null ? '' : String(source[field]);
  for (const field of QUEUE_FLAG_FIELDS) values[field] = source[field];
  for (const field of QUEUE_CHOICE_FIELDS) values[field] = source[field];
  for (const name of QUEUE_MODES_FIELDS) {
    const modes = source[name] as Record<string, string>;
    for (const key of modeKeys(name)) values[`${name}.${key}`] = modes[key]!;
  }
  return values;
}

/**
 * A number as typed: '' is null; anything that is not a whole number stays as typed, so that
 * the shared schema refuses it with its own message instead of silently dropping it.
 */
export function numberOf(value: string | boolean): number | string | null {
  const text = String(value).trim();
  if (text === '') return null;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** An age limit is filled in: the birth date is then required (the server refuses a limit without it). */
export function hasAgeLimit(values: QueueFormValues): boolean {
  return String(values.min_age ?? '').trim() !== '' || String(values.max_age ?? '').trim() !== '';
}

/**
 * Every field of the form as the queue API takes it (UpdateQueueInput; with profile_id it is a
 * CreateQueueInput). The whole queue is sent on each save: the form shows all of it.
 */
export function queueInputOf(values: QueueFormValues): UpdateQueueInput {
  const input: Record<string, unknown> = { name: values.name, identifier: values.identifier };
  for (const field of QUEUE_TEXT_FIELDS) input[field] = String(values[field]).trim() === '' ? null : values[field];
  for (const field of [...QUEUE_NUMBER_FIELDS, ...QUEUE_OPTIONAL_NUMBER_FIELDS]) input[field] = numberOf(values[field]!);
  for (const field of [...QUEUE_FLAG_FIELDS, ...QUEUE_CHOICE_FIELDS]) input[field] = values[field];
  for (const name of QUEUE_MODES_FIELDS) input[name] = Object.fromEntries(modeKeys(name).map((key) => [key, values[`${name}.${key}`]]));
  // An age limit can only be checked against a birth date: the form makes it required.
  if (hasAgeLimit(values)) (input.patient_inputs as Record<string, unknown>).birth_date = 'REQUIRED';
  return input;
}

/**
 * The rules spanning two fields (number range, age range) for the whole queue as it will be
 * stored. The shared schema skips them while another field is invalid, and UpdateQueueInput
 * leaves them to the server; checking here shows every problem at once, before sending.
 */
export function queueRangeProblems(input: UpdateQueueInput): Record<string, FieldErrorCode> {
  const whole = (value: unknown) => (typeof value === 'number' ? value : null);
  return queueConfigProblems({
    number_start: whole(input.number_start),
    number_end: whole(input.number_end),
    min_age: whole(input.min_age),
    max_age: whole(input.max_age),
    birth_date: input.patient_inputs?.birth_date,
  });
}

export interface LocationFormValues extends Record<string, string> {
  name: string;
  identifier: string;
  country: string;
  region: string;
  time_zone: string;
  'address.street1': string;
  'address.postcode': string;
  'address.city': string;
  kiosk_printing: string;
  /** No offers of freed times from … until … (local 'HH:MM', over midnight when until < from). */
  'quiet_hours.start': string;
  'quiet_hours.end': string;
}

/** The form values of a stored location, or of a new one in Austria. */
export function locationFormValues(profile: Profile | undefined): LocationFormValues {
  return {
    name: profile?.name ?? '',
    identifier: profile?.identifier ?? '',
    country: profile?.country ?? 'AT',
    region: profile?.region ?? '',
    time_zone: profile?.time_zone ?? COUNTRY_TIME_ZONES.AT,
    'address.street1': profile?.address.street1 ?? '',
    'address.postcode': profile?.address.postcode ?? '',
    'address.city': profile?.address.city ?? '',
    // A new location's kiosk shows the ticket on screen: it needs no printer set up.
    kiosk_printing: profile?.kiosk_printing ?? 'OFF',
    'quiet_hours.start': profile?.quiet_hours.start ?? DEFAULT_QUIET_HOURS.start,
    'quiet_hours.end': profile?.quiet_hours.end ?? DEFAULT_QUIET_HOURS.end,
  };
}

/** The location API's input: no region is null, empty address lines are null; quiet hours as typed (the schema checks them). */
export function locationInputOf(values: LocationFormValues): CreateProfileInput {
  const line = (value: string) => (value.trim() === '' ? null : value);
  return {
    name: values.name,
    identifier: values.identifier,
    country: values.country as CreateProfileInput['country'],
    region: values.region === '' ? null : values.region,
    time_zone: values.time_zone,
    address: { street1: line(values['address.street1']), postcode: line(values['address.postcode']), city: line(values['address.city']) },
    kiosk_printing: values.kiosk_printing as CreateProfileInput['kiosk_printing'],
    quiet_hours: { start: values['quiet_hours.start'], end: values['quiet_hours.end'] },
  };
}
