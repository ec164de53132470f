import type { BookingField } from '@wartefrei/shared';

/**
 * The patient data of an appointment in the order the staff's booking and appointment dialogs
 * ask for it; each field's input is PATIENT_FIELD_INPUTS' (shared with every other form).
 */
export const APPOINTMENT_PATIENT_FIELDS = ['last_name', 'first_name', 'birth_date', 'insurance_number', 'mail', 'phone'] as const satisfies readonly BookingField[];
