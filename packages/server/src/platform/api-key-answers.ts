import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Patients' names and contact data leave the server to an API key only with the scope
 * `patients:read` (docs/api.md#scopes). Without it, every JSON answer to the key
 * passes through here on its way out: in each patient record (an object that carries any of
 * PATIENT_RECORD_MARKERS) the fields of PERSONAL_FIELDS become null and free-text answers are
 * dropped. One filter behind every route, so a route added later cannot forget it; ids, times,
 * states and numbers stay, so the receiver can still act and fetch names with another key.
 */
export const PERSONAL_FIELDS = [
  'display_name',
  'first_name',
  'last_name',
  'birth_date',
  'mail',
  'phone',
  'insurance_number',
  'sealed_data',
  'sealed_for',
  'description',
  // The member analysis's patient name (`names=true`).
  'name',
] as const;

/**
 * What makes an object a patient's record (a ticket, an appointment, a report row): a list's
 * `name` or a location's `phone` elsewhere in the same answer are not a patient's and stay.
 */
const PATIENT_RECORD_MARKERS = ['first_name', 'last_name', 'display_name', 'birth_date', 'insurance_number', 'sealed_data', 'answers'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Free texts of the interview: `text` of an answer object; a report row's answers are "question: answer – free text" strings, dropped whole. */
function withoutFreeText(answers: Json): Json {
  if (!Array.isArray(answers)) return answers;
  return answers.filter((answer) => typeof answer !== 'string').map((answer) => (isRecord(answer) && 'text' in answer ? { ...answer, text: null } : answer));
}

/** The answer with every patient record's personal fields blanked (a new value; the input is not changed). */
export function withoutPatientData(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutPatientData);
  if (!isRecord(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [key, inner] of Object.entries(value)) out[key] = withoutPatientData(inner);
  if (PATIENT_RECORD_MARKERS.some((marker) => marker in value)) {
    for (const field of PERSONAL_FIELDS) if (field in out && out[field] !== null) out[field] = null;
    if ('answers' in out) out.answers = withoutFreeText(out.answers);
  }
  return out;
}

const DATA_ABSENT_REASON = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason';
const masked = (): Json => ({ extension: [{ url: DATA_ABSENT_REASON, valueCode: 'masked' }] });

/**
 * The same rule for FHIR (`/fhir/R4`): every Patient resource (contained
 * in an Appointment) keeps its id but its name, identifiers' values, telecom, birth date and
 * address are left out, saying so with data-absent-reason `masked`; an Appointment's `comment`
 * (the free-text description) goes.
 */
export function withoutFhirPatientData(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutFhirPatientData);
  if (!isRecord(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [key, inner] of Object.entries(value)) out[key] = withoutFhirPatientData(inner);
  if (value.resourceType === 'Patient') {
    for (const field of ['name', 'telecom', 'birthDate', '_birthDate', 'address', 'identifier']) delete out[field];
    const identifiers = Array.isArray(value.identifier) ? value.identifier : [];
    return {
      ...out,
      name: [masked()],
      ...(identifiers.length > 0 && {
        identifier: identifiers.map((identifier) => ({ ...(isRecord(identifier) && typeof identifier.system === 'string' && { system: identifier.system }), _value: masked() })),
      }),
      _birthDate: masked(),
    };
  }
  if (value.resourceType === 'Appointment') delete out.comment;
  return out;
}

const mayReadPatients = (req: FastifyRequest) => !req.actor?.apiKey || req.actor.apiKey.scopes.includes('patients:read');

/** Installs the filter on every route (app.ts). */
export function registerApiKeyAnswerFilter(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (mayReadPatients(req) || typeof payload !== 'string' || payload.length === 0) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const answer = JSON.parse(payload) as Json;
    // A FHIR answer is always one resource (a Bundle, an OperationOutcome, ...); ours never has a resourceType.
    const fhir = isRecord(answer) && typeof answer.resourceType === 'string';
    return JSON.stringify(fhir ? withoutFhirPatientData(answer) : withoutPatientData(answer));
  });
}
