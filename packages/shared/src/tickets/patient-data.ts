/**
 * Pure rules for the patient data of a ticket (docs/product.md#validation-rules) that the zod schemas in
 * tickets.schemas.ts use and the server calls with its own clock.
 */

import type { PatientInputs } from '../queues/queue-settings.js';

/**
 * The patient data fields of a draw, each governed by one of the queue's patient inputs. Here,
 * apart from the schemas, so a patient page can name its fields without loading zod.
 */
export const PATIENT_DATA_FIELDS = ['display_name', 'first_name', 'last_name', 'birth_date', 'insurance_number', 'mail', 'phone'] as const;
export type PatientDataField = (typeof PATIENT_DATA_FIELDS)[number];

/** The queue setting that governs a body field: `first_name` covers first and last name. */
export const PATIENT_INPUT_OF: Record<PatientDataField, keyof PatientInputs> = {
  display_name: 'display_name',
  first_name: 'first_name',
  last_name: 'first_name',
  birth_date: 'birth_date',
  insurance_number: 'insurance_number',
  mail: 'mail',
  phone: 'phone',
};

/** How a form asks for one patient data field: the input's type, and the browser's autofill token. */
export interface PatientFieldInput {
  type: 'text' | 'email' | 'tel' | 'date';
  autoComplete: string;
}

/**
 * The input of each patient data field, for every form that asks for them (draw, kiosk, online
 * booking, the staff's manual ticket, booking and appointment dialogs). The autofill tokens
 * suggest the patient's own data on their device; a staff form asks for someone else's and
 * switches autofill off. The patient pages ask for the birth date in three parts (bday-day …).
 */
export const PATIENT_FIELD_INPUTS: Readonly<Record<PatientDataField, PatientFieldInput>> = {
  display_name: { type: 'text', autoComplete: 'nickname' },
  first_name: { type: 'text', autoComplete: 'given-name' },
  last_name: { type: 'text', autoComplete: 'family-name' },
  birth_date: { type: 'date', autoComplete: 'bday' },
  insurance_number: { type: 'text', autoComplete: 'off' },
  mail: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

/** A phone number after spaces are removed: a plus, 1–2 digits, then digits, slash, plus or dash (docs/product.md#validation-rules). */
export const PHONE_PATTERN = /^\+\d{1,2}[\d/+-]+$/;

/** A phone number as checked and stored: every whitespace character removed. */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Whether a phone number, spaces ignored, matches the pattern of docs/product.md#validation-rules. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month and day of a real calendar date written YYYY-MM-DD, or undefined. */
function dateParts(value: string): [number, number, number] | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over to 1 May; a real date survives the round trip. Years below
  // 100 are mapped to 19xx by Date.UTC, and no patient was born before year 1000 anyway.
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return [year, month, day];
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  return dateParts(value) !== undefined;
}

/** Completed years between a birth date and today (both YYYY-MM-DD); one born on 29 February turns a year older on 1 March. */
export function ageInYears(birthDate: string, today: string): number {
  const birth = dateParts(birthDate);
  const now = dateParts(today);
  if (!birth || !now) throw new Error(`not a calendar date: ${birthDate} / ${today}`);
  const hadBirthday = now[1] > birth[1] || (now[1] === birth[1] && now[2] >= birth[2]);
  return now[0] - birth[0] - (hadBirthday ? 0 : 1);
}

/** Why a birth date is refused regardless of the queue: not a real date, or after today (YYYY-MM-DD). */
export function birthDateProblem(birthDate: string, today?: string): 'INVALID_DATE' | 'BIRTH_DATE_FUTURE' | undefined {
  if (!isCalendarDate(birthDate)) return 'INVALID_DATE';
  // ISO dates compare correctly as strings.
  if (today !== undefined && birthDate > today) return 'BIRTH_DATE_FUTURE';
  return undefined;
}

/**
 * The queue's age limit a birth date breaks (docs/product.md#validation-rules): younger than `minAge` or older than
 * `maxAge`, ages in completed years on `today` (YYYY-MM-DD in the queue's time zone). Someone
 * who is exactly `maxAge` is still allowed: "older than max age" starts at maxAge + 1.
 */
export function birthDateAgeProblem(birthDate: string, today: string, minAge?: number | null, maxAge?: number | null): 'TOO_YOUNG' | 'TOO_OLD' | undefined {
  const age = ageInYears(birthDate, today);
  if (typeof minAge === 'number' && age < minAge) return 'TOO_YOUNG';
  if (typeof maxAge === 'number' && age > maxAge) return 'TOO_OLD';
  return undefined;
}
