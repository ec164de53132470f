import { formatZoned } from '@wartefrei/shared';
import type { FoundAppointment } from '../appointments/index.js';
import { scheduleId, slotId } from './fhir.ids.js';
import type { Bundle } from './fhir.schemas.js';
import type { LocationRow, PractitionerRow, ScheduleRow, ServiceRow } from './fhir.repo.js';

/*
 * Our rows as FHIR R4 resources (docs/api.md#fhir-r4 has the mapping table). Plain objects in
 * FHIR's JSON: the tests validate every kind with @medplum/core's validateResource.
 */

export type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

/** The code system of our appointment types (Schedule, Slot and Appointment `serviceType`): the code is the type's id. */
export const APPOINTMENT_TYPE_SYSTEM = 'urn:wartefrei:appointment-type';
/** The code system of our error codes in an OperationOutcome's `details` (packages/shared/src/errors.ts). */
export const ERROR_CODE_SYSTEM = 'urn:wartefrei:error-code';
/** The German statutory health insurance number (KVNR, 10 characters): the patient's insurance number. */
export const KVID_SYSTEM = 'http://fhir.de/sid/gkv/kvid-10';
/** FHIR's way to say an element is left out, and why (`masked`: the server cannot read it). */
export const DATA_ABSENT_REASON = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason';
const TIME_ZONE = 'http://hl7.org/fhir/StructureDefinition/timezone';
/** The id of the Patient contained in every Appointment, referenced from its participant as `#patient`. */
const PATIENT = 'patient';

const masked = () => ({ extension: [{ url: DATA_ABSENT_REASON, valueCode: 'masked' }] });

export function practitionerResource(row: PractitionerRow): Resource {
  return { resourceType: 'Practitioner', id: row.id, active: true, name: [{ text: row.name }] };
}

export function locationResource(row: LocationRow): Resource {
  const line = row.street1 ? [row.street1] : undefined;
  const address = {
    ...(line && { line }),
    ...(row.postcode && { postalCode: row.postcode }),
    ...(row.city && { city: row.city }),
    ...(row.addressCountry && { country: row.addressCountry }),
  };
  return {
    resourceType: 'Location',
    id: row.id,
    extension: [{ url: TIME_ZONE, valueCode: row.timeZone }],
    status: 'active',
    name: row.name,
    mode: 'instance',
    ...(Object.keys(address).length > 0 && { address }),
  };
}

export function healthcareServiceResource(row: ServiceRow): Resource {
  return {
    resourceType: 'HealthcareService',
    id: row.id,
    active: true,
    location: [{ reference: `Location/${row.profileId}` }],
    name: row.name,
    ...(row.phone && { telecom: [{ system: 'phone', value: row.phone }] }),
  };
}

const serviceType = (id: string, name: string) => [{ coding: [{ system: APPOINTMENT_TYPE_SYSTEM, code: id, display: name }] }];

export function scheduleResource(row: ScheduleRow): Resource {
  return {
    resourceType: 'Schedule',
    id: scheduleId(row),
    active: true,
    serviceType: serviceType(row.typeId, row.typeName),
    actor: [
      { reference: `Practitioner/${row.processorId}`, display: row.processorName },
      { reference: `Location/${row.profileId}`, display: row.profileName },
      { reference: `HealthcareService/${row.queueId}`, display: row.queueName },
    ],
    comment: `${row.typeName} (${row.durationMinutes} min) – ${row.processorName}`,
  };
}

/** A free time of a Schedule (the booking page's computation decides which are free). */
export function slotResource(schedule: ScheduleRow, start: Date, end: Date): Resource {
  return {
    resourceType: 'Slot',
    id: slotId({ ...schedule, start }),
    serviceType: serviceType(schedule.typeId, schedule.typeName),
    schedule: { reference: `Schedule/${scheduleId(schedule)}` },
    status: 'free',
    start: formatZoned(start, schedule.timeZone),
    end: formatZoned(end, schedule.timeZone),
  };
}

/** FHIR's appointment status of ours: a cancel wins; a checked-in one is arrived until its visit is over. */
export function fhirStatusOf(found: Pick<FoundAppointment, 'row' | 'visitOver'>): 'booked' | 'arrived' | 'fulfilled' | 'cancelled' | 'noshow' {
  const { row } = found;
  if (row.cancelState !== null) return 'cancelled';
  if (row.status === 'CHECKED_IN') return found.visitOver ? 'fulfilled' : 'arrived';
  if (row.status === 'FINISHED') return 'fulfilled';
  if (row.status === 'NO_SHOW') return 'noshow';
  return 'booked';
}

/**
 * The patient as a contained Patient. With encryption on, the names, birth date and insurance
 * number are sealed for the practice's browsers (docs/security.md#encryption): the server cannot
 * read them, so they are left out and the resource says so (data-absent-reason `masked`).
 */
function patientResource(row: FoundAppointment['row']): Resource {
  const sealed = row.sealedData !== null;
  const name = sealed
    ? [masked()]
    : row.lastName || row.firstName
      ? [{ ...(row.lastName && { family: row.lastName }), ...(row.firstName && { given: [row.firstName] }) }]
      : undefined;
  const identifier = sealed ? [{ system: KVID_SYSTEM, _value: masked() }] : row.insuranceNumber ? [{ system: KVID_SYSTEM, value: row.insuranceNumber }] : undefined;
  const telecom = [...(row.phone ? [{ system: 'phone', value: row.phone }] : []), ...(row.mail ? [{ system: 'email', value: row.mail }] : [])];
  return {
    resourceType: 'Patient',
    id: PATIENT,
    ...(identifier && { identifier }),
    ...(name && { name }),
    ...(telecom.length > 0 && { telecom }),
    ...(sealed ? { _birthDate: masked() } : row.birthDate ? { birthDate: row.birthDate } : {}),
  };
}

export function appointmentResource(found: FoundAppointment): Resource {
  const { row, timeZone } = found;
  const participant = [
    { actor: { reference: `#${PATIENT}` }, required: 'required', status: 'accepted' },
    ...(row.processorId ? [{ actor: { reference: `Practitioner/${row.processorId}`, display: found.processorName ?? undefined }, required: 'required', status: 'accepted' }] : []),
    { actor: { reference: `Location/${row.profileId}`, display: found.profileName }, required: 'required', status: 'accepted' },
    { actor: { reference: `HealthcareService/${row.queueId}`, display: found.queueName }, required: 'information-only', status: 'accepted' },
  ];
  return {
    resourceType: 'Appointment',
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    contained: [patientResource(row)],
    status: fhirStatusOf(found),
    serviceType: serviceType(row.appointmentTypeId, found.typeName),
    start: formatZoned(row.startAt, timeZone),
    end: formatZoned(row.endAt, timeZone),
    minutesDuration: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
    created: row.createdAt.toISOString(),
    ...(row.description && row.sealedData === null && { comment: row.description }),
    participant,
  };
}

/** A search's answer: the page of matches, how many match in all, and the links to this page and the next. */
export function searchBundle(base: string, path: string, query: URLSearchParams, total: number, offset: number, count: number, resources: Resource[]): Bundle {
  const page = (at: number) => {
    const params = new URLSearchParams(query);
    params.set('_count', String(count));
    params.set('_offset', String(at));
    return `${base}/${path}?${params.toString()}`;
  };
  const link = [{ relation: 'self', url: page(offset) }];
  if (offset + resources.length < total) link.push({ relation: 'next', url: page(offset + count) });
  if (offset > 0) link.push({ relation: 'previous', url: page(Math.max(0, offset - count)) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link,
    entry: resources.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}
