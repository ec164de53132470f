import { z } from 'zod';
import { DRAW_ORIGINS } from '../enums.js';
import type { FieldErrorCode } from '../errors.js';
import { SUPPORTED_LANGS } from '../i18n/translate.js';
import type { PatientInputs } from '../queues/queue-settings.js';
import { birthDateAgeProblem, birthDateProblem, isValidPhone, normalizePhone, PATIENT_DATA_FIELDS, PATIENT_INPUT_OF, type PatientDataField } from './patient-data.js';
import { svnrProblem } from './svnr.js';
import { PROBING_ANSWER_TEXT_MAX_LENGTH, PROBING_MAX_QUESTIONS, type ProbingAnswer } from '../probing/probing.rules.js';
import { SEALED_PATIENT_FIELDS, SealedRecordId, SealedText } from '../privacy/encryption.schemas.js';

/** How a ticket was drawn: online by the patient, at the kiosk, or by a processor (docs/product.md#entities). */
export const DrawOrigin = z.enum(DRAW_ORIGINS);
export type DrawOrigin = z.infer<typeof DrawOrigin>;

/** Limits of the stored patient data (the database constraints mirror them). */
export const PATIENT_DATA_MAX_LENGTH: Record<PatientDataField, number> = {
  display_name: 100,
  first_name: 100,
  last_name: 100,
  birth_date: 10,
  insurance_number: 10,
  mail: 254,
  phone: 40,
};

/** zod's standard e-mail pattern (docs/product.md#validation-rules: 'standard pattern'). */
const email = z.email();
const name = (max: number) => z.string().trim().max(max);

/**
 * One patient data field, trimmed, with its format rule; empty means "not given". Insurance
 * numbers and phone numbers lose their spaces before the check and are kept without them.
 * Tickets and appointment bookings both check their patient data with these.
 */
export const PATIENT_FIELD_FORMATS = {
  display_name: name(PATIENT_DATA_MAX_LENGTH.display_name),
  first_name: name(PATIENT_DATA_MAX_LENGTH.first_name),
  last_name: name(PATIENT_DATA_MAX_LENGTH.last_name),
  birth_date: z
    .string()
    .trim()
    .refine((v) => v === '' || birthDateProblem(v) === undefined, 'INVALID_DATE'),
  insurance_number: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .superRefine((v, ctx) => {
      const problem = v === '' ? undefined : svnrProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  mail: z
    .string()
    .trim()
    .max(PATIENT_DATA_MAX_LENGTH.mail)
    .refine((v) => v === '' || email.safeParse(v).success, 'INVALID_EMAIL'),
  phone: z
    .string()
    .transform(normalizePhone)
    .refine((v) => v.length <= PATIENT_DATA_MAX_LENGTH.phone, 'MAX_LENGTH')
    .refine((v) => v === '' || isValidPhone(v), 'INVALID_PHONE'),
} satisfies Record<PatientDataField, z.ZodType<string, string>>;

/**
 * One step of the patient's probing interview, sent with the draw (`answers`). Here rather than
 * beside the questionnaire's schemas: the draw page needs this one only (bench/ weighs it).
 */
export const ProbingAnswerInput = z.strictObject({
  question_id: z.uuid(),
  option_id: z.uuid(),
  text: z.string().trim().max(PROBING_ANSWER_TEXT_MAX_LENGTH).optional(),
});

const drawMeta = {
  origin: DrawOrigin,
  /** A silent manual draw: no public announcement; only a processor (MANUAL) may ask for it. */
  silent: z.boolean().optional(),
  /** The language the patient chose; notifications about the ticket use it. */
  lang: z.enum(SUPPORTED_LANGS).optional(),
  /** The probing interview's path, first question first; the server walks it again. */
  answers: z.array(ProbingAnswerInput).max(PROBING_MAX_QUESTIONS).optional(),
};

/**
 * `POST /queues/{id}/members` as the route sees it before the queue is known: only `origin` is
 * checked (it decides who may draw). Every other field is judged by drawTicketInput with the
 * queue's patient inputs, so a client gets all its field errors in one answer — a format
 * problem, a missing required field and a field the queue does not ask for alike.
 */
export const DrawTicketBody = z.looseObject({
  origin: DrawOrigin,
  silent: z.unknown().optional(),
  lang: z.unknown().optional(),
  answers: z.unknown().optional(),
  /** With encryption on: the sealed fields (SEALED_PATIENT_FIELDS, free-text answers), sealed in the browser. */
  sealed_data: z.unknown().optional(),
  /** With `sealed_data` only: the id the sealing browser chose for the ticket, bound into the sealed text (docs/security.md#encryption). */
  record_id: z.unknown().optional(),
  /** With encryption on and an age limit: the age in completed years the page computed from the sealed birth date. */
  declared_age: z.unknown().optional(),
  ...Object.fromEntries(PATIENT_DATA_FIELDS.map((f) => [f, z.unknown().optional()])),
});
export type DrawTicketBody = z.input<typeof DrawTicketBody>;

/** A validated draw: every patient data field present, null when not asked or left empty. */
export type DrawTicketInput = {
  origin: DrawOrigin;
  silent: boolean;
  lang?: (typeof SUPPORTED_LANGS)[number];
  answers?: ProbingAnswer[];
  sealed_data: string | null;
  /** The id the sealing browser chose (with sealed data only). */
  record_id?: string;
} & Record<PatientDataField, string | null>;

/** Checks that need the queue and today's date, beyond the queue's patient inputs. */
export interface DrawTicketContext {
  /** Today as YYYY-MM-DD in the queue's time zone: birth dates after it are refused. */
  today?: string;
  minAge?: number | null;
  maxAge?: number | null;
  /**
   * The account seals patient data (docs/security.md#encryption): the sealed fields and free-text
   * answers come only inside `sealed_data`, and their required checks and age limits are the
   * browser's, as the server cannot read them. A clear one, or sealed data while off, is
   * ENCRYPTION_CHANGED: the page was opened before the practice switched.
   */
  sealed?: boolean;
}

/**
 * The patient inputs a draw is judged by: a list with an age limit asks for the birth date as
 * required, whatever an older configuration says (a limit without the date could not work).
 */
export function withAgeLimit(patientInputs: PatientInputs, minAge: number | null | undefined, maxAge: number | null | undefined): PatientInputs {
  const limited = typeof minAge === 'number' || typeof maxAge === 'number';
  return limited && patientInputs.birth_date !== 'REQUIRED' ? { ...patientInputs, birth_date: 'REQUIRED' } : patientInputs;
}

/** An age in completed years as a page declares it. */
const DeclaredAge = z
  .number({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID_VALUE') })
  .int('INVALID_VALUE')
  .min(0, 'INVALID_VALUE')
  .max(150, 'INVALID_VALUE');

const isSealedField = (field: string) => (SEALED_PATIENT_FIELDS as readonly string[]).includes(field);
const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The body schema of a draw for one queue: a field the queue does not ask for (NONE) is dropped
 * whatever it holds — never checked, never stored — so a form opened before the list stopped
 * asking still draws; a key that is no patient field at all is UNKNOWN_FIELD. A REQUIRED field
 * must be present and non-empty (REQUIRED), an OPTIONAL one may be absent, null or empty. With `today` the birth date must not lie in the future and must fit the
 * queue's age limits (TOO_YOUNG, TOO_OLD); a list with an age limit requires the birth date
 * (withAgeLimit). With encryption on the birth date is sealed, so the page declares the age it
 * computed (`declared_age`, required then) and the server holds it to the limits: it never
 * reads the date, and keeps nothing of the age (docs/security.md#encryption). Outputs a DrawTicketInput.
 */
export function drawTicketInput(configured: PatientInputs, context: DrawTicketContext = {}) {
  const patientInputs = withAgeLimit(configured, context.minAge, context.maxAge);
  const limited = typeof context.minAge === 'number' || typeof context.maxAge === 'number';
  const shape: Record<string, z.ZodType> = { ...drawMeta };
  for (const field of PATIENT_DATA_FIELDS) {
    const mode = patientInputs[PATIENT_INPUT_OF[field]];
    if (mode === 'NONE') {
      shape[field] = z.unknown().optional();
      continue;
    }
    if (context.sealed && isSealedField(field)) {
      shape[field] = z.unknown().refine(absent, 'ENCRYPTION_CHANGED').optional();
      continue;
    }
    const format = PATIENT_FIELD_FORMATS[field];
    shape[field] =
      mode === 'REQUIRED'
        ? // Whitespace only counts as empty: checked after trimming.
          format.refine((v) => v !== '', { message: 'REQUIRED', abort: true })
        : format.nullable().optional();
  }
  if (context.sealed) {
    // A required sealed field makes the sealed data required: what is inside is the browser's check.
    const sealedRequired = SEALED_PATIENT_FIELDS.some((field) => patientInputs[PATIENT_INPUT_OF[field]] === 'REQUIRED');
    shape.sealed_data = sealedRequired ? SealedText : SealedText.nullable().optional();
    shape.answers = drawMeta.answers.refine((answers) => !answers?.some((answer) => answer.text !== undefined), 'ENCRYPTION_CHANGED');
    shape.declared_age = limited ? DeclaredAge : z.unknown().optional();
    shape.record_id = SealedRecordId.optional();
  } else {
    shape.record_id = z.unknown().refine(absent, 'ENCRYPTION_CHANGED').optional();
    shape.sealed_data = z.unknown().refine(absent, 'ENCRYPTION_CHANGED').optional();
    shape.declared_age = z.unknown().refine(absent, 'ENCRYPTION_CHANGED').optional();
  }
  return z
    .strictObject(shape)
    .superRefine((body, ctx) => {
      if (body.silent === true && body.origin !== 'MANUAL') {
        ctx.addIssue({ code: 'custom', path: ['silent'], message: 'INVALID_VALUE' });
      }
      if (body.record_id !== undefined && absent(body.sealed_data)) ctx.addIssue({ code: 'custom', path: ['record_id'], message: 'INVALID_VALUE' });
      const declared = body.declared_age;
      if (context.sealed && limited && typeof declared === 'number') {
        // Told where the patient sees it: at the birth date they typed (the page checked it before sealing).
        const problem =
          typeof context.minAge === 'number' && declared < context.minAge ? 'TOO_YOUNG' : typeof context.maxAge === 'number' && declared > context.maxAge ? 'TOO_OLD' : undefined;
        if (problem) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: problem });
      }
      const birthDate = body.birth_date;
      if (typeof birthDate !== 'string' || birthDate === '' || context.today === undefined) return;
      const problem = birthDateProblem(birthDate, context.today) ?? birthDateAgeProblem(birthDate, context.today, context.minAge, context.maxAge);
      if (problem) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: problem });
    })
    .transform((body): DrawTicketInput => {
      const data = Object.fromEntries(
        PATIENT_DATA_FIELDS.map((f) => {
          const value = patientInputs[PATIENT_INPUT_OF[f]] === 'NONE' || (context.sealed && isSealedField(f)) ? null : body[f];
          return [f, typeof value === 'string' && value !== '' ? value : null];
        }),
      ) as Record<PatientDataField, string | null>;
      const lang = body.lang as DrawTicketInput['lang'];
      const answers = body.answers as ProbingAnswer[] | undefined;
      return {
        origin: body.origin as DrawOrigin,
        silent: body.silent === true,
        ...(lang ? { lang } : {}),
        ...(answers ? { answers } : {}),
        sealed_data: typeof body.sealed_data === 'string' && body.sealed_data !== '' ? body.sealed_data : null,
        ...(typeof body.record_id === 'string' ? { record_id: body.record_id } : {}),
        ...data,
      };
    });
}

/** Validates a draw body for a queue: the input, or one field-error code per field (first problem wins). */
export function checkDrawTicket(
  patientInputs: PatientInputs,
  body: unknown,
  context: DrawTicketContext = {},
): { ok: true; value: DrawTicketInput } | { ok: false; fields: Record<string, FieldErrorCode> } {
  const result = drawTicketInput(patientInputs, context).safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, FieldErrorCode> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'UNKNOWN_FIELD';
      continue;
    }
    const field = issue.path.map(String).join('.') || 'body';
    fields[field] ??= (/^[A-Z_]+$/.test(issue.message) ? issue.message : 'INVALID_VALUE') as FieldErrorCode;
  }
  return { ok: false, fields };
}
