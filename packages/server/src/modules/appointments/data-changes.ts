import { BOOKING_FIELDS, checkBookingFields, SEALED_PATIENT_FIELDS, STAFF_BOOKING_FIELD_MODES, type UpdateAppointmentInput } from '@wartefrei/shared';
import { AppError } from '../../platform/errors.js';
import type { AppointmentChanges, AppointmentRow } from './appointments.repo.js';
import { patientDataOf } from './present.js';

const SEALED_COLUMNS = { first_name: 'firstName', last_name: 'lastName', birth_date: 'birthDate', insurance_number: 'insuranceNumber' } as const;
const isSealedField = (field: string): field is keyof typeof SEALED_COLUMNS => (SEALED_PATIENT_FIELDS as readonly string[]).includes(field);

/**
 * The patient data and details a PATCH changes, checked as a whole with what stays. While the
 * practice encrypts (`sealed`), the sealed fields and the description change only as a whole,
 * as new `sealed_data`, which also clears what an appointment booked before still held in the
 * clear; a PATCH without it leaves them as they are.
 */
export function dataChanges(row: AppointmentRow, input: UpdateAppointmentInput, today: string, sealed: boolean): AppointmentChanges {
  const given = Object.fromEntries(BOOKING_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
  const stored = patientDataOf(row);
  const resealing = sealed && input.sealed_data !== undefined;
  // Sealed: what is stored in the clear from before is not judged again; a staff booking needs a
  // name, which then lies inside the sealed data.
  const kept = sealed ? { mail: stored.mail, phone: stored.phone } : stored;
  const modes = sealed && !resealing ? { ...STAFF_BOOKING_FIELD_MODES, last_name: 'OPTIONAL' as const } : STAFF_BOOKING_FIELD_MODES;
  const checked = checkBookingFields(
    modes,
    {
      ...kept,
      ...given,
      description: sealed ? input.description : undefined,
      sealed_data: input.sealed_data,
      notify_mail: input.notify_mail ?? row.notifyMail,
      notify_sms: input.notify_sms ?? row.notifySms,
      sms_reminder_minutes: input.sms_reminder_minutes !== undefined ? input.sms_reminder_minutes : row.smsReminderMinutes,
    },
    today,
    sealed,
  );
  if (!checked.ok) throw new AppError('VALIDATION', { fields: checked.fields });
  const changes: AppointmentChanges = {};
  const data = checked.value;
  for (const field of BOOKING_FIELDS) {
    if (isSealedField(field)) {
      if (sealed && !resealing) continue;
      const column = SEALED_COLUMNS[field];
      if (data[field] !== row[column]) changes[column] = data[field];
    }
  }
  if (data.mail !== row.mail) changes.mail = data.mail;
  if (data.phone !== row.phone) changes.phone = data.phone;
  if (resealing) {
    changes.sealedData = data.sealed_data;
    if (row.description !== null) changes.description = null;
  } else if (!sealed && input.description !== undefined && (input.description || null) !== row.description) {
    changes.description = input.description || null;
  }
  if (input.notify_mail !== undefined && input.notify_mail !== row.notifyMail) changes.notifyMail = input.notify_mail;
  if (input.notify_sms !== undefined && input.notify_sms !== row.notifySms) changes.notifySms = input.notify_sms;
  if (input.sms_reminder_minutes !== undefined && input.sms_reminder_minutes !== row.smsReminderMinutes) changes.smsReminderMinutes = input.sms_reminder_minutes;
  return changes;
}
