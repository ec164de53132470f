import { z } from 'zod';
import { isCalendarDate } from '../tickets/patient-data.js';
import { ZonedInstant } from './appointments.schemas.js';

/** A processor away (VACATION), or away with someone standing in (SUBSTITUTION). */
export const VACATION_TYPES = ['VACATION', 'SUBSTITUTION'] as const;
export const VacationType = z.enum(VACATION_TYPES);
export type VacationType = z.infer<typeof VacationType>;

const LocalDate = z.string().refine(isCalendarDate, 'INVALID_DATE');

/** The fields of a vacation, the same for create and change; the rules between them are vacationProblems'. */
const vacationFields = {
  type: VacationType,
  /** Whole days: local dates, both inclusive, in each location's zone; else instants with offset. */
  whole_days: z.boolean(),
  start: z.string(),
  end: z.string(),
  absent_processor_id: z.string().trim().min(1).max(64),
  substitute_processor_id: z.string().trim().min(1).max(64).nullable(),
  consider_existing_appointments: z.boolean(),
};

export interface VacationShape {
  type: VacationType;
  whole_days: boolean;
  start: string;
  end: string;
  absent_processor_id: string;
  substitute_processor_id: string | null;
}

/**
 * The rules of a vacation as a whole (docs/product.md#validation-rules), by field: whole days
 * are dates and the last is not before the first; otherwise instants and the end after the start
 * ('end must not be before or equal to start'); a substitution names someone else to stand in.
 */
export function vacationProblems(v: VacationShape): Record<string, 'INVALID_DATE' | 'END_NOT_AFTER_START' | 'REQUIRED' | 'INVALID_VALUE'> {
  const problems: Record<string, 'INVALID_DATE' | 'END_NOT_AFTER_START' | 'REQUIRED' | 'INVALID_VALUE'> = {};
  const format = v.whole_days ? LocalDate : ZonedInstant;
  const startOk = format.safeParse(v.start).success;
  const endOk = format.safeParse(v.end).success;
  if (!startOk) problems.start = 'INVALID_DATE';
  if (!endOk) problems.end = 'INVALID_DATE';
  if (startOk && endOk) {
    const wrongWay = v.whole_days ? v.end < v.start : Date.parse(v.end) <= Date.parse(v.start);
    if (wrongWay) problems.end = 'END_NOT_AFTER_START';
  }
  if (v.type === 'SUBSTITUTION' && !v.substitute_processor_id) problems.substitute_processor_id = 'REQUIRED';
  if (v.type === 'VACATION' && v.substitute_processor_id) problems.substitute_processor_id = 'INVALID_VALUE';
  if (v.substitute_processor_id && v.substitute_processor_id === v.absent_processor_id) problems.substitute_processor_id = 'INVALID_VALUE';
  return problems;
}

/** `POST /vacations` (admins). */
export const CreateVacationInput = z
  .strictObject({
    type: vacationFields.type,
    whole_days: vacationFields.whole_days.optional(),
    start: vacationFields.start,
    end: vacationFields.end,
    absent_processor_id: vacationFields.absent_processor_id,
    substitute_processor_id: vacationFields.substitute_processor_id.optional(),
    consider_existing_appointments: vacationFields.consider_existing_appointments.optional(),
  })
  .superRefine((input, ctx) => {
    const problems = vacationProblems({ ...input, whole_days: input.whole_days ?? false, substitute_processor_id: input.substitute_processor_id ?? null });
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type CreateVacationInput = z.infer<typeof CreateVacationInput>;

/** `PATCH /vacations/{id}` (admins): what is sent changes; the merged vacation is checked again. */
export const UpdateVacationInput = z.strictObject({
  type: vacationFields.type.optional(),
  whole_days: vacationFields.whole_days.optional(),
  start: vacationFields.start.optional(),
  end: vacationFields.end.optional(),
  absent_processor_id: vacationFields.absent_processor_id.optional(),
  substitute_processor_id: vacationFields.substitute_processor_id.optional(),
  consider_existing_appointments: vacationFields.consider_existing_appointments.optional(),
});
export type UpdateVacationInput = z.infer<typeof UpdateVacationInput>;

/** An appointment a vacation touches: handed to the substitute where they were free, else left for staff to handle. */
export const AffectedAppointment = z.object({
  appointment_id: z.uuid(),
  start: z.string(),
  end: z.string(),
  moved_to_substitute: z.boolean(),
});
export type AffectedAppointment = z.infer<typeof AffectedAppointment>;

/** A vacation as staff read it; after a save with `consider_existing_appointments`, the appointments it touches. */
export const Vacation = z.object({
  id: z.uuid(),
  type: VacationType,
  whole_days: z.boolean(),
  start: z.string(),
  end: z.string(),
  absent_processor_id: z.uuid(),
  substitute_processor_id: z.uuid().nullable(),
  consider_existing_appointments: z.boolean(),
  created_at: z.string(),
  affected_appointments: z.array(AffectedAppointment).optional(),
});
export type Vacation = z.infer<typeof Vacation>;

/** `GET /vacations?processor_id=`: absent or standing in. */
export const VacationListQuery = z.object({ processor_id: z.string().max(64).optional() });
export type VacationListQuery = z.infer<typeof VacationListQuery>;
