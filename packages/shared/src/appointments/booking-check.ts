import type { FieldErrorCode } from '../errors.js';
import { SEALED_PATIENT_FIELDS, SealedRecordId, SealedText } from '../privacy/encryption.schemas.js';
import { birthDateProblem } from '../tickets/patient-data.js';
import { PATIENT_FIELD_FORMATS } from '../tickets/tickets.schemas.js';
import type { BookingFieldModes } from './appointment-slots.schemas.js';
import type { BookAppointmentBody } from './appointments.schemas.js';
import { BOOKING_FIELDS, isBlank, missingBookingFields, type BookingField } from './booking-fields.js';

/** The patient data of a booking as stored: null when not asked or left empty (or sealed). */
export type BookingPatientData = Record<BookingField, string | null> & { sealed_data: string | null; record_id?: string };

/** A staff booking (on the phone, at the desk) needs a name to call; everything else may follow. */
export const STAFF_BOOKING_FIELD_MODES: BookingFieldModes = {
  last_name: 'REQUIRED',
  first_name: 'OPTIONAL',
  birth_date: 'OPTIONAL',
  mail: 'OPTIONAL',
  phone: 'OPTIONAL',
  insurance_number: 'OPTIONAL',
};

/**
 * The patient data of a booking by the slot's required fields (docs/product.md#validation-rules,
 * the same formats as a ticket's): a REQUIRED field must be non-empty, a NONE field is dropped
 * unread. Reminders need somewhere to go: `notify_mail` needs a mail address, `notify_sms` or a
 * reminder time a phone number. A birth date must not lie after `today` (the location's date).
 * With `sealed` (the practice encrypts) the sealed fields and the description come only inside
 * `sealed_data`, checked by the browser; a clear one, or sealed data while off, is
 * ENCRYPTION_CHANGED. A required sealed field makes `sealed_data` required.
 */
export function checkBookingFields(
  modes: BookingFieldModes,
  body: Partial<Record<BookingField | 'description' | 'sealed_data' | 'record_id', unknown>> & Pick<BookAppointmentBody, 'notify_mail' | 'notify_sms' | 'sms_reminder_minutes'>,
  today: string,
  sealed = false,
): { ok: true; value: BookingPatientData } | { ok: false; fields: Record<string, FieldErrorCode> } {
  const isSealedField = (field: string) => sealed && (SEALED_PATIENT_FIELDS as readonly string[]).includes(field);
  const fields: Record<string, FieldErrorCode> = Object.fromEntries(
    missingBookingFields(modes, body)
      .filter((field) => !isSealedField(field))
      .map((field) => [field, 'REQUIRED']),
  );
  const value = { sealed_data: null } as BookingPatientData;
  if (sealed) {
    const clear = [...BOOKING_FIELDS.filter(isSealedField), 'description' as const].filter((field) => !isBlank(body[field]));
    for (const field of clear) fields[field] = 'ENCRYPTION_CHANGED';
    const anyRequired = BOOKING_FIELDS.some((field) => isSealedField(field) && modes[field] === 'REQUIRED');
    if (isBlank(body.sealed_data)) {
      if (anyRequired) fields.sealed_data = 'REQUIRED';
    } else if (SealedText.safeParse(body.sealed_data).success) value.sealed_data = body.sealed_data as string;
    else fields.sealed_data = 'INVALID_VALUE';
  } else if (!isBlank(body.sealed_data)) fields.sealed_data = 'ENCRYPTION_CHANGED';
  // The id the sealing browser chose: only together with sealed data (the text is bound to it).
  if (body.record_id !== undefined) {
    if (!sealed) fields.record_id = 'ENCRYPTION_CHANGED';
    else if (isBlank(body.sealed_data) || !SealedRecordId.safeParse(body.record_id).success) fields.record_id = 'INVALID_VALUE';
    else value.record_id = body.record_id as string;
  }
  for (const field of BOOKING_FIELDS) {
    value[field] = null;
    if (modes[field] === 'NONE' || fields[field] || isSealedField(field) || isBlank(body[field])) continue;
    const parsed = PATIENT_FIELD_FORMATS[field].safeParse(body[field]);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      fields[field] = (/^[A-Z_]+$/.test(message) ? message : 'INVALID_TYPE') as FieldErrorCode;
      continue;
    }
    value[field] = parsed.data === '' ? null : parsed.data;
  }
  if (value.birth_date && birthDateProblem(value.birth_date, today)) fields.birth_date ??= 'BIRTH_DATE_FUTURE';
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}
