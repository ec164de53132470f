import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, param, sql, type SQL } from 'drizzle-orm';
import type { DrawOrigin } from '@wartefrei/shared';
import { selectRows, type Queryable } from '../../db/connect.js';
import { accounts, infoTags, profiles, queueMemberInfoTags, queueMembers, queueProcessors, queueSessions, queues } from '../../db/schema/index.js';

export type MemberRow = typeof queueMembers.$inferSelect;
export type NewMemberRow = typeof queueMembers.$inferInsert;
export type QueueRow = typeof queues.$inferSelect;
export type SessionRow = typeof queueSessions.$inferSelect;
export type InfoTagRow = typeof infoTags.$inferSelect;

/** A queue with what a draw needs to decide: its session, its account's subscription, its location's time zone. */
export interface DrawContext {
  queue: QueueRow;
  session: SessionRow | null;
  subscriptionState: string;
  trialEnd: Date | null;
  timeZone: string;
}

export async function findDrawContext(q: Queryable, queueId: string): Promise<DrawContext | undefined> {
  const [row] = await preparedReadsOf(q).drawContext.execute({ queueId });
  return row;
}

const LEARNED_SAMPLE_LIMIT = 50;

/**
 * The reads of every draw and ticket view (findDrawContext, loadQueueLine), built once per
 * database handle and run as named prepared statements: drizzle builds a query anew on each
 * call, and under a burst of draws that building was the largest share of the server's own CPU
 * per draw after the driver's (bench/draw-throughput.mjs); PostgreSQL also parses and plans a
 * named statement once per connection instead of once per call. The column lists are explicit,
 * so a migration that adds columns does not invalidate them. A transaction gets its own set,
 * bound to its connection.
 */
function prepareReads(q: Queryable) {
  const queueId = sql.placeholder('queueId');
  return {
    drawContext: q
      .select({
        queue: queues,
        session: queueSessions,
        subscriptionState: accounts.subscriptionState,
        trialEnd: accounts.trialEnd,
        timeZone: profiles.timeZone,
      })
      .from(queues)
      .innerJoin(accounts, eq(accounts.id, queues.accountId))
      .innerJoin(profiles, eq(profiles.id, queues.profileId))
      .leftJoin(queueSessions, eq(queueSessions.queueId, queues.id))
      .where(eq(queues.id, queueId))
      .limit(1)
      .prepare('tickets_draw_context'),
    waiting: q
      .select({ id: queueMembers.id, number: queueMembers.number, silent: queueMembers.silent, orderAt: queueMembers.orderAt })
      .from(queueMembers)
      .where(and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState)))
      .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal))
      .prepare('tickets_line_waiting'),
    // Tags of waiting members that shift only their own estimate, or hide its times.
    tagShifts: q
      .select({ memberId: queueMemberInfoTags.memberId, delay: infoTags.delay, delayMinutes: infoTags.delayMinutes, hide: infoTags.hideTimesOnTicket })
      .from(queueMemberInfoTags)
      .innerJoin(queueMembers, eq(queueMembers.id, queueMemberInfoTags.memberId))
      .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
      .where(and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'WAITING'), eq(infoTags.timePriority, false)))
      .prepare('tickets_line_tag_shifts'),
    processing: q
      .select({ id: queueMembers.id, number: queueMembers.number, startedAt: queueMembers.actualStart, calledSilently: queueMembers.calledSilently })
      .from(queueMembers)
      .where(and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'PROCESSING')))
      .orderBy(desc(queueMembers.actualStart))
      .prepare('tickets_line_processing'),
    activeProcessors: q
      .select({ n: count() })
      .from(queueProcessors)
      .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.active, true)))
      .prepare('tickets_line_active_processors'),
    // Not active with an announced return (a pause): a lane again from then. One whose return
    // has passed before its end job ran is in here too and counts as a lane now.
    away: q
      .select({ returnsAt: queueProcessors.inactiveUntil })
      .from(queueProcessors)
      .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.active, false), isNotNull(queueProcessors.inactiveUntil)))
      .prepare('tickets_line_away_processors'),
    durations: q
      .select({ start: queueMembers.actualStart, end: queueMembers.actualEnd })
      .from(queueMembers)
      .where(
        and(
          eq(queueMembers.queueId, queueId),
          eq(queueMembers.status, 'FINISHED_BY_PROCESSOR'),
          eq(queueMembers.removed, false),
          isNotNull(queueMembers.actualStart),
          isNotNull(queueMembers.actualEnd),
        ),
      )
      .orderBy(desc(queueMembers.actualEnd))
      .limit(LEARNED_SAMPLE_LIMIT)
      .prepare('tickets_line_durations'),
  };
}

const preparedReads = new WeakMap<Queryable, ReturnType<typeof prepareReads>>();
function preparedReadsOf(q: Queryable): ReturnType<typeof prepareReads> {
  let reads = preparedReads.get(q);
  if (!reads) preparedReads.set(q, (reads = prepareReads(q)));
  return reads;
}

/**
 * The UPDATE that takes the next ticket of the queue's session: raises the counter row — only
 * while intake for this origin is open and, when the queue refuses at its number end, numbers
 * are left — and computes the number (wrapping at number end when configured). The row lock
 * orders concurrent draws; nothing is read first and decided later. Returns no row: refused.
 */
function takeNextNumberSql(queueId: string, origin: DrawOrigin): SQL {
  const intakeOpen: SQL =
    origin === 'MANUAL'
      ? sql`TRUE`
      : sql`s.queueing_allowed AND NOT s.blocked AND NOT ${origin === 'ONLINE' ? sql`s.online_suspended` : sql`s.kiosk_suspended`}`;
  return sql`
      UPDATE queue_sessions s SET last_ordinal = s.last_ordinal + 1
      FROM queues qu
      WHERE s.queue_id = ${queueId} AND qu.id = s.queue_id AND qu.archived_at IS NULL AND s.open AND ${intakeOpen}
        AND (qu.number_end IS NULL OR qu.number_wrap
             OR s.last_ordinal < qu.number_end - COALESCE(qu.number_start, 1) + 1)
      RETURNING s.session_no, s.last_ordinal AS ordinal,
        COALESCE(qu.number_start, 1) + CASE
          WHEN qu.number_end IS NULL THEN s.last_ordinal - 1
          ELSE (s.last_ordinal - 1) % (qu.number_end - COALESCE(qu.number_start, 1) + 1)
        END AS number`;
}

const memberColumns = getTableColumns(queueMembers);
type MemberColumn = (typeof memberColumns)[keyof typeof memberColumns];

/** A member row as the driver returns it (column names, driver values), mapped the way drizzle maps its own results. */
function memberFromDriver(raw: Record<string, unknown>): MemberRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(memberColumns) as [string, MemberColumn][]) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value as never);
  }
  return row as MemberRow;
}

/**
 * Draws: takes the next number of the queue's session (see takeNextNumberSql) and inserts the
 * member with it, in ONE statement (a data-modifying CTE) — atomic on its own, so a failing
 * insert gives the number back, like the transaction it replaces. Why one statement: the counter
 * row's lock orders every draw of the queue and is held until commit. As BEGIN; UPDATE; INSERT;
 * COMMIT it was held across three round trips to the server, and under load the lock holder
 * mostly waited for the busy event loop while the other draws queued behind it holding pooled
 * connections (bench/draw-throughput.mjs: pg_stat_activity showed the holder "idle in
 * transaction"). Now the lock lives only inside the database. Undefined: refused by the counter
 * row (intake closed for this origin or the range used up); the caller finds out why.
 */
export async function drawMember(
  q: Queryable,
  origin: DrawOrigin,
  values: Omit<NewMemberRow, 'sessionNo' | 'ordinal' | 'number' | 'origin' | 'queueId'> & { queueId: string },
): Promise<MemberRow | undefined> {
  const given = (Object.entries({ ...values, origin }) as [keyof typeof memberColumns, unknown][]).filter(([, value]) => value !== undefined);
  const column = (key: keyof typeof memberColumns): MemberColumn => memberColumns[key];
  // INSERT … SELECT does not type its parameters from the target columns: each gets a cast.
  const typed = given.map(([key, value]) => sql`${param(value, column(key))}::${sql.raw(column(key).getSQLType())}`);
  const rows = await selectRows<Record<string, unknown>>(
    q,
    sql`
      WITH taken AS (${takeNextNumberSql(values.queueId, origin)})
      INSERT INTO ${queueMembers} (${sql.join([...given.map(([key]) => sql.identifier(column(key).name)), sql`session_no, ordinal, number`], sql`, `)})
      SELECT ${sql.join([...typed, sql`taken.session_no, taken.ordinal, taken.number`], sql`, `)} FROM taken
      RETURNING ${sql.join(Object.values(memberColumns).map((c) => sql.identifier(c.name)), sql`, `)}`,
  );
  const [raw] = rows;
  return raw ? memberFromDriver(raw) : undefined;
}

export async function findMember(q: Queryable, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await q.select().from(queueMembers).where(eq(queueMembers.id, memberId)).limit(1);
  return row;
}

/**
 * A member as staff may see it: in the caller's account and, for a non-admin, in a queue they
 * are assigned to. Undefined otherwise — a foreign id looks exactly like a missing one.
 */
export async function findMemberForStaff(
  q: Queryable,
  filter: { memberId: string; accountId: string; assignedUserId?: string },
): Promise<MemberRow | undefined> {
  const where = and(eq(queueMembers.id, filter.memberId), eq(queueMembers.accountId, filter.accountId));
  if (!filter.assignedUserId) {
    const [row] = await q.select().from(queueMembers).where(where).limit(1);
    return row;
  }
  const [row] = await q
    .select({ member: queueMembers })
    .from(queueMembers)
    .innerJoin(queueProcessors, and(eq(queueProcessors.queueId, queueMembers.queueId), eq(queueProcessors.userId, filter.assignedUserId)))
    .where(where)
    .limit(1);
  return row?.member;
}

/** Compare-and-set: applies `change` only if the member still has `version`. */
export async function updateMemberIfVersion(q: Queryable, memberId: string, version: number, change: Partial<NewMemberRow>): Promise<MemberRow | undefined> {
  const [row] = await q
    .update(queueMembers)
    .set({ ...change, version: sql`${queueMembers.version} + 1` })
    .where(and(eq(queueMembers.id, memberId), eq(queueMembers.version, version)))
    .returning();
  return row;
}

/**
 * Locks the head of the line over some queues — queue priority first (1 = very high), then the
 * line's order — skipping rows another transaction holds: two processors pressing "call next"
 * at the same instant lock two different members.
 */
export async function lockHeadOfLine(q: Queryable, queueIds: string[]): Promise<MemberRow | undefined> {
  if (queueIds.length === 0) return undefined;
  const [row] = await q
    .select({ member: queueMembers })
    .from(queueMembers)
    .innerJoin(queues, eq(queues.id, queueMembers.queueId))
    .where(and(inArray(queueMembers.queueId, queueIds), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState)))
    .orderBy(asc(queues.priority), asc(queueMembers.orderAt), asc(queueMembers.ordinal))
    .limit(1)
    .for('update', { of: queueMembers, skipLocked: true });
  return row?.member;
}

/** How many members are being processed: in a queue, or by one processor. */
export async function countProcessing(q: Queryable, filter: { queueId: string } | { processorId: string }): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(queueMembers)
    .where(
      and(
        eq(queueMembers.status, 'PROCESSING'),
        'queueId' in filter ? eq(queueMembers.queueId, filter.queueId) : eq(queueMembers.processorId, filter.processorId),
      ),
    );
  return row?.n ?? 0;
}

/** Ends every open member of a queue (TERMINATE); answers who was ended. */
export async function endOpenMembers(q: Queryable, queueId: string, at: Date): Promise<MemberRow[]> {
  return q
    .update(queueMembers)
    .set({
      status: 'FINISHED_BY_TIMEOUT',
      cancelState: 'SESSION_END',
      processorId: null,
      actualEnd: at,
      version: sql`${queueMembers.version} + 1`,
    })
    .where(and(eq(queueMembers.queueId, queueId), inArray(queueMembers.status, ['WAITING', 'PROCESSING'])))
    .returning();
}

/** The line of a queue as the estimator needs it. */
export interface QueueLine {
  /**
   * Waiting members in call order, with the delay of their non-priority info tags (minutes,
   * − earlier); `number` and `silent` (drawn silently) for the public "next" numbers.
   */
  waiting: { id: string; number: number; silent: boolean; orderAt: Date; delayMinutes: number; hideTimes: boolean }[];
  /** Members being processed, latest call first. */
  processing: { id: string; number: number; startedAt: Date; calledSilently: boolean }[];
  /** Processors assigned and actively processing. */
  activeProcessors: number;
  /** Processors on a pause with an announced return: the estimator counts each from then. */
  away: { returnsAt: Date }[];
  /** Real durations (minutes) of recently finished visits, oldest first. */
  recentDurations: number[];
}

export async function loadQueueLine(q: Queryable, queueId: string): Promise<QueueLine> {
  const reads = preparedReadsOf(q);
  const [waiting, tagShifts, processing, active, away, durations] = await Promise.all([
    reads.waiting.execute({ queueId }),
    reads.tagShifts.execute({ queueId }),
    reads.processing.execute({ queueId }),
    reads.activeProcessors.execute({ queueId }),
    reads.away.execute({ queueId }),
    reads.durations.execute({ queueId }),
  ]);
  const shifts = new Map<string, { delayMinutes: number; hideTimes: boolean }>();
  for (const tag of tagShifts) {
    const current = shifts.get(tag.memberId) ?? { delayMinutes: 0, hideTimes: false };
    const sign = tag.delay === 'EARLIER' ? -1 : tag.delay === 'LATER' ? 1 : 0;
    shifts.set(tag.memberId, { delayMinutes: current.delayMinutes + sign * tag.delayMinutes, hideTimes: current.hideTimes || tag.hide });
  }
  return {
    waiting: waiting.map((w) => ({
      id: w.id,
      number: w.number,
      silent: w.silent,
      orderAt: w.orderAt,
      delayMinutes: shifts.get(w.id)?.delayMinutes ?? 0,
      hideTimes: shifts.get(w.id)?.hideTimes ?? false,
    })),
    processing: processing.map((p) => ({ id: p.id, number: p.number, startedAt: p.startedAt ?? new Date(0), calledSilently: p.calledSilently })),
    activeProcessors: active[0]?.n ?? 0,
    away: away.flatMap(({ returnsAt }) => (returnsAt ? [{ returnsAt }] : [])),
    recentDurations: durations
      .map((d) => ((d.end?.getTime() ?? 0) - (d.start?.getTime() ?? 0)) / 60_000)
      .reverse(),
  };
}

/** The ids of the info tags on some members. */
export async function infoTagIdsOf(q: Queryable, memberIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (memberIds.length === 0) return result;
  const rows = await q
    .select({ memberId: queueMemberInfoTags.memberId, infoTagId: queueMemberInfoTags.infoTagId })
    .from(queueMemberInfoTags)
    .where(inArray(queueMemberInfoTags.memberId, memberIds))
    .orderBy(asc(queueMemberInfoTags.createdAt));
  for (const row of rows) result.set(row.memberId, [...(result.get(row.memberId) ?? []), row.infoTagId]);
  return result;
}

/** The info tags on a member that the patient may see. */
export async function visibleInfoTagsOf(q: Queryable, memberId: string): Promise<InfoTagRow[]> {
  const rows = await q
    .select({ tag: infoTags })
    .from(queueMemberInfoTags)
    .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(infoTags.visibleOnTicket, true)))
    .orderBy(asc(queueMemberInfoTags.createdAt));
  return rows.map((r) => r.tag);
}

/** Whether some of the member's tags hide times on the ticket. */
export async function infoTagOfAccount(q: Queryable, accountId: string, infoTagId: string): Promise<InfoTagRow | undefined> {
  const [row] = await q.select().from(infoTags).where(and(eq(infoTags.id, infoTagId), eq(infoTags.accountId, accountId))).limit(1);
  return row;
}

/** The member's time-priority tag other than `exceptTagId`, if any (docs/product.md#validation-rules: only one). */
export async function timePriorityTagOf(q: Queryable, memberId: string, exceptTagId: string): Promise<InfoTagRow | undefined> {
  const [row] = await q
    .select({ tag: infoTags })
    .from(queueMemberInfoTags)
    .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(infoTags.timePriority, true), ne(infoTags.id, exceptTagId)))
    .limit(1);
  return row?.tag;
}

/** Adds a tag; false when it was already there. */
export async function addInfoTag(q: Queryable, memberId: string, infoTagId: string, at: Date): Promise<boolean> {
  const rows = await q
    .insert(queueMemberInfoTags)
    .values({ memberId, infoTagId, createdAt: at })
    .onConflictDoNothing()
    .returning({ memberId: queueMemberInfoTags.memberId });
  return rows.length > 0;
}

/** Removes a tag; false when it was not there. */
export async function removeInfoTag(q: Queryable, memberId: string, infoTagId: string): Promise<boolean> {
  const rows = await q
    .delete(queueMemberInfoTags)
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(queueMemberInfoTags.infoTagId, infoTagId)))
    .returning({ memberId: queueMemberInfoTags.memberId });
  return rows.length > 0;
}

/** The `order_at` of the waiting members of a queue in line order (for moves), without one member. */
export async function lineOrderOf(q: Queryable, queueId: string, exceptMemberId: string): Promise<Date[]> {
  const rows = await q
    .select({ orderAt: queueMembers.orderAt })
    .from(queueMembers)
    .where(and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState), ne(queueMembers.id, exceptMemberId)))
    .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal));
  return rows.map((r) => r.orderAt);
}

/** The staff list of a queue with filters; `statuses` empty = the open ones. */
export async function listMembers(
  q: Queryable,
  filter: { queueId: string; statuses: MemberRow['status'][]; origins: DrawOrigin[]; infoTagId?: string; text?: string },
): Promise<MemberRow[]> {
  const conditions: SQL[] = [eq(queueMembers.queueId, filter.queueId)];
  conditions.push(inArray(queueMembers.status, filter.statuses.length > 0 ? filter.statuses : ['WAITING', 'PROCESSING']));
  if (filter.origins.length > 0) conditions.push(inArray(queueMembers.origin, filter.origins));
  if (filter.infoTagId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${queueMemberInfoTags} WHERE ${queueMemberInfoTags.memberId} = ${queueMembers.id} AND ${queueMemberInfoTags.infoTagId} = ${filter.infoTagId})`,
    );
  }
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${queueMembers.number}::text = ${filter.text} OR concat_ws(' ', ${queueMembers.displayName}, ${queueMembers.firstName}, ${queueMembers.lastName}, ${queueMembers.mail}, ${queueMembers.phone}) ILIKE ${pattern})`,
    );
  }
  return q
    .select()
    .from(queueMembers)
    .where(and(...conditions))
    .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal))
    .limit(1000);
}

/** The queues a processor actively processes (assigned, not only managing), in the account. */
export async function activeQueueIdsOf(q: Queryable, accountId: string, userId: string): Promise<string[]> {
  const rows = await q
    .select({ id: queues.id })
    .from(queueProcessors)
    .innerJoin(queues, eq(queues.id, queueProcessors.queueId))
    .where(and(eq(queueProcessors.userId, userId), eq(queueProcessors.active, true), eq(queues.accountId, accountId)));
  return rows.map((r) => r.id);
}

/** The account of a member, for the realtime rule of `member:{id}`. */
export async function accountOfMember(q: Queryable, memberId: string): Promise<string | undefined> {
  const [row] = await q.select({ accountId: queueMembers.accountId }).from(queueMembers).where(eq(queueMembers.id, memberId)).limit(1);
  return row?.accountId;
}
