import { APPOINTMENT_PARAMS } from './fhir-appointments.service.js';
import { LOCATION_PARAMS, PRACTITIONER_PARAMS, SCHEDULE_PARAMS, SERVICE_PARAMS, SLOT_PARAMS } from './fhir.service.js';
import type { Resource } from './fhir.resources.js';

/*
 * `GET /fhir/R4/metadata`: exactly what the interface supports — the resources, their
 * interactions and search parameters (built from the same lists the routes check a strict
 * search against), JSON only.
 */

const PARAM_TYPES: Record<string, string> = {
  _id: 'token',
  actor: 'reference',
  practitioner: 'reference',
  location: 'reference',
  schedule: 'reference',
  'service-type': 'token',
  active: 'token',
  status: 'token',
  date: 'date',
  start: 'date',
};

const read = { code: 'read' };
const search = { code: 'search-type' };

function resource(type: string, params: readonly string[], interactions: { code: string }[]) {
  return {
    type,
    interaction: interactions,
    ...(type === 'Appointment' && { updateCreate: false, conditionalCreate: false, conditionalUpdate: false, conditionalDelete: 'not-supported' }),
    searchParam: params.map((name) => ({ name, type: PARAM_TYPES[name] ?? 'string' })),
  };
}

/** The CapabilityStatement of this server at `base` (`{PUBLIC_URL}/fhir/R4`). */
export function capabilityStatement(base: string, date: string): Resource {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'wartefrei',
    kind: 'instance',
    software: { name: 'wartefrei' },
    implementation: { description: 'wartefrei FHIR R4 scheduling interface', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    rest: [
      {
        mode: 'server',
        security: { description: 'HTTP Basic with a staff user id and token, or an API key with the scope fhir (Authorization: Bearer wf_…).' },
        resource: [
          resource('Appointment', APPOINTMENT_PARAMS, [read, search, { code: 'create' }, { code: 'update' }, { code: 'patch' }]),
          resource('Slot', SLOT_PARAMS, [search]),
          resource('Schedule', SCHEDULE_PARAMS, [read, search]),
          resource('Practitioner', PRACTITIONER_PARAMS, [read, search]),
          resource('Location', LOCATION_PARAMS, [read, search]),
          resource('HealthcareService', SERVICE_PARAMS, [read, search]),
        ],
      },
    ],
  };
}
