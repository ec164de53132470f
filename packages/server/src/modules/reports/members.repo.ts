import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MemberReportQuery } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments as a, infoTags, probingAnswers, profiles, queueMemberInfoTags, queueMembers as m, queues, users } from '../../db/schema/index.js';
import { PROCESSING, SERVED, WAIT } from './figures.repo.js';
import { beyondCursor, decodeMemberCursor, encodeMemberCursor, keyOf, memberOrder, type MemberCursorKey, type MemberSort } from './member-cursor.js';
import { APPOINTMENTS_WITH_PLACE, MEMBERS_WITH_PLACE, appointmentConditions, instantBounds, memberConditions, rowsOf, type ReportScope } from './scope.js';

/**
 * The member analysis: one row per ticket, and per appointment that never became one (not
 * checked in), as a union that the page or the export reads in order.
 */

/** A row as the database answers it; instants with their local wall-clock twins for the export. */
export interface MemberRecord {
  kind: 'ticket' | 'appointment';
  id: string;
  number: number | null;
  queue_id: string;
  queue_name: string;
  profile_name: string;
  origin: string;
  status: string;
  cancel_state: string | null;
  removed: boolean;
  at: Date | string;
  appointment_start: Date | string | null;
  called_at: Date | string | null;
  finished_at: Date | string | null;
  at_local: string;
  appointment_start_local: string | null;
  called_local: string | null;
  finished_local: string | null;
  wait_min: number | null;
  processing_min: number | null;
  processor_name: string | null;
  info_tags: string[];
  answers: string[];
  name: string | null;
  /** With names, while the practice encrypts: the sealed names, opened by the staff's browser. */
  sealed_data: string | null;
  /** With sealed data: where it may rightly come from (crypto placesText), for the browser to check its binding. */
  sealed_for: string | null;
  time_zone: string;
}

const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;
const round1 = (value: SQL) => sql`round((${value})::numeric, 1)::float8`;

/** The patient's name as staff would say it; only selected when the caller asked for names. */
function nameOf(table: { firstName: AnyColumn; lastName: AnyColumn }, fallback: SQL): SQL {
  return sql`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${fallback})`;
}

/** The export's window: rows drawn in [from, to) after a key, at most `limit` from each branch. */
interface Window {
  from: string;
  to: string;
  after: MemberKey | null;
  limit: number;
}

function windowed(branch: SQL, instant: AnyColumn, id: AnyColumn, window: Window | undefined): SQL {
  if (!window) return branch;
  const after = window.after ? sql`and (${instant}, ${id}) > (${window.after.at_key}::timestamptz, ${window.after.id}::uuid)` : sql``;
  return sql`(${branch} and ${instant} >= ${window.from}::timestamptz and ${instant} < ${window.to}::timestamptz ${after}
    order by ${instant}, ${id} limit ${window.limit})`;
}

/**
 * The rows with what sorting needs; what only the shown rows need (local times, tags, answers)
 * is added by `detailsOf` after the page is cut, not for every row of the period.
 */
function unionOf(scope: ReportScope, withNames: boolean, window?: Window, page?: PageCut): SQL {
  const memberName = withNames ? nameOf(m, sql`${m.displayName}`) : sql`null::text`;
  const appointmentName = withNames ? nameOf(a, sql`null::text`) : sql`null::text`;
  const memberSealed = withNames ? sql`${m.sealedData}` : sql`null::text`;
  const appointmentSealed = withNames ? sql`${a.sealedData}` : sql`null::text`;
  // As crypto sealTargets names them: a ticket's own row, the appointment it was checked in from, the series whose text it carries.
  const seriesPlace = (column: AnyColumn) => sql`coalesce(' appointment_series:' || ${column}::text, '')`;
  const memberPlaces = withNames
    ? sql`case when ${m.sealedData} is not null then 'queue_members:' || ${m.id}::text || coalesce(' appointments:' || ${m.appointmentId}::text, '') || ${seriesPlace(m.sealedSeriesId)} end`
    : sql`null::text`;
  const appointmentPlaces = withNames ? sql`case when ${a.sealedData} is not null then 'appointments:' || ${a.id}::text || ${seriesPlace(a.sealedSeriesId)} end` : sql`null::text`;
  const tickets = sql`select 'ticket' as kind, ${m.id} as id, ${m.number} as number, ${m.queueId} as queue_id, ${queues.name} as queue_name,
      ${profiles.name} as profile_name, ${m.origin}::text as origin, ${m.status}::text as status, ${m.cancelState}::text as cancel_state, ${m.removed} as removed,
      ${m.createdAt} as at, ${a.startAt} as appointment_start, ${m.actualStart} as called_at, ${m.actualEnd} as finished_at,
      ${round1(WAIT)} as wait_min, case when ${SERVED} then ${round1(PROCESSING)} end as processing_min, ${users.displayName} as processor_name,
      ${memberName} as name, ${memberSealed} as sealed_data, ${memberPlaces} as sealed_for, ${profiles.timeZone} as time_zone
    from ${MEMBERS_WITH_PLACE} left join ${a} on ${a.id} = ${m.appointmentId} left join ${users} on ${users.id} = ${m.processorId}
    where ${memberConditions(scope, scope.current)}`;
  // Named like the tickets' columns, so that a page's key and order read both branches alike.
  const notCheckedIn = sql`select 'appointment' as kind, ${a.id} as id, null::int as number, ${a.queueId} as queue_id, ${queues.name} as queue_name,
      ${profiles.name} as profile_name, 'APPOINTMENT' as origin, ${a.status}::text as status, ${a.cancelState}::text as cancel_state, false as removed,
      ${a.startAt} as at, ${a.startAt} as appointment_start, null::timestamptz as called_at, null::timestamptz as finished_at, null::float8 as wait_min,
      null::float8 as processing_min, ${users.displayName} as processor_name, ${appointmentName} as name, ${appointmentSealed} as sealed_data,
      ${appointmentPlaces} as sealed_for, ${profiles.timeZone} as time_zone
    from ${APPOINTMENTS_WITH_PLACE} left join ${users} on ${users.id} = ${a.processorId}
    where ${appointmentConditions(scope, scope.current)} and not exists (select 1 from ${m} as member where member.appointment_id = ${a.id})`;
  if (page) return sql`(${paged(tickets, page)} union all ${paged(notCheckedIn, page)})`;
  return sql`(${windowed(tickets, m.createdAt, m.id, window)} union all ${windowed(notCheckedIn, a.startAt, a.id, window)})`;
}

/** A page's cut of each branch: the rows beyond the cursor, in the page's order, as many as the page can take. */
interface PageCut {
  sort: MemberSort;
  dir: MemberReportQuery['dir'];
  key: MemberCursorKey | undefined;
  before: boolean;
  limit: number;
}

/**
 * A branch cut to the page: the database pushes the condition and order into the branch's
 * table, so the default sort (by instant) walks the `(account_id, created_at)` index and stops
 * after `limit` rows, however many the period holds.
 */
function paged(branch: SQL, cut: PageCut): SQL {
  const beyond = cut.key ? beyondCursor('b', cut.sort, cut.dir, cut.key, cut.before) : sql`true`;
  return sql`(select * from (${branch}) as b where ${beyond} order by ${memberOrder('b', cut.sort, cut.dir, cut.before)} limit ${cut.limit})`;
}

/** The shown rows `r` with their local times, info tags and answers. */
function detailsOf(rows: SQL, order: SQL): SQL {
  const local = (column: string) => sql`to_char(${sql.raw(column)} at time zone r.time_zone, ${sql.raw(LOCAL)})`;
  const ofTicket = (list: SQL) => sql`case when r.kind = 'ticket' then array(${list}) else '{}'::text[] end`;
  return sql`select r.*, ${local('r.at')} as at_local, ${local('r.appointment_start')} as appointment_start_local,
      ${local('r.called_at')} as called_local, ${local('r.finished_at')} as finished_local,
      ${ofTicket(sql`select ${infoTags.name} from ${queueMemberInfoTags} join ${infoTags} on ${infoTags.id} = ${queueMemberInfoTags.infoTagId}
        where ${queueMemberInfoTags.memberId} = r.id order by ${infoTags.name}`)} as info_tags,
      ${ofTicket(sql`select ${probingAnswers.questionText} || ': ' || ${probingAnswers.optionText} || coalesce(' – ' || ${probingAnswers.freeText}, '')
        from ${probingAnswers} where ${probingAnswers.memberId} = r.id order by ${probingAnswers.step}`)} as answers,
      r.at::text as at_key
    from (${rows}) as r order by ${order}`;
}

/** How many rows the analysis has: counted on the two tables alone, without the joins a shown row needs. */
function countOf(scope: ReportScope): SQL {
  const tickets = sql`(select count(*) from ${m} where ${memberConditions(scope, scope.current)})`;
  const appointmentsOnly = sql`(select count(*) from ${a} where ${appointmentConditions(scope, scope.current)}
    and not exists (select 1 from ${m} as member where member.appointment_id = ${a.id}))`;
  return sql`(${tickets} + ${appointmentsOnly})::int`;
}

/** A page of the analysis: its rows in display order, the cursors either side, the total when counted. */
export interface MemberPage {
  total: number | null;
  rows: (MemberRecord & { at_key: string })[];
  next: string | null;
  previous: string | null;
}

/**
 * One page of the analysis: after or before a cursor, else by page number (skipping the pages
 * before it, as clients from before paging by key ask), and how many rows there are in all
 * unless `count=false`. One row more than the page is read to know whether another follows.
 */
export async function memberPage(
  q: Queryable,
  scope: ReportScope,
  page: Pick<MemberReportQuery, 'page' | 'page_size' | 'sort' | 'dir' | 'after' | 'before' | 'count'>,
  withNames: boolean,
): Promise<MemberPage> {
  const { sort, dir } = page;
  const field = page.after !== undefined ? 'after' : page.before !== undefined ? 'before' : undefined;
  const key = field ? decodeMemberCursor(page[field] ?? '', sort, dir, field) : undefined;
  const before = field === 'before';
  const offset = key ? 0 : (page.page - 1) * page.page_size;
  const cut: PageCut = { sort, dir, key, before, limit: offset + page.page_size + 1 };
  const order = memberOrder('r', sort, dir, before);
  const pageRows = sql`select * from ${unionOf(scope, withNames, undefined, cut)} as r order by ${order} limit ${page.page_size + 1} offset ${offset}`;
  const [counted, read] = await Promise.all([
    page.count === 'false' ? undefined : q.execute(sql`select ${countOf(scope)} as total`),
    q.execute(sql`${detailsOf(pageRows, order)}`),
  ]);
  const total = counted ? (rowsOf<{ total: number }>(counted)[0]?.total ?? 0) : null;
  const found = rowsOf<MemberRecord & { at_key: string }>(read);
  const more = found.length > page.page_size;
  const rows = before ? found.slice(0, page.page_size).reverse() : found.slice(0, page.page_size);
  const cursor = (row: (typeof rows)[number] | undefined) => (row ? encodeMemberCursor(sort, dir, keyOf(sort, row)) : null);
  const first = rows[0];
  const last = rows.at(-1);
  if (before) return { total, rows, next: cursor(last), previous: more ? cursor(first) : null };
  return { total, rows, next: more ? cursor(last) : null, previous: key || offset > 0 ? cursor(first) : null };
}

/** Where the export stopped reading. */
export interface MemberKey {
  at_key: string;
  id: string;
}

async function memberWindow(q: Queryable, scope: ReportScope, window: Window, withNames: boolean): Promise<(MemberRecord & MemberKey)[]> {
  const order = sql`r.at, r.id`;
  const rows = sql`select * from ${unionOf(scope, withNames, window)} as r order by ${order} limit ${window.limit}`;
  return rowsOf<MemberRecord & MemberKey>(await q.execute(sql`${detailsOf(rows, order)}`));
}

const HOUR_MS = 3_600_000;

/**
 * Every row of the analysis, oldest first, `limit` at a time: the export reads it window by
 * window of draw time, so each query sorts only the rows of its window, never the period's.
 * A window that yields little grows (a quiet practice's year is a few queries), one that
 * fills a page shrinks (a busy group's day is read in pieces).
 */
export async function* memberPages(q: Queryable, scope: ReportScope, limit: number, withNames: boolean): AsyncGenerator<MemberRecord[]> {
  const { lo, hi } = instantBounds(scope.current);
  const end = Date.parse(hi);
  let from = Date.parse(lo);
  let span = 24 * HOUR_MS;
  let to = Math.min(from + span, end);
  let after: MemberKey | null = null;
  while (from < end) {
    const page = await memberWindow(q, scope, { from: new Date(from).toISOString(), to: new Date(to).toISOString(), after, limit }, withNames);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length === limit && last) {
      // The window holds more: go on after the last row; the next window will be narrower.
      after = { at_key: last.at_key, id: last.id };
      span = Math.max(span / 2, HOUR_MS);
    } else {
      if (!after && page.length < limit / 2) span = Math.min(span * 2, 32 * 24 * HOUR_MS);
      from = to;
      to = Math.min(from + span, end);
      after = null;
    }
  }
}
