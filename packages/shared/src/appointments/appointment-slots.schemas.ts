import { z } from 'zod';
import { PATIENT_INPUT_MODES } from '../enums.js';
import type { FieldErrorCode } from '../errors.js';
import { LocalTimeString } from '../schedules/schedules.schemas.js';
import { isCalendarDate } from '../tickets/patient-data.js';
import { BOOKING_FIELDS, type BookingField } from './booking-fields.js';

/**
 * Availability rules (docs/product.md#entities Appointment slot): WEEK repeats on a weekday
 * (1 = Monday … 7), SINGLE adds time on one date, SINGLE_NEGATE takes time away on one date.
 * Times are the location's wall clock ('HH:MM'). The rules are stored; free times are computed.
 */
export const APPOINTMENT_SLOT_KINDS = ['WEEK', 'SINGLE', 'SINGLE_NEGATE'] as const;
export const AppointmentSlotKind = z.enum(APPOINTMENT_SLOT_KINDS);
export type AppointmentSlotKind = z.infer<typeof AppointmentSlotKind>;

const FieldMode = z.enum(PATIENT_INPUT_MODES);
export const BookingFieldModes = z.strictObject(Object.fromEntries(BOOKING_FIELDS.map((field) => [field, FieldMode])) as Record<BookingField, typeof FieldMode>);
export type BookingFieldModes = z.infer<typeof BookingFieldModes>;

/** What a slot asks unless told otherwise: the name and a mail address to confirm to. */
export const DEFAULT_BOOKING_FIELD_MODES: BookingFieldModes = {
  last_name: 'REQUIRED',
  first_name: 'REQUIRED',
  birth_date: 'OPTIONAL',
  mail: 'REQUIRED',
  phone: 'OPTIONAL',
  insurance_number: 'NONE',
};

/** A year ahead at most: a booking window is given in hours. */
export const MAX_HOURS_IN_ADVANCE = 8_760;

/** A slot as the rules see it, whether new or merged from a change. */
export interface SlotShape {
  kind: AppointmentSlotKind;
  weekday: number | null;
  date: string | null;
  start_time: string;
  end_time: string;
  min_hours_in_advance: number;
  max_hours_in_advance: number | null;
  required_fields: BookingFieldModes;
}

/**
 * The rules of a slot as a whole (docs/product.md#validation-rules), by field: a WEEK slot has a
 * weekday and no date, a SINGLE one a date and no weekday; it ends after it starts; the booking
 * window is not empty; mail or phone is required, so the practice can reach whoever booked.
 */
export function slotProblems(slot: SlotShape): Partial<Record<string, FieldErrorCode>> {
  const problems: Partial<Record<string, FieldErrorCode>> = {};
  if (slot.kind === 'WEEK') {
    if (slot.weekday === null) problems.weekday = 'REQUIRED';
    if (slot.date !== null) problems.date = 'INVALID_VALUE';
  } else {
    if (slot.date === null) problems.date = 'REQUIRED';
    if (slot.weekday !== null) problems.weekday = 'INVALID_VALUE';
  }
  // Only two well-formed times compare ('HH:MM' sorts as text); a malformed one has its own issue.
  const wellFormed = LocalTimeString.safeParse(slot.start_time).success && LocalTimeString.safeParse(slot.end_time).success;
  if (wellFormed && slot.end_time <= slot.start_time) problems.end_time = 'END_NOT_AFTER_START';
  if (slot.max_hours_in_advance !== null && slot.max_hours_in_advance <= slot.min_hours_in_advance) problems.max_hours_in_advance = 'INVALID_VALUE';
  if (slot.required_fields.mail !== 'REQUIRED' && slot.required_fields.phone !== 'REQUIRED') problems.required_fields = 'MAIL_OR_PHONE_REQUIRED';
  return problems;
}

const slotFields = {
  kind: AppointmentSlotKind,
  weekday: z.number().int().min(1, 'MIN_VALUE').max(7, 'MAX_VALUE').nullable(),
  date: z.string().refine(isCalendarDate, 'INVALID_DATE').nullable(),
  start_time: LocalTimeString,
  end_time: LocalTimeString,
  processor_id: z.string().trim().min(1).max(64),
  /** Empty: every appointment type of the location. */
  appointment_type_ids: z.array(z.string().max(64)).max(50),
  min_hours_in_advance: z.number().int().min(0, 'MIN_VALUE').max(MAX_HOURS_IN_ADVANCE, 'MAX_VALUE'),
  max_hours_in_advance: z.number().int().min(1, 'MIN_VALUE').max(MAX_HOURS_IN_ADVANCE, 'MAX_VALUE').nullable(),
  required_fields: BookingFieldModes.partial(),
};

/** `POST /appointment-slots` (admins): in a location, for a processor. */
export const CreateAppointmentSlotInput = z
  .strictObject({
    profile_id: z.string().trim().min(1).max(64),
    kind: slotFields.kind,
    weekday: slotFields.weekday.optional(),
    date: slotFields.date.optional(),
    start_time: slotFields.start_time,
    end_time: slotFields.end_time,
    processor_id: slotFields.processor_id,
    appointment_type_ids: slotFields.appointment_type_ids.optional(),
    min_hours_in_advance: slotFields.min_hours_in_advance.optional(),
    max_hours_in_advance: slotFields.max_hours_in_advance.optional(),
    required_fields: slotFields.required_fields.optional(),
  })
  .superRefine((input, ctx) => {
    const problems = slotProblems(slotOfCreate(input));
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type CreateAppointmentSlotInput = z.infer<typeof CreateAppointmentSlotInput>;

/** The slot a create input describes, with the defaults filled in. */
export function slotOfCreate(input: Omit<CreateAppointmentSlotInput, 'profile_id' | 'processor_id'>): SlotShape {
  return {
    kind: input.kind,
    weekday: input.weekday ?? null,
    date: input.date ?? null,
    start_time: input.start_time,
    end_time: input.end_time,
    min_hours_in_advance: input.min_hours_in_advance ?? 0,
    max_hours_in_advance: input.max_hours_in_advance ?? null,
    required_fields: { ...DEFAULT_BOOKING_FIELD_MODES, ...input.required_fields },
  };
}

/** `PATCH /appointment-slots/{id}` (admins): what is sent changes; the merged slot is checked again. */
export const UpdateAppointmentSlotInput = z.strictObject({
  kind: slotFields.kind.optional(),
  weekday: slotFields.weekday.optional(),
  date: slotFields.date.optional(),
  start_time: slotFields.start_time.optional(),
  end_time: slotFields.end_time.optional(),
  processor_id: slotFields.processor_id.optional(),
  appointment_type_ids: slotFields.appointment_type_ids.optional(),
  min_hours_in_advance: slotFields.min_hours_in_advance.optional(),
  max_hours_in_advance: slotFields.max_hours_in_advance.optional(),
  required_fields: slotFields.required_fields.optional(),
});
export type UpdateAppointmentSlotInput = z.infer<typeof UpdateAppointmentSlotInput>;

/** A slot as staff read it. */
export const AppointmentSlot = z.object({
  id: z.uuid(),
  profile_id: z.uuid(),
  kind: AppointmentSlotKind,
  weekday: z.number().int().nullable(),
  date: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  processor_id: z.uuid(),
  appointment_type_ids: z.array(z.uuid()),
  min_hours_in_advance: z.number().int(),
  max_hours_in_advance: z.number().int().nullable(),
  required_fields: BookingFieldModes,
});
export type AppointmentSlot = z.infer<typeof AppointmentSlot>;

/** `GET /appointment-slots?profile_id=&processor_id=`: both optional filters. */
export const AppointmentSlotListQuery = z.object({
  profile_id: z.string().max(64).optional(),
  processor_id: z.string().max(64).optional(),
});
export type AppointmentSlotListQuery = z.infer<typeof AppointmentSlotListQuery>;
