/**
 * The line of a queue as the estimator reads it. Two ways: the whole line (every waiting member,
 * for the staff's list), or its state without the waiting members, plus counts — what a draw,
 * a ticket page and the public view need, at a cost that does not grow with the line (issue 23
 * §2: every draw used to read every waiting member, and at 1,200 waiting PGlite answered draws
 * in seconds). The reads are named prepared statements (preparedPerHandle says why).
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, not, sql } from 'drizzle-orm';
import { PUBLIC_NEXT_NUMBERS } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { appointments, infoTags, queueMemberInfoTags, queueMembers, queueProcessors, users } from '../../db/schema/index.js';
import type { MemberRow } from './tickets.repo.js';

const LEARNED_SAMPLE_LIMIT = 50;
/** How far ahead booked appointments are read into the line: a walk-in estimate never reaches further. */
const RESERVED_HORIZON_MS = 86_400_000;

/** Waiting in line: waiting and not being cancelled (the partial index queue_members_line_idx). */
const inLine = (queueId: ReturnType<typeof sql.placeholder>) => and(eq(queueMembers.queueId, queueId), eq(queueMembers.status, 'WAITING'), isNull(queueMembers.cancelState));

function prepareReads(q: Queryable) {
  const queueId = sql.placeholder('queueId');
  return {
    waiting: q
      .select({ id: queueMembers.id, number: queueMembers.number, silent: queueMembers.silent, orderAt: queueMembers.orderAt })
      .from(queueMembers)
      .where(inLine(queueId))
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
    waitingCount: q.select({ n: count() }).from(queueMembers).where(inLine(queueId)).prepare('tickets_line_waiting_count'),
    // Members ahead of one: call order is (order_at, ordinal), as the whole line is sorted. Its
    // own row is read in SQL: order_at has microseconds, a JavaScript Date only milliseconds.
    aheadOf: q
      .select({ n: count() })
      .from(queueMembers)
      .where(
        and(
          inLine(queueId),
          sql`(${queueMembers.orderAt}, ${queueMembers.ordinal}) < (SELECT m.order_at, m.ordinal FROM queue_members m WHERE m.id = ${sql.placeholder('memberId')})`,
        ),
      )
      .prepare('tickets_line_ahead_of'),
    // A ticket drawn silently by a processor is never announced, so not shown as "next" either.
    nextNumbers: q
      .select({ number: queueMembers.number })
      .from(queueMembers)
      .where(and(inLine(queueId), not(queueMembers.silent)))
      .orderBy(asc(queueMembers.orderAt), asc(queueMembers.ordinal))
      .limit(PUBLIC_NEXT_NUMBERS)
      .prepare('tickets_line_next_numbers'),
    ownShifts: q
      .select({ delay: infoTags.delay, delayMinutes: infoTags.delayMinutes, hide: infoTags.hideTimesOnTicket })
      .from(queueMemberInfoTags)
      .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
      .where(and(eq(queueMemberInfoTags.memberId, sql.placeholder('memberId')), eq(infoTags.timePriority, false)))
      .prepare('tickets_line_own_shifts'),
  };
}

const preparedReadsOf = preparedPerHandle(prepareReads);

/** A waiting member's own info-tag shift: delay in minutes (+ later, − earlier), times hidden. */
export interface OwnShift {
  delayMinutes: number;
  hideTimes: boolean;
}

/** The line without its waiting members: what the lanes are made of. */
export interface LineState {
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

/** The whole line of a queue as the estimator needs it. */
export interface QueueLine extends LineState {
  /**
   * Waiting members in call order, with the delay of their non-priority info tags (minutes,
   * − earlier); `number` and `silent` (drawn silently) for the public "next" numbers.
   */
  waiting: ({ id: string; number: number; silent: boolean; orderAt: Date } & OwnShift)[];
}

type TagShift = { delay: string | null; delayMinutes: number; hide: boolean };
const NO_SHIFT: OwnShift = { delayMinutes: 0, hideTimes: false };

/** Tags add up: their delays (+ later, − earlier), and any one hiding times hides them. */
function withTag(current: OwnShift, tag: TagShift): OwnShift {
  const sign = tag.delay === 'EARLIER' ? -1 : tag.delay === 'LATER' ? 1 : 0;
  return { delayMinutes: current.delayMinutes + sign * tag.delayMinutes, hideTimes: current.hideTimes || tag.hide };
}

/** The line's state without its waiting members: a handful of rows, however long the line. */
export async function loadLineState(q: Queryable, queueId: string, now: Date): Promise<LineState> {
  const reads = preparedReadsOf(q);
  const [processing, active, away, durations, reserved] = await Promise.all([
    reads.processing.execute({ queueId }),
    reads.activeProcessors.execute({ queueId }),
    reads.away.execute({ queueId }),
    reads.durations.execute({ queueId }),
    reads.reserved.execute({ queueId, now, horizon: new Date(now.getTime() + RESERVED_HORIZON_MS) }),
  ]);
  return {
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
    recentDurations: durations.map((d) => ((d.end?.getTime() ?? 0) - (d.start?.getTime() ?? 0)) / 60_000).reverse(),
    reserved: reserved.map((r) => ({ start: r.start, end: r.end })),
  };
}

/** The whole line, every waiting member with its own shift: for the staff's list of members. */
export async function loadQueueLine(q: Queryable, queueId: string, now: Date): Promise<QueueLine> {
  const reads = preparedReadsOf(q);
  const [state, waiting, tagShifts] = await Promise.all([loadLineState(q, queueId, now), reads.waiting.execute({ queueId }), reads.tagShifts.execute({ queueId })]);
  const shifts = new Map<string, OwnShift>();
  for (const tag of tagShifts) shifts.set(tag.memberId, withTag(shifts.get(tag.memberId) ?? NO_SHIFT, tag));
  return { ...state, waiting: waiting.map((w) => ({ id: w.id, number: w.number, silent: w.silent, orderAt: w.orderAt, ...(shifts.get(w.id) ?? NO_SHIFT) })) };
}

/** How many wait in the line (a count over the line's index, no rows). */
export async function countWaiting(q: Queryable, queueId: string): Promise<number> {
  const [row] = await preparedReadsOf(q).waitingCount.execute({ queueId });
  return row?.n ?? 0;
}

/** The first PUBLIC_NEXT_NUMBERS numbers in line that may be shown (not drawn silently). */
export async function nextPublicNumbers(q: Queryable, queueId: string): Promise<number[]> {
  return (await preparedReadsOf(q).nextNumbers.execute({ queueId })).map((row) => row.number);
}

/** A member's place in line: how many wait ahead of it, and its own tag shift; undefined unless it waits in line. */
export async function placeOf(q: Queryable, member: MemberRow): Promise<({ ahead: number } & OwnShift) | undefined> {
  if (member.status !== 'WAITING' || member.cancelState !== null) return undefined;
  const reads = preparedReadsOf(q);
  const [ahead, tags] = await Promise.all([reads.aheadOf.execute({ queueId: member.queueId, memberId: member.id }), reads.ownShifts.execute({ memberId: member.id })]);
  return { ahead: ahead[0]?.n ?? 0, ...tags.reduce(withTag, NO_SHIFT) };
}
