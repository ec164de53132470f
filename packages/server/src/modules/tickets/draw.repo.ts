/** The reads and the one write of a draw, and the line the estimator reads: prepared once per connection. */
import { and, asc, count, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, param, sql, type SQL } from 'drizzle-orm';
import type { DrawOrigin } from '@wartefrei/shared';

type MemberOrigin = MemberRow['origin'];
import { selectRows, type Queryable } from '../../db/connect.js';
import { accountKeys, accounts, appointments, images, infoTags, profiles, queueMemberInfoTags, queueMembers, queueProcessors, queueSessions, queues, users } from '../../db/schema/index.js';
import type { MemberRow, NewMemberRow, QueueRow, SessionRow } from './tickets.repo.js';

/** A queue with what a draw needs to decide: its session, its account's subscription, its location's time zone. */
export interface DrawContext {
  queue: QueueRow;
  session: SessionRow | null;
  subscriptionState: string;
  timeZone: string;
  /** The account's key while end-to-end encryption is on: patient data comes sealed for it. */
  sealingKeyId: string | null;
  sealingPublicKey: string | null;
  /** The account's logo (id, content hash, type), for the ticket and kiosk views; null without one. */
  logoImageId: string | null;
  logoHash: string | null;
  logoMime: string | null;
}

export async function findDrawContext(q: Queryable, queueId: string): Promise<DrawContext | undefined> {
  const [row] = await preparedReadsOf(q).drawContext.execute({ queueId });
  return row;
}

const LEARNED_SAMPLE_LIMIT = 50;
/** How far ahead booked appointments are read into the line: a walk-in estimate never reaches further. */
const RESERVED_HORIZON_MS = 86_400_000;

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
        timeZone: profiles.timeZone,
        sealingKeyId: accountKeys.keyId,
        sealingPublicKey: accountKeys.publicKey,
        logoImageId: images.id,
        logoHash: images.contentHash,
        logoMime: images.mimeType,
      })
      .from(queues)
      .innerJoin(accounts, eq(accounts.id, queues.accountId))
      .innerJoin(profiles, eq(profiles.id, queues.profileId))
      .leftJoin(accountKeys, eq(accountKeys.accountId, queues.accountId))
      .leftJoin(images, eq(images.id, accounts.logoImageId))
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
    // With who serves each: a list may name them on tickets and monitors (show_processor_on_processing).
    processing: q
      .select({
        id: queueMembers.id,
        number: queueMembers.number,
        startedAt: queueMembers.actualStart,
        calledSilently: queueMembers.calledSilently,
        processorName: users.displayName,
        processorRoom: users.room,
      })
      .from(queueMembers)
      .leftJoin(users, eq(users.id, queueMembers.processorId))
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
    // Booked appointments of the list not yet checked in, from now to a day ahead: each holds a lane.
    reserved: q
      .select({ start: appointments.startAt, end: appointments.endAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.queueId, queueId),
          eq(appointments.status, 'BOOKED'),
          isNull(appointments.cancelState),
          gt(appointments.endAt, sql.placeholder('now')),
          lt(appointments.startAt, sql.placeholder('horizon')),
        ),
      )
      .orderBy(asc(appointments.startAt))
      .prepare('tickets_line_reserved'),
  };
}

const preparedReads = new WeakMap<Queryable, ReturnType<typeof prepareReads>>();
function preparedReadsOf(q: Queryable): ReturnType<typeof prepareReads> {
  let reads = preparedReads.get(q);
  if (!reads) preparedReads.set(q, (reads = prepareReads(q)));
  return reads;
}

/**
 * The session part of the intake rule, in SQL over `queue_sessions s` and `queues qu`: the same
 * rule as the shared `drawRefusal` (open list; for patients intake allowed, not blocked, their
 * channel not suspended; staff need only an open list), so a draw that passed the check in
 * TypeScript is refused by the counter row if the session changed in between.
 * draw.intake-guard.test.ts drives both over every flag, so the two cannot drift.
 */
function sessionAdmitsSql(origin: MemberOrigin): SQL {
  const patientIntake = sql`s.queueing_allowed AND NOT s.blocked AND NOT ${origin === 'ONLINE' ? sql`s.online_suspended` : sql`s.kiosk_suspended`}`;
  // Staff, and a patient with an appointment, need only an open list: intake is about walk-ins.
  return sql`qu.archived_at IS NULL AND s.open AND ${origin === 'MANUAL' || origin === 'APPOINTMENT' ? sql`TRUE` : patientIntake}`;
}

/** Whether the draw's SQL guard admits a draw of this origin now (a read; for the parity test). */
export async function sessionAdmitsDraw(q: Queryable, queueId: string, origin: DrawOrigin): Promise<boolean> {
  const rows = await selectRows<{ admits: boolean }>(
    q,
    sql`SELECT (${sessionAdmitsSql(origin)}) AS admits FROM queue_sessions s JOIN queues qu ON qu.id = s.queue_id WHERE s.queue_id = ${queueId}`,
  );
  return rows[0]?.admits === true;
}

/**
 * The UPDATE that takes the next ticket of the queue's session: raises the counter row — only
 * while intake for this origin is open and, when the queue refuses at its number end, numbers
 * are left — and computes the number (wrapping at number end when configured). The row lock
 * orders concurrent draws; nothing is read first and decided later. Returns no row: refused.
 */
function takeNextNumberSql(queueId: string, origin: MemberOrigin): SQL {
  return sql`
      UPDATE queue_sessions s SET last_ordinal = s.last_ordinal + 1
      FROM queues qu
      WHERE s.queue_id = ${queueId} AND qu.id = s.queue_id AND ${sessionAdmitsSql(origin)}
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
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
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
  origin: MemberOrigin,
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

/** The line of a queue as the estimator needs it. */
export interface QueueLine {
  /**
   * Waiting members in call order, with the delay of their non-priority info tags (minutes,
   * − earlier); `number` and `silent` (drawn silently) for the public "next" numbers.
   */
  waiting: { id: string; number: number; silent: boolean; orderAt: Date; delayMinutes: number; hideTimes: boolean }[];
  /** Members being processed, latest call first. */
  processing: { id: string; number: number; startedAt: Date; calledSilently: boolean; processorName: string | null; processorRoom: string | null }[];
  /** Processors assigned and actively processing. */
  activeProcessors: number;
  /** Processors on a pause with an announced return: the estimator counts each from then. */
  away: { returnsAt: Date }[];
  /** Real durations (minutes) of recently finished visits, oldest first. */
  recentDurations: number[];
  /** Booked appointments not yet checked in, from now to a day ahead: lanes they hold. */
  reserved: { start: Date; end: Date }[];
}

export async function loadQueueLine(q: Queryable, queueId: string, now: Date): Promise<QueueLine> {
  const reads = preparedReadsOf(q);
  const [waiting, tagShifts, processing, active, away, durations, reserved] = await Promise.all([
    reads.waiting.execute({ queueId }),
    reads.tagShifts.execute({ queueId }),
    reads.processing.execute({ queueId }),
    reads.activeProcessors.execute({ queueId }),
    reads.away.execute({ queueId }),
    reads.durations.execute({ queueId }),
    reads.reserved.execute({ queueId, now, horizon: new Date(now.getTime() + RESERVED_HORIZON_MS) }),
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
    processing: processing.map((p) => ({
      id: p.id,
      number: p.number,
      startedAt: p.startedAt ?? new Date(0),
      calledSilently: p.calledSilently,
      processorName: p.processorName,
      processorRoom: p.processorRoom,
    })),
    activeProcessors: active[0]?.n ?? 0,
    away: away.flatMap(({ returnsAt }) => (returnsAt ? [{ returnsAt }] : [])),
    recentDurations: durations
      .map((d) => ((d.end?.getTime() ?? 0) - (d.start?.getTime() ?? 0)) / 60_000)
      .reverse(),
    reserved: reserved.map((r) => ({ start: r.start, end: r.end })),
  };
}
