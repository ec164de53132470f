import type { FastifyReply, FastifyRequest } from 'fastify';
import { presentError, toAppError, type AppError } from '../../platform/errors.js';
import { requestLang } from '../../platform/i18n.js';
import { ERROR_CODE_SYSTEM, type Resource } from './fhir.resources.js';

/*
 * Every error under /fhir/R4 is an OperationOutcome (https://hl7.org/fhir/R4/operationoutcome.html):
 * the status and message are ours (a stable code in `details.coding`, the message in the
 * caller's language), each field problem an issue of its own pointing at the FHIR element.
 */

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** FHIR's issue type for our statuses. */
function issueType(status: number): string {
  if (status === 401) return 'login';
  if (status === 440) return 'expired';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 415) return 'not-supported';
  if (status === 422) return 'business-rule';
  if (status === 429) return 'throttled';
  if (status === 503) return 'transient';
  if (status >= 500) return 'exception';
  return 'invalid';
}

/**
 * Where a field of the booking service lives in the posted Appointment (the FHIRPath of the
 * element the client sent, or should have sent).
 */
const FIELD_PATHS: Record<string, string> = {
  first_name: 'Patient.name.given',
  last_name: 'Patient.name.family',
  birth_date: 'Patient.birthDate',
  mail: "Patient.telecom.where(system='email')",
  phone: "Patient.telecom.where(system='phone')",
  insurance_number: 'Patient.identifier',
  sealed_data: 'Patient',
  record_id: 'Patient',
  start: 'Appointment.start',
  end: 'Appointment.end',
  processor_id: "Appointment.participant.actor.where(reference.startsWith('Practitioner/'))",
  appointment_type_id: 'Appointment.serviceType',
  description: 'Appointment.comment',
  slot: 'Appointment.slot',
  participant: 'Appointment.participant',
  status: 'Appointment.status',
  resourceType: 'Appointment.resourceType',
  id: 'Appointment.id',
};

/** An OperationOutcome for an error of ours, in the caller's language. */
export function operationOutcome(error: AppError, req: FastifyRequest): Resource {
  const body = presentError(error, requestLang(req));
  const code = issueType(error.statusCode);
  const details = { coding: [{ system: ERROR_CODE_SYSTEM, code: body.code }], text: body.message };
  const fields = Object.entries(body.fields ?? {});
  const issue =
    fields.length === 0
      ? [{ severity: 'error', code, details }]
      : fields.map(([field, problem]) => ({
          severity: 'error',
          code: problem.code === 'REQUIRED' ? 'required' : problem.code === 'UNKNOWN_FIELD' ? 'not-supported' : code,
          details: { coding: [{ system: ERROR_CODE_SYSTEM, code: body.code }], text: problem.message },
          diagnostics: body.message,
          expression: [FIELD_PATHS[field] ?? field],
        }));
  return { resourceType: 'OperationOutcome', issue };
}

/** The FHIR interface's error handler: whatever went wrong, an OperationOutcome with our status. */
export function handleFhirError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error, req);
  void reply
    .headers(appError.options.headers ?? {})
    .code(appError.statusCode)
    .type(FHIR_JSON);
  return reply.send(JSON.stringify(operationOutcome(appError, req)));
}
