import { z } from 'zod';

/*
 * What the FHIR routes take and give, for validation at the edge and the OpenAPI document. The
 * resources themselves are FHIR's (https://hl7.org/fhir/R4/), not our contract: the schemas
 * name their type and keep every element (loose objects), and the resources are checked
 * against FHIR's own definitions in the tests (@medplum/core's validateResource).
 */

/** A search parameter: once, or repeated (`start=ge…&start=lt…`). */
const Param = z.union([z.string().max(500), z.array(z.string().max(500)).max(20)]).optional();

const params = (names: readonly string[]) => Object.fromEntries([...names, '_format', '_count', '_offset'].map((name) => [name, Param]));

/** A search's query: its own parameters, `_count`/`_offset` for paging; other parameters pass (lenient) unless `Prefer: handling=strict`. */
export const searchQuery = (names: readonly string[]) => z.looseObject(params(names));

/** A read's query: only `_format`. */
export const ReadQuery = z.looseObject(params([]));

/** `{id}` of a FHIR resource: what a FHIR id may be, else nothing of ours (404). */
export const FhirIdParams = z.object({ id: z.string() });

export const FhirResource = z.looseObject({ resourceType: z.string(), id: z.string().optional() }).describe('A FHIR R4 resource (application/fhir+json)');

export const FhirBundle = z
  .looseObject({
    resourceType: z.literal('Bundle'),
    type: z.literal('searchset'),
    total: z.number().int(),
    link: z.array(z.looseObject({ relation: z.string(), url: z.string() })),
  })
  .describe('A FHIR R4 searchset Bundle with the links self, next and previous');

export type Bundle = z.infer<typeof FhirBundle>;

export const OperationOutcome = z.looseObject({ resourceType: z.literal('OperationOutcome'), issue: z.array(z.looseObject({ severity: z.string(), code: z.string() })) });

/** `POST /fhir/R4/Appointment`, `PUT /fhir/R4/Appointment/{id}`: an Appointment resource. */
export const AppointmentBody = z.looseObject({ resourceType: z.string() }).describe('A FHIR R4 Appointment');

/** `PATCH /fhir/R4/Appointment/{id}`: a JSON Patch (RFC 6902) replacing `/status`. */
export const StatusPatch = z.array(z.looseObject({ op: z.string(), path: z.string(), value: z.unknown().optional() })).max(20);
