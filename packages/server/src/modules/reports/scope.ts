import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MemberOrigin } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, infoTags, profiles, queueMemberInfoTags, queueMembers, queues, users } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { queueReportableBy } from '../queues/index.js';

/**
 * What a report covers: whose rows (the caller's lists, docs/product.md#reports), which filters,
 * which local dates. The one owner of "which tickets and appointments are in a report"; every
 * report query starts withZones, joins `queues` and `report_zone` (the location and its clock) and adds these conditions.
 */

/** Local dates (`YYYY-MM-DD`), both inclusive. */
export interface Period {
  from: string;
  to: string;
}

export interface ReportFilters extends Period {
  profile_id?: string | undefined;
  queue_id?: string | undefined;
  processor_id?: string | undefined;
  origin?: MemberOrigin | undefined;
  info_tag_id?: string | undefined;
}

export interface ReportScope {
  actor: Actor;
  filters: ReportFilters;
  current: Period;
  previous: Period;
  /** The zone for the empty buckets of a timeseries: the filtered location's, or the account's only one; null when its locations differ. */
  timeZone: string | null;
}

const DAY_MS = 86_400_000;

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period of equal length just before. */
export function previousPeriod(period: Period): Period {
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS) + 1;
  return { from: shiftDate(period.from, -days), to: shiftDate(period.from, -1) };
}

async function exists(q: Queryable, condition: SQL, table: typeof profiles | typeof users | typeof infoTags | typeof queues): Promise<boolean> {
  const rows = await q.select({ one: sql<number>`1` }).from(table).where(condition).limit(1);
  return rows.length > 0;
}

/** Checks every id filter (a foreign or unseen one is NOT_FOUND) and settles the periods. */
export async function resolveScope(q: Queryable, actor: Actor, filters: ReportFilters): Promise<ReportScope> {
  const { profile_id: profileId, queue_id: queueId, processor_id: processorId, info_tag_id: tagId } = filters;
  const checks: Promise<boolean>[] = [];
  const ids = [profileId, queueId, processorId, tagId].filter((id): id is string => id !== undefined);
  if (ids.some((id) => !isUuid(id))) throw new AppError('NOT_FOUND');
  if (profileId) checks.push(exists(q, and(eq(profiles.id, profileId), eq(profiles.accountId, actor.accountId)) as SQL, profiles));
  if (queueId) checks.push(exists(q, and(eq(queues.id, queueId), queueReportableBy(actor)) as SQL, queues));
  if (processorId) checks.push(exists(q, and(eq(users.id, processorId), eq(users.accountId, actor.accountId)) as SQL, users));
  if (tagId) checks.push(exists(q, and(eq(infoTags.id, tagId), eq(infoTags.accountId, actor.accountId)) as SQL, infoTags));
  if ((await Promise.all(checks)).includes(false)) throw new AppError('NOT_FOUND');
  const zones = await q
    .selectDistinct({ zone: profiles.timeZone })
    .from(profiles)
    .where(profileId ? eq(profiles.id, profileId) : eq(profiles.accountId, actor.accountId));
  const current = { from: filters.from, to: filters.to };
  return { actor, filters, current, previous: previousPeriod(current), timeZone: zones.length === 1 ? (zones[0]?.zone ?? null) : null };
}

/** A local date never lies more than 14 hours from UTC: the instants that can belong to a period, for the index. */
export function instantBounds(period: Period): { lo: string; hi: string } {
  return {
    lo: new Date(Date.parse(`${period.from}T00:00:00Z`) - 14 * 3_600_000).toISOString(),
    hi: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS + 14 * 3_600_000).toISOString(),
  };
}

/**
 * Every report query starts with this: the account's locations, each with the instants at which
 * the period begins and ends on its clock. Worked out once per location (materialized), so a row
 * is placed in the period by comparing instants, not by converting each row to local time.
 */
export function withZones(scope: ReportScope, period: Period): SQL {
  return sql`with report_zone as materialized (
    select ${profiles.id} as id, ${profiles.name} as name, ${profiles.timeZone} as time_zone,
      (${period.from}::timestamp at time zone ${profiles.timeZone}) as lo,
      ((${period.to}::date + 1)::timestamp at time zone ${profiles.timeZone}) as hi
    from ${profiles} where ${profiles.accountId} = ${scope.actor.accountId})`;
}

/** The location's columns in a report query. */
export const ZONE = { name: sql.raw('report_zone.name'), timeZone: sql.raw('report_zone.time_zone') };

/** The local wall-clock time of an instant at its location. */
export function localTime(instant: SQL | AnyColumn): SQL {
  return sql`(${instant} AT TIME ZONE report_zone.time_zone)`;
}

function inPeriod(instant: AnyColumn, period: Period): SQL {
  const { lo, hi } = instantBounds(period);
  return sql`${instant} >= ${lo}::timestamptz AND ${instant} < ${hi}::timestamptz AND ${instant} >= report_zone.lo AND ${instant} < report_zone.hi`;
}

/**
 * Tickets in the report, drawn within `period`; the query joins `queue_members`, `queues` (on
 * the ticket's list) and `report_zone` (the list's location).
 */
export function memberConditions(scope: ReportScope, period: Period): SQL {
  const f = scope.filters;
  const parts: SQL[] = [eq(queueMembers.accountId, scope.actor.accountId), inPeriod(queueMembers.createdAt, period), queueReportableBy(scope.actor)];
  if (f.profile_id) parts.push(eq(queues.profileId, f.profile_id));
  if (f.queue_id) parts.push(eq(queueMembers.queueId, f.queue_id));
  if (f.processor_id) parts.push(eq(queueMembers.processorId, f.processor_id));
  if (f.origin) parts.push(eq(queueMembers.origin, f.origin));
  if (f.info_tag_id) {
    parts.push(sql`exists (select 1 from ${queueMemberInfoTags} where ${queueMemberInfoTags.memberId} = ${queueMembers.id} and ${queueMemberInfoTags.infoTagId} = ${f.info_tag_id})`);
  }
  return and(...parts) as SQL;
}

/**
 * Appointments in the report, starting within `period`; the query joins `appointments`,
 * `queues` and `report_zone`. An origin other than APPOINTMENT leaves none.
 */
export function appointmentConditions(scope: ReportScope, period: Period): SQL {
  const f = scope.filters;
  if (f.origin && f.origin !== 'APPOINTMENT') return sql`false`;
  const parts: SQL[] = [eq(appointments.accountId, scope.actor.accountId), inPeriod(appointments.startAt, period), queueReportableBy(scope.actor)];
  if (f.profile_id) parts.push(eq(appointments.profileId, f.profile_id));
  if (f.queue_id) parts.push(eq(appointments.queueId, f.queue_id));
  if (f.processor_id) parts.push(eq(appointments.processorId, f.processor_id));
  if (f.info_tag_id) {
    parts.push(sql`exists (select 1 from ${queueMembers} as tagged join ${queueMemberInfoTags} on ${queueMemberInfoTags.memberId} = tagged.id
      where tagged.appointment_id = ${appointments.id} and ${queueMemberInfoTags.infoTagId} = ${f.info_tag_id})`);
  }
  return and(...parts) as SQL;
}

/** `queue_members` with its list and location (`report_zone` of withZones), for the conditions above. */
export const MEMBERS_FROM = sql`${queueMembers} join ${queues} on ${queues.id} = ${queueMembers.queueId} join report_zone on report_zone.id = ${queues.profileId}`;
/** `appointments` with its list and location. */
export const APPOINTMENTS_FROM = sql`${appointments} join ${queues} on ${queues.id} = ${appointments.queueId} join report_zone on report_zone.id = ${appointments.profileId}`;

/** Rows of a raw query on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
