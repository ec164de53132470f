import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MemberReportQuery } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments as a, infoTags, probingAnswers, profiles, queueMemberInfoTags, queueMembers as m, queues, users } from '../../db/schema/index.js';
import { PROCESSING, SERVED, WAIT } from './figures.repo.js';
import { APPOINTMENTS_FROM, MEMBERS_FROM, appointmentConditions, localTime, memberConditions, rowsOf, type ReportScope } from './scope.js';

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
  time_zone: string;
}

const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;
const local = (instant: SQL | AnyColumn) => sql`to_char(${localTime(instant)}, ${sql.raw(LOCAL)})`;
const round1 = (value: SQL) => sql`round((${value})::numeric, 1)::float8`;

/** The patient's name as staff would say it; only selected when the caller asked for names. */
function nameOf(table: { firstName: AnyColumn; lastName: AnyColumn }, fallback: SQL): SQL {
  return sql`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${fallback})`;
}

function unionOf(scope: ReportScope, withNames: boolean): SQL {
  const memberName = withNames ? nameOf(m, sql`${m.displayName}`) : sql`null::text`;
  const appointmentName = withNames ? nameOf(a, sql`null::text`) : sql`null::text`;
  const tickets = sql`select 'ticket' as kind, ${m.id} as id, ${m.number} as number, ${m.queueId} as queue_id, ${queues.name} as queue_name,
      ${profiles.name} as profile_name, ${m.origin}::text as origin, ${m.status}::text as status, ${m.cancelState}::text as cancel_state, ${m.removed} as removed,
      ${m.createdAt} as at, ${a.startAt} as appointment_start, ${m.actualStart} as called_at, ${m.actualEnd} as finished_at,
      ${local(m.createdAt)} as at_local, ${local(a.startAt)} as appointment_start_local, ${local(m.actualStart)} as called_local, ${local(m.actualEnd)} as finished_local,
      ${round1(WAIT)} as wait_min, case when ${SERVED} then ${round1(PROCESSING)} end as processing_min, ${users.displayName} as processor_name,
      array(select ${infoTags.name} from ${queueMemberInfoTags} join ${infoTags} on ${infoTags.id} = ${queueMemberInfoTags.infoTagId}
        where ${queueMemberInfoTags.memberId} = ${m.id} order by ${infoTags.name}) as info_tags,
      array(select ${probingAnswers.questionText} || ': ' || ${probingAnswers.optionText} || coalesce(' – ' || ${probingAnswers.freeText}, '')
        from ${probingAnswers} where ${probingAnswers.memberId} = ${m.id} order by ${probingAnswers.step}) as answers,
      ${memberName} as name, ${profiles.timeZone} as time_zone
    from ${MEMBERS_FROM} left join ${a} on ${a.id} = ${m.appointmentId} left join ${users} on ${users.id} = ${m.processorId}
    where ${memberConditions(scope, scope.current)}`;
  const notCheckedIn = sql`select 'appointment', ${a.id}, null::int, ${a.queueId}, ${queues.name}, ${profiles.name}, 'APPOINTMENT', ${a.status}::text, ${a.cancelState}::text, false,
      ${a.startAt}, ${a.startAt}, null::timestamptz, null::timestamptz, ${local(a.startAt)}, ${local(a.startAt)}, null::text, null::text,
      null::float8, null::float8, ${users.displayName}, '{}'::text[], '{}'::text[], ${appointmentName}, ${profiles.timeZone}
    from ${APPOINTMENTS_FROM} left join ${users} on ${users.id} = ${a.processorId}
    where ${appointmentConditions(scope, scope.current)} and not exists (select 1 from ${m} as member where member.appointment_id = ${a.id})`;
  return sql`(${tickets} union all ${notCheckedIn}) as r`;
}

const SORT_COLUMNS: Record<MemberReportQuery['sort'], string> = {
  at: 'r.at',
  number: 'r.number',
  queue: 'r.queue_name',
  wait: 'r.wait_min',
  processing: 'r.processing_min',
};

/** One page of the analysis and how many rows there are in all. */
export async function memberPage(
  q: Queryable,
  scope: ReportScope,
  page: Pick<MemberReportQuery, 'page' | 'page_size' | 'sort' | 'dir'>,
  withNames: boolean,
): Promise<{ total: number; rows: MemberRecord[] }> {
  const dir = page.dir === 'asc' ? 'asc' : 'desc';
  const order = sql.raw(`${SORT_COLUMNS[page.sort]} ${dir} nulls last, r.at ${dir}, r.id`);
  const [counted, rows] = await Promise.all([
    q.execute(sql`select count(*)::int as total from ${unionOf(scope, false)}`),
    q.execute(sql`select * from ${unionOf(scope, withNames)} order by ${order} limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`),
  ]);
  return { total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0, rows: rowsOf<MemberRecord>(rows) };
}

/** Where the export stopped reading. */
export interface MemberKey {
  at_key: string;
  id: string;
}

/**
 * The rows after `after` (oldest first), `limit` at a time: the export reads the whole
 * analysis page by page on its index, never all of it at once.
 */
export async function memberRowsAfter(
  q: Queryable,
  scope: ReportScope,
  after: MemberKey | null,
  limit: number,
  withNames: boolean,
): Promise<(MemberRecord & MemberKey)[]> {
  const next = after ? sql`where (r.at, r.id) > (${after.at_key}::timestamptz, ${after.id}::uuid)` : sql``;
  // The key as text keeps the microseconds a JavaScript date would drop.
  return rowsOf<MemberRecord & MemberKey>(await q.execute(sql`select *, r.at::text as at_key from ${unionOf(scope, withNames)} ${next} order by r.at, r.id limit ${limit}`));
}
