import { ZonedInstant, type BookAppointmentBody } from '@wartefrei/shared';
import { isUuid } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { parseSlotId, referencedId } from './fhir.ids.js';
import { APPOINTMENT_TYPE_SYSTEM, KVID_SYSTEM } from './fhir.resources.js';

/*
 * A posted Appointment (`POST /fhir/R4/Appointment`) read into the booking page's own body
 * (BookAppointmentBody), so that the booking service judges it as it judges every booking:
 * the time by the `slot` (its Schedule names the type and processor) or by `start` with a
 * `serviceType` of ours; the processor a participant `Practitioner/{id}`; the patient a
 * contained Patient referenced from a participant. The patient's values are passed on as sent:
 * their formats and which are required are the booking service's to decide.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const invalid = (field: string, code: 'INVALID_VALUE' | 'REQUIRED' | 'NOT_FOUND' = 'INVALID_VALUE') => new AppError('VALIDATION', { fields: { [field]: code } });

/** The contained Patient a participant refers to (`#id`), or undefined when there is none. */
function patientOf(appointment: Json): Json | undefined {
  const contained = list(appointment.contained).filter(isObject);
  for (const participant of list(appointment.participant).filter(isObject)) {
    const reference = isObject(participant.actor) ? participant.actor.reference : undefined;
    if (typeof reference !== 'string' || !reference.startsWith('#')) continue;
    const patient = contained.find((resource) => resource.id === reference.slice(1));
    if (!patient || patient.resourceType !== 'Patient') throw invalid('participant');
    return patient;
  }
  return undefined;
}

/** The practitioner a participant names (`Practitioner/{id}`), if any. */
function practitionerOf(appointment: Json): string | undefined {
  for (const participant of list(appointment.participant).filter(isObject)) {
    const reference = isObject(participant.actor) ? participant.actor.reference : undefined;
    if (typeof reference === 'string' && /(^|\/)Practitioner\//.test(reference))
      return referencedId(reference.slice(reference.lastIndexOf('Practitioner/')), 'Practitioner') ?? reference;
  }
  return undefined;
}

/** The patient's data by the booking's field names; values as sent (the booking service checks them). */
function patientFields(patient: Json | undefined): Partial<Record<string, unknown>> {
  if (!patient) return {};
  const names = list(patient.name).filter(isObject);
  const name = names.find((n) => n.use === 'official') ?? names[0];
  const given = name ? list(name.given) : [];
  const telecom = list(patient.telecom).filter(isObject);
  const contact = (system: string) => telecom.find((t) => t.system === system)?.value;
  const insurance = list(patient.identifier)
    .filter(isObject)
    .find((i) => i.system === KVID_SYSTEM)?.value;
  const fields: Record<string, unknown> = {
    last_name: name?.family,
    first_name: given.length > 0 ? (given.every((g) => typeof g === 'string') ? given.join(' ') : given[0]) : undefined,
    birth_date: patient.birthDate,
    phone: contact('phone'),
    mail: contact('email'),
    insurance_number: insurance,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The appointment type of a `serviceType` coding of ours. */
function typeOf(appointment: Json): string | undefined {
  for (const concept of list(appointment.serviceType).filter(isObject)) {
    const coding = list(concept.coding)
      .filter(isObject)
      .find((c) => c.system === APPOINTMENT_TYPE_SYSTEM && typeof c.code === 'string');
    if (coding) return coding.code as string;
  }
  return undefined;
}

/** A booking as the booking service takes it, and the end the client asked for (checked against the type's length). */
export interface PostedBooking {
  body: BookAppointmentBody;
  end?: string | undefined;
}

/** Reads a posted Appointment; what cannot be read is a 400 naming the element. */
export function bookingOfAppointment(appointment: unknown): PostedBooking {
  if (!isObject(appointment) || appointment.resourceType !== 'Appointment') throw invalid('resourceType');
  if (appointment.status !== undefined && appointment.status !== 'booked') throw invalid('status');
  const slots = list(appointment.slot);
  if (appointment.slot !== undefined && (slots.length !== 1 || !isObject(slots[0]) || typeof slots[0].reference !== 'string')) throw invalid('slot');
  const slotRef = slots.length === 1 ? ((slots[0] as Json).reference as string) : undefined;
  const slotIdText = slotRef === undefined ? undefined : referencedId(slotRef.slice(Math.max(0, slotRef.lastIndexOf('Slot/'))), 'Slot');
  const slot = slotRef === undefined ? undefined : slotIdText ? parseSlotId(slotIdText) : undefined;
  if (slotRef !== undefined && !slot) throw invalid('slot', 'NOT_FOUND');
  const practitioner = practitionerOf(appointment);
  if (slot && practitioner !== undefined && practitioner !== slot.processorId) throw invalid('processor_id');
  const typeId = slot?.typeId ?? typeOf(appointment);
  if (!typeId) throw invalid('appointment_type_id', 'REQUIRED');
  if (slot && typeOf(appointment) !== undefined && typeOf(appointment) !== slot.typeId) throw invalid('appointment_type_id');
  const start = appointment.start;
  if (start !== undefined && !(typeof start === 'string' && ZonedInstant.safeParse(start).success)) throw invalid('start');
  if (slot && start !== undefined && Date.parse(start) !== slot.start.getTime()) throw invalid('start');
  if (!slot && start === undefined) throw invalid('start', 'REQUIRED');
  const end = appointment.end;
  if (end !== undefined && !(typeof end === 'string' && ZonedInstant.safeParse(end).success)) throw invalid('end');
  const comment = appointment.comment;
  if (comment !== undefined && (typeof comment !== 'string' || comment.trim().length > 1000)) throw invalid('description');
  if (practitioner !== undefined && !isUuid(practitioner)) throw invalid('processor_id', 'NOT_FOUND');
  const body: BookAppointmentBody = {
    appointment_type_id: typeId,
    start: slot ? slot.start.toISOString() : (start as string),
    ...((slot?.processorId ?? practitioner) !== undefined && { processor_id: slot?.processorId ?? practitioner }),
    ...patientFields(patientOf(appointment)),
    ...(typeof comment === 'string' && comment.trim() !== '' && { description: comment.trim() }),
  };
  return { body, end: end };
}

/** The status a PUT or JSON Patch asks for; anything else it would change is not supported here (400). */
export function statusOfUpdate(body: unknown, id: string, kind: 'put' | 'patch'): string {
  if (kind === 'put') {
    if (!isObject(body) || body.resourceType !== 'Appointment') throw invalid('resourceType');
    if (body.id !== id) throw invalid('id');
    if (typeof body.status !== 'string') throw invalid('status', 'REQUIRED');
    return body.status;
  }
  const operations = Array.isArray(body) ? body : [];
  const change = operations.filter(isObject).filter((op) => op.op !== 'test');
  if (operations.length === 0 || change.length !== 1) throw invalid('status');
  const [op] = change as [Json];
  if ((op.op !== 'replace' && op.op !== 'add') || op.path !== '/status' || typeof op.value !== 'string') throw invalid('status');
  return op.value;
}
