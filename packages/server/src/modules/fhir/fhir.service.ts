import { AVAILABILITY_MAX_DAYS, formatLocalDate, localDateOf, parseLocalDate, zonedTimeToUtc } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { availabilityOf } from '../appointments/index.js';
import { parseScheduleId, referencedId } from './fhir.ids.js';
import { limitsOf, pagingOf, parseDateBound, singleValue, valuesOf, type ParamValue } from './fhir.params.js';
import { listLocations, listPractitioners, listSchedules, listServices, type ScheduleRow } from './fhir.repo.js';
import { healthcareServiceResource, locationResource, practitionerResource, scheduleResource, slotResource, type Resource } from './fhir.resources.js';

/*
 * The practice's set-up as FHIR resources (Practitioner, Location, HealthcareService,
 * Schedule) and the free Slots of a Schedule. Every read is scoped to the caller's account and
 * the lists they see; an id that is malformed, unknown or another practice's is a 404 alike.
 */

/** A search's page of matches and their total, for the Bundle. */
export interface Page {
  total: number;
  offset: number;
  count: number;
  resources: Resource[];
}

type Query = Record<string, ParamValue>;

/** One page of a list computed whole (the set-up is small; slots are one Schedule's weeks). */
function pageOf(resources: Resource[], query: Query): Page {
  const { count, offset } = pagingOf(query);
  return { total: resources.length, offset, count, resources: resources.slice(offset, offset + count) };
}

function found<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const idOrNothing = (id: string) => (isUuid(id) ? id : undefined);

export const PRACTITIONER_PARAMS = ['_id'] as const;
export const LOCATION_PARAMS = ['_id'] as const;
export const SERVICE_PARAMS = ['_id', 'location'] as const;
export const SCHEDULE_PARAMS = ['_id', 'actor', 'service-type', 'active'] as const;
export const SLOT_PARAMS = ['schedule', 'start', 'status'] as const;

/** `_id` of a search: nothing matches an id that is not one of ours. */
function byId<T extends { id: string }>(rows: T[], query: Query): T[] {
  const ids = valuesOf(query._id, true);
  return ids.length === 0 ? rows : rows.filter((row) => ids.includes(row.id));
}

export async function searchPractitioners(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  return pageOf(byId(await listPractitioners(ctx.db, actor), query).map(practitionerResource), query);
}

export async function readPractitioner(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const uuid = idOrNothing(id);
  return practitionerResource(found(uuid ? await listPractitioners(ctx.db, actor, uuid) : []));
}

export async function searchLocations(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  return pageOf(byId(await listLocations(ctx.db, actor), query).map(locationResource), query);
}

export async function readLocation(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const uuid = idOrNothing(id);
  return locationResource(found(uuid ? await listLocations(ctx.db, actor, uuid) : []));
}

export async function searchServices(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  const locations = valuesOf(query.location, true).map((ref) => referencedId(ref, 'Location') ?? '');
  const rows = byId(await listServices(ctx.db, actor), query).filter((row) => locations.length === 0 || locations.includes(row.profileId));
  return pageOf(rows.map(healthcareServiceResource), query);
}

export async function readService(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const uuid = idOrNothing(id);
  return healthcareServiceResource(found(uuid ? await listServices(ctx.db, actor, uuid) : []));
}

/** Whether a Schedule matches every `actor` reference (Practitioner, Location or HealthcareService) and `service-type` asked. */
function scheduleMatches(row: ScheduleRow, query: Query): boolean {
  const actors = valuesOf(query.actor, true);
  const ofActor =
    actors.length === 0 ||
    actors.some((ref) =>
      [referencedId(ref, 'Practitioner') === row.processorId, referencedId(ref, 'Location') === row.profileId, referencedId(ref, 'HealthcareService') === row.queueId].some(
        Boolean,
      ),
    );
  // A token is `code` or `system|code`.
  const types = valuesOf(query['service-type'], true).map((token) => token.slice(token.indexOf('|') + 1));
  const active = singleValue(query.active, 'active');
  return ofActor && (types.length === 0 || types.includes(row.typeId)) && (active === undefined || active === 'true');
}

export async function searchSchedules(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  const ids = valuesOf(query._id, true);
  const rows = (await listSchedules(ctx.db, actor, {})).filter((row) => scheduleMatches(row, query));
  const resources = rows.map(scheduleResource).filter((resource) => ids.length === 0 || ids.includes(resource.id ?? ''));
  return pageOf(resources, query);
}

async function scheduleOf(ctx: AppContext, actor: Actor, id: string): Promise<ScheduleRow | undefined> {
  const key = parseScheduleId(id);
  if (!key) return undefined;
  const [row] = await listSchedules(ctx.db, actor, { typeId: key.typeId, processorId: key.processorId });
  return row;
}

export async function readSchedule(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const row = await scheduleOf(ctx, actor, id);
  if (!row) throw new AppError('NOT_FOUND');
  return scheduleResource(row);
}

const SLOT_STATUSES = ['busy', 'free', 'busy-unavailable', 'busy-tentative', 'entered-in-error'];
/** Without a `start` range, a search covers the next two weeks. */
const DEFAULT_SLOT_DAYS = 14;
const DAY = 86_400_000;

/** The instants [after, before) the `start` values of a slot search cover, dates read in the schedule's zone (a date alone is local midnight). */
function slotWindow(query: Query, timeZone: string, now: Date): { after: Date; before: Date } {
  let after: Date | undefined;
  let before: Date | undefined;
  for (const value of valuesOf(query.start)) {
    const limits = limitsOf(parseDateBound(value, 'start'));
    const instant = (text: string | undefined) =>
      text === undefined ? undefined : new Date(text.length === 19 ? zonedTimeToUtc(parseLocalDate(text.slice(0, 10)), '00:00', timeZone).getTime() : Date.parse(text));
    const lower = instant(limits.after);
    const upper = instant(limits.before);
    if (lower && (!after || lower > after)) after = lower;
    if (upper && (!before || upper < before)) before = upper;
  }
  after ??= before ? new Date(Math.max(now.getTime(), before.getTime() - DEFAULT_SLOT_DAYS * DAY)) : now;
  before ??= new Date(after.getTime() + DEFAULT_SLOT_DAYS * DAY);
  if (before.getTime() - after.getTime() > AVAILABILITY_MAX_DAYS * DAY)
    throw new AppError('VALIDATION', { fields: { start: { code: 'RANGE_TOO_LONG', args: [AVAILABILITY_MAX_DAYS] } } });
  return { after, before };
}

/**
 * `GET /fhir/R4/Slot?schedule=…&start=ge…&start=lt…&status=free`: the free times of the
 * Schedules named, from the booking page's own computation (availabilityOf, staff's view), at
 * most AVAILABILITY_MAX_DAYS days; only free slots exist here, so another status finds none.
 */
export async function searchSlots(ctx: AppContext, actor: Actor, query: Query): Promise<Page> {
  const scheduleRefs = valuesOf(query.schedule, true);
  if (scheduleRefs.length === 0) throw new AppError('VALIDATION', { fields: { schedule: 'REQUIRED' } });
  if (scheduleRefs.length > 20) throw new AppError('VALIDATION', { fields: { schedule: { code: 'MAX_VALUE', args: [20] } } });
  const statuses = valuesOf(query.status, true);
  if (statuses.some((status) => !SLOT_STATUSES.includes(status))) throw new AppError('VALIDATION', { fields: { status: 'INVALID_VALUE' } });
  const now = ctx.clock.now();
  const resources: Resource[] = [];
  for (const ref of scheduleRefs) {
    const id = referencedId(ref, 'Schedule');
    const schedule = id ? await scheduleOf(ctx, actor, id) : undefined;
    if (!schedule) continue;
    const { after, before } = slotWindow(query, schedule.timeZone, now);
    if (statuses.length > 0 && !statuses.includes('free')) continue;
    if (before <= after) continue;
    const from = formatLocalDate(localDateOf(after, schedule.timeZone));
    const to = formatLocalDate(localDateOf(new Date(before.getTime() - 1), schedule.timeZone));
    const free = await availabilityOf(ctx, actor, schedule.typeId, { from, to });
    for (const slot of free.slots) {
      const start = new Date(slot.start);
      if (slot.processor_id !== schedule.processorId || start < after || start >= before) continue;
      resources.push(slotResource(schedule, start, new Date(slot.end)));
    }
  }
  return pageOf(resources, query);
}
