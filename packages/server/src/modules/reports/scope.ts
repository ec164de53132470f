import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { addDays, parseLocalDate, zonedTimeToUtc, type MemberOrigin } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, infoTags, profiles, queueMemberInfoTags, queueMembers, queues, users } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { queueReportableBy } from '../queues/index.js';

/**
 * What a report covers: whose rows (the caller's lists, docs/product.md#reports), which filters,
 * which local dates. The one owner of "which tickets and appointments are in a report"; every
 * report query reads `queue_members` or `appointments` with these conditions.
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

/** The lists of the report in one time zone. */
export interface ZoneLists {
  timeZone: string;
  queueIds: string[];
}

export interface ReportScope {
  actor: Actor;
  filters: ReportFilters;
  current: Period;
  previous: Period;
  /** The lists the report covers, by their location's zone (most accounts: one zone). */
  zones: ZoneLists[];
  /** Every list of the account (an admin without a location or list filter): no list condition needed. */
  wholeAccount: boolean;
  /** The zone for the empty buckets of a timeseries: the only one, or null when the lists' zones differ. */
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
  const rows = await q
    .select({ one: sql<number>`1` })
    .from(table)
    .where(condition)
    .limit(1);
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
  const lists = await q
    .select({ id: queues.id, timeZone: profiles.timeZone })
    .from(queues)
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .where(and(queueReportableBy(actor), profileId ? eq(queues.profileId, profileId) : undefined, queueId ? eq(queues.id, queueId) : undefined));
  const byZone = new Map<string, string[]>();
  for (const list of lists) byZone.set(list.timeZone, [...(byZone.get(list.timeZone) ?? []), list.id]);
  const zones = [...byZone].map(([timeZone, queueIds]) => ({ timeZone, queueIds }));
  const current = { from: filters.from, to: filters.to };
  return {
    actor,
    filters,
    current,
    previous: previousPeriod(current),
    zones,
    wholeAccount: actor.isAdmin && !profileId && !queueId,
    timeZone: zones.length === 1 ? (zones[0]?.timeZone ?? null) : null,
  };
}

/** A local date never lies more than 14 hours from UTC: the instants that can belong to a period, for the index. */
export function instantBounds(period: Period): { lo: string; hi: string } {
  return {
    lo: new Date(Date.parse(`${period.from}T00:00:00Z`) - 14 * 3_600_000).toISOString(),
    hi: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS + 14 * 3_600_000).toISOString(),
  };
}

/** The instants a period begins and ends on a zone's clock. */
function zoneBounds(period: Period, timeZone: string): { lo: string; hi: string } {
  return {
    lo: zonedTimeToUtc(parseLocalDate(period.from), '00:00', timeZone).toISOString(),
    hi: zonedTimeToUtc(addDays(parseLocalDate(period.to), 1), '00:00', timeZone).toISOString(),
  };
}

/**
 * The rows of the report's lists in the period, each by its location's clock: per zone, its
 * lists and the instants the period begins and ends there, worked out once here. So a row is
 * placed by comparing instants on the `(account_id, created_at)` index, without joining its
 * list or location and without converting it to local time.
 */
export function inScope(scope: ReportScope, period: Period, instant: AnyColumn, queueId: AnyColumn): SQL {
  if (scope.zones.length === 0) return sql`false`;
  const parts = scope.zones.map(({ timeZone, queueIds }) => {
    const { lo, hi } = zoneBounds(period, timeZone);
    const inPeriod = sql`${instant} >= ${lo}::timestamptz and ${instant} < ${hi}::timestamptz`;
    return scope.wholeAccount && scope.zones.length === 1 ? inPeriod : sql`(${inArray(queueId, queueIds)} and ${inPeriod})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The time zone of a row's location, from its list: a constant where all share one. */
function zoneOf(scope: ReportScope, queueId: AnyColumn): SQL {
  const [only] = scope.zones;
  if (scope.zones.length <= 1) return sql`${only?.timeZone ?? 'UTC'}::text`;
  return sql`(case ${sql.join(
    scope.zones.map(({ timeZone, queueIds }) => sql`when ${inArray(queueId, queueIds)} then ${timeZone}::text`),
    sql` `,
  )} end)`;
}

/** The local wall-clock time of a row's instant at its location. */
export function localTime(scope: ReportScope, instant: SQL | AnyColumn, queueId: AnyColumn): SQL {
  return sql`(${instant} AT TIME ZONE ${zoneOf(scope, queueId)})`;
}

/**
 * Tickets in the report, drawn within `period` (conditions on `queue_members` alone).
 */
export function memberConditions(scope: ReportScope, period: Period): SQL {
  const f = scope.filters;
  const parts: SQL[] = [eq(queueMembers.accountId, scope.actor.accountId), inScope(scope, period, queueMembers.createdAt, queueMembers.queueId)];
  if (f.processor_id) parts.push(eq(queueMembers.processorId, f.processor_id));
  if (f.origin) parts.push(eq(queueMembers.origin, f.origin));
  if (f.info_tag_id) {
    parts.push(
      sql`exists (select 1 from ${queueMemberInfoTags} where ${queueMemberInfoTags.memberId} = ${queueMembers.id} and ${queueMemberInfoTags.infoTagId} = ${f.info_tag_id})`,
    );
  }
  return and(...parts) as SQL;
}

/**
 * Appointments in the report, starting within `period` (conditions on `appointments` alone).
 * An origin other than APPOINTMENT leaves none.
 */
export function appointmentConditions(scope: ReportScope, period: Period): SQL {
  const f = scope.filters;
  if (f.origin && f.origin !== 'APPOINTMENT') return sql`false`;
  const parts: SQL[] = [eq(appointments.accountId, scope.actor.accountId), inScope(scope, period, appointments.startAt, appointments.queueId)];
  if (f.processor_id) parts.push(eq(appointments.processorId, f.processor_id));
  if (f.info_tag_id) {
    parts.push(sql`exists (select 1 from ${queueMembers} as tagged join ${queueMemberInfoTags} on ${queueMemberInfoTags.memberId} = tagged.id
      where tagged.appointment_id = ${appointments.id} and ${queueMemberInfoTags.infoTagId} = ${f.info_tag_id})`);
  }
  return and(...parts) as SQL;
}

/** `queue_members` with its list and location, where a report shows their names. */
export const MEMBERS_WITH_PLACE = sql`${queueMembers} join ${queues} on ${queues.id} = ${queueMembers.queueId} join ${profiles} on ${profiles.id} = ${queues.profileId}`;
/** `appointments` with its list and location. */
export const APPOINTMENTS_WITH_PLACE = sql`${appointments} join ${queues} on ${queues.id} = ${appointments.queueId} join ${profiles} on ${profiles.id} = ${appointments.profileId}`;

/** Rows of a raw query on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
