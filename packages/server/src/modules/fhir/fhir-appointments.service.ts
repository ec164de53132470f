import type { Actor } from '../../platform/auth.js';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { bookAppointment, cancelByStaff, findVisibleAppointmentDetails, searchVisibleAppointments, type AppointmentState, type StartLimit } from '../appointments/index.js';
import { bookingOfAppointment, statusOfUpdate } from './fhir.booking.js';
import { limitsOf, pagingOf, parseDateBound, valuesOf, type ParamValue } from './fhir.params.js';
import { listSchedules } from './fhir.repo.js';
import { appointmentResource, fhirStatusOf, type Resource } from './fhir.resources.js';
import type { Page } from './fhir.service.js';

/*
 * Appointments through FHIR: searched and read within the lists the caller sees, booked
 * through the booking page's own service (the caller as the booking's actor), cancelled
 * through the staff cancel. Nothing here decides who gets a time: the booking service and the
 * database's no-overlap rule do.
 */

type Query = Record<string, ParamValue>;

export const APPOINTMENT_PARAMS = ['date', 'status', 'actor', 'practitioner', 'location'] as const;

/** FHIR's appointment statuses and ours; the ones we never give (proposed, pending, …) match nothing. */
const STATES: Record<string, AppointmentState | null> = {
  booked: 'booked',
  arrived: 'arrived',
  fulfilled: 'finished',
  cancelled: 'cancelled',
  noshow: 'no_show',
  proposed: null,
  pending: null,
  'checked-in': null,
  waitlist: null,
  'entered-in-error': null,
};

/** The one id of a kind of reference among `actor`, `practitioner` and `location`; an id that is not ours matches nothing. */
function referencedOf(query: Query, resourceType: 'Practitioner' | 'Location' | 'HealthcareService'): string | null | undefined {
  const own = resourceType === 'Practitioner' ? query.practitioner : resourceType === 'Location' ? query.location : undefined;
  const refs = [...valuesOf(query.actor, true), ...valuesOf(own, true).map((ref) => (ref.includes('/') ? ref : `${resourceType}/${ref}`))];
  const ids = [...new Set(refs.filter((ref) => ref.startsWith(`${resourceType}/`)).map((ref) => ref.slice(resourceType.length + 1)))];
  if (ids.length > 1) throw new AppError('VALIDATION', { fields: { actor: 'INVALID_VALUE' } });
  if (ids.length === 0) return undefined;
  return isUuid(ids[0]!) ? ids[0] : null;
}

/** `GET /fhir/R4/Appointment?date=…&status=…&actor=…&_count=…`: a page by start. */
export async function searchAppointments(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  const paging = pagingOf(query);
  const starts: StartLimit[] = valuesOf(query.date).map((value) => {
    const bound = parseDateBound(value, 'date');
    return { kind: bound.kind, ...limitsOf(bound) };
  });
  const statusCodes = valuesOf(query.status, true);
  if (statusCodes.some((code) => !(code in STATES))) throw new AppError('VALIDATION', { fields: { status: 'INVALID_VALUE' } });
  const states = statusCodes.length > 0 ? statusCodes.flatMap((code) => (STATES[code] ? [STATES[code]] : [])) : undefined;
  const refs = valuesOf(query.actor, true);
  if (refs.some((ref) => !/^(Practitioner|Location|HealthcareService)\/[^/]+$/.test(ref))) throw new AppError('VALIDATION', { fields: { actor: 'INVALID_VALUE' } });
  const processorId = referencedOf(query, 'Practitioner');
  const profileId = referencedOf(query, 'Location');
  const queueId = referencedOf(query, 'HealthcareService');
  if (processorId === null || profileId === null || queueId === null) return { total: 0, offset: paging.offset, count: paging.count, resources: [] };
  const { total, rows } = await searchVisibleAppointments(ctx.db, actor, { starts, states, processorId, profileId, queueId, offset: paging.offset, limit: paging.count });
  return { total, offset: paging.offset, count: paging.count, resources: rows.map(appointmentResource) };
}

export async function readAppointment(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const found = isUuid(id) ? await findVisibleAppointmentDetails(ctx.db, actor, id) : undefined;
  if (!found) throw new AppError('NOT_FOUND');
  return appointmentResource(found);
}

/**
 * `POST /fhir/R4/Appointment`: booked exactly as `POST /appointments` by the caller would book it
 * (the type's required fields, the processor's list, the no-overlap rule: a taken time is 409).
 */
export async function createAppointment(ctx: AppContext, limiter: RateLimiter, actor: Actor, ip: string, posted: unknown): Promise<Resource> {
  const { body, end } = bookingOfAppointment(posted);
  if (end !== undefined) {
    // The type decides the length; an end that says otherwise is refused rather than ignored.
    const [schedule] = isUuid(body.appointment_type_id) ? await listSchedules(ctx.db, actor, { typeId: body.appointment_type_id }) : [];
    if (schedule && Date.parse(end) !== Date.parse(body.start) + schedule.durationMinutes * 60_000) throw new AppError('VALIDATION', { fields: { end: 'INVALID_VALUE' } });
  }
  const booked = await bookAppointment(ctx, limiter, body, { actor, ip });
  return readAppointment(ctx, actor, booked.id);
}

/**
 * `PUT`/`PATCH /fhir/R4/Appointment/{id}`: the status `cancelled` cancels through the staff
 * cancel (again: nothing changes); the status it has already changes nothing; any other is a 400.
 */
export async function updateAppointmentStatus(ctx: AppContext, actor: Actor, id: string, update: unknown, kind: 'put' | 'patch'): Promise<Resource> {
  const current = isUuid(id) ? await findVisibleAppointmentDetails(ctx.db, actor, id) : undefined;
  if (!current) throw new AppError('NOT_FOUND');
  const status = statusOfUpdate(update, id, kind);
  if (status === fhirStatusOf(current)) return appointmentResource(current);
  if (status !== 'cancelled') throw new AppError('VALIDATION', { fields: { status: 'INVALID_VALUE' } });
  await cancelByStaff(ctx, actor, id, undefined);
  return readAppointment(ctx, actor, id);
}
