/*
 * The patient data fields of a booking, without zod: the patient's booking screen reads them
 * before it needs any schema, and stays small (issue 16's budget for the booking page).
 */

/** The patient data a booking in a slot asks for, each REQUIRED, OPTIONAL or NONE. */
export const BOOKING_FIELDS = ['last_name', 'first_name', 'birth_date', 'mail', 'phone', 'insurance_number'] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/** The longest description a booking carries (characters), the patient's and the staff's alike. */
export const APPOINTMENT_DESCRIPTION_MAX_LENGTH = 1000;

/** Whether two requirements ask the same of every field (free times name each distinct one once). */
export function sameFieldModes(a: Readonly<Record<BookingField, string>>, b: Readonly<Record<BookingField, string>>): boolean {
  return BOOKING_FIELDS.every((field) => a[field] === b[field]);
}

/** Nothing given: absent, or only blanks. */
export const isBlank = (raw: unknown): boolean => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** The reminder times a patient may choose, in minutes before the start. */
export const SMS_REMINDER_MINUTES = [30, 60, 120, 1440] as const;

/** What a booking's reminders ask of its body: a mail address to mail to, a phone to text. */
export interface ReminderChoice {
  notify_mail?: boolean;
  notify_sms?: boolean;
  sms_reminder_minutes?: number | null;
}

/**
 * The fields a booking leaves empty though it must give them: those its slot REQUIRES, the mail
 * address when it asks for mails, the phone when it asks for SMS or an SMS reminder. The one
 * owner of "required": checkBookingFields answers these with REQUIRED, and the patient's form
 * asks for them before sending, without loading any schema.
 */
export function missingBookingFields(modes: Readonly<Record<BookingField, string>>, body: Partial<Record<BookingField, unknown>> & ReminderChoice): BookingField[] {
  const missing = BOOKING_FIELDS.filter((field) => modes[field] === 'REQUIRED' && isBlank(body[field]));
  // A field the slot does not ask (NONE) is never read, so it cannot carry a reminder either.
  const needs = (field: BookingField) => {
    const given = modes[field] !== 'NONE' && !isBlank(body[field]);
    if (!given && !missing.includes(field)) missing.push(field);
  };
  if (body.notify_mail === true) needs('mail');
  if (body.notify_sms === true || typeof body.sms_reminder_minutes === 'number') needs('phone');
  return missing;
}
