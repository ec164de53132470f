import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DayPart } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointmentOffers, appointments, freedTimes, queues } from '../../db/schema/index.js';

export type FreedTimeRow = typeof freedTimes.$inferSelect;
export type NewFreedTimeRow = typeof freedTimes.$inferInsert;
export type OfferRow = typeof appointmentOffers.$inferSelect;

/** An offer is live while PENDING or SENT and not past its end: an appointment holds at most one. */
const LIVE_STATES = ['PENDING', 'SENT'] as const;

export async function insertFreedTimes(q: Queryable, rows: NewFreedTimeRow[]): Promise<FreedTimeRow[]> {
  if (rows.length === 0) return [];
  return q.insert(freedTimes).values(rows).returning();
}

/** The freed time, locked for the writer (a round, an answer): they take turns on it. */
export async function lockFreedTime(q: Queryable, id: string): Promise<FreedTimeRow | undefined> {
  const [row] = await q.select().from(freedTimes).where(eq(freedTimes.id, id)).limit(1).for('update');
  return row;
}

export async function updateFreedTime(q: Queryable, id: string, changes: Partial<NewFreedTimeRow>): Promise<void> {
  await q.update(freedTimes).set(changes).where(eq(freedTimes.id, id));
}

/** The starts of a processor's open freed times between two instants (a scan notes each time once). */
export async function openFreedStarts(q: Queryable, processorId: string, from: Date, to: Date): Promise<Set<number>> {
  const rows = await q
    .select({ startAt: freedTimes.startAt })
    .from(freedTimes)
    .where(
      and(
        eq(freedTimes.processorId, processorId),
        eq(freedTimes.state, 'OPEN'),
        sql`${freedTimes.startAt} >= ${from.toISOString()}::timestamptz`,
        sql`${freedTimes.startAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return new Set(rows.map((row) => row.startAt.getTime()));
}

/** What a freed time is, for the fit rules: its local date, weekday and part of the day. */
export interface FreedTimeFit {
  localDate: string;
  weekday: number;
  part: DayPart;
}

export interface CandidateQuery {
  freed: FreedTimeRow;
  fit: FreedTimeFit;
  now: Date;
  limit: number;
  /** Whether this server sends SMS at all (platform/sms-offer.ts). */
  smsConfigured: boolean;
}

/**
 * The waiting appointments a freed time goes to next (docs/product.md#wishes-and-offers): of its
 * type, booked and not cancelled, personal data kept, asking for earlier, starting later, with a
 * "not before" and times that suit, a channel to reach them, never offered this time before and
 * holding no other live offer — the longest waiting first.
 */
export async function findCandidates(q: Queryable, query: CandidateQuery): Promise<{ id: string }[]> {
  const { freed, fit, now } = query;
  const mail = and(eq(appointments.notifyMail, true), isNotNull(appointments.mail), ne(appointments.mail, ''));
  const text = and(eq(appointments.notifySms, true), isNotNull(appointments.phone), ne(appointments.phone, ''), eq(queues.mayActivateSmsNotifications, true));
  const offeredBefore = sql`EXISTS (SELECT 1 FROM ${appointmentOffers} WHERE ${appointmentOffers.appointmentId} = ${appointments.id}
    AND (${appointmentOffers.freedTimeId} = ${freed.id}
      OR (${appointmentOffers.state} IN ('PENDING', 'SENT') AND ${appointmentOffers.expiresAt} > ${now.toISOString()}::timestamptz)))`;
  if (query.limit <= 0) return [];
  return q
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(queues, eq(queues.id, appointments.queueId))
    .where(
      and(
        eq(appointments.accountId, freed.accountId),
        eq(appointments.appointmentTypeId, freed.appointmentTypeId),
        eq(appointments.status, 'BOOKED'),
        isNull(appointments.cancelState),
        isNull(appointments.personalDataErasedAt),
        isNotNull(appointments.earlierWantedAt),
        gt(appointments.startAt, freed.startAt),
        sql`(${appointments.earlierNotBefore} IS NULL OR ${appointments.earlierNotBefore} <= ${fit.localDate}::date)`,
        sql`(jsonb_array_length(${appointments.earlierTimes}) = 0 OR ${appointments.earlierTimes} @> ${JSON.stringify([{ weekday: fit.weekday, part: fit.part }])}::jsonb)`,
        query.smsConfigured ? or(mail, text) : mail,
        sql`NOT ${offeredBefore}`,
      ),
    )
    .orderBy(asc(appointments.earlierWantedAt), asc(appointments.id))
    .limit(query.limit);
}

export async function insertOffers(q: Queryable, rows: (typeof appointmentOffers.$inferInsert)[]): Promise<OfferRow[]> {
  if (rows.length === 0) return [];
  return q.insert(appointmentOffers).values(rows).returning();
}

export async function lockOffer(q: Queryable, id: string): Promise<OfferRow | undefined> {
  const [row] = await q.select().from(appointmentOffers).where(eq(appointmentOffers.id, id)).limit(1).for('update');
  return row;
}

export async function findOfferByTokenHash(q: Queryable, tokenHash: string): Promise<OfferRow | undefined> {
  const [row] = await q.select().from(appointmentOffers).where(eq(appointmentOffers.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function updateOffer(q: Queryable, id: string, changes: Partial<typeof appointmentOffers.$inferInsert>): Promise<void> {
  await q.update(appointmentOffers).set(changes).where(eq(appointmentOffers.id, id));
}

/** Ends the live offers of a freed time (of one round, or all) with a state: EXPIRED at a round's end, LOST once it is taken. */
export async function endLiveOffers(q: Queryable, freedTimeId: string, state: 'EXPIRED' | 'LOST', at: Date, round?: number): Promise<number> {
  const ended = await q
    .update(appointmentOffers)
    .set({ state, answeredAt: state === 'LOST' ? at : null })
    .where(
      and(eq(appointmentOffers.freedTimeId, freedTimeId), inArray(appointmentOffers.state, [...LIVE_STATES]), ...(round === undefined ? [] : [eq(appointmentOffers.round, round)])),
    )
    .returning({ id: appointmentOffers.id });
  return ended.length;
}

/** How many offers of a round may still be answered (live, not past their end). */
export async function liveOffersOfRound(q: Queryable, freedTimeId: string, round: number, now: Date): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(appointmentOffers)
    .where(
      and(
        eq(appointmentOffers.freedTimeId, freedTimeId),
        eq(appointmentOffers.round, round),
        inArray(appointmentOffers.state, [...LIVE_STATES]),
        sql`${appointmentOffers.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The freed time's row, read without a lock (the offer page). */
export async function findFreedTime(q: Queryable, id: string): Promise<FreedTimeRow | undefined> {
  const [row] = await q.select().from(freedTimes).where(eq(freedTimes.id, id)).limit(1);
  return row;
}

/** The waiting appointments of an account's types that offer earlier times, starting after `after`: what a scan looks for. */
export async function waitingAppointments(q: Queryable, accountId: string, after: Date, limit: number) {
  return q
    .select({
      id: appointments.id,
      appointmentTypeId: appointments.appointmentTypeId,
      startAt: appointments.startAt,
      earlierNotBefore: appointments.earlierNotBefore,
      earlierTimes: appointments.earlierTimes,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.status, 'BOOKED'),
        isNull(appointments.cancelState),
        isNull(appointments.personalDataErasedAt),
        isNotNull(appointments.earlierWantedAt),
        gt(appointments.startAt, after),
      ),
    )
    .orderBy(asc(appointments.earlierWantedAt), asc(appointments.id))
    .limit(limit);
}

/**
 * The open freed times of a type between two instants that nobody holds a live offer of: a new
 * wish may take one of them (their last round found nobody).
 */
export async function idleFreedTimes(q: Queryable, typeId: string, after: Date, before: Date): Promise<FreedTimeRow[]> {
  return q
    .select()
    .from(freedTimes)
    .where(
      and(
        eq(freedTimes.appointmentTypeId, typeId),
        eq(freedTimes.state, 'OPEN'),
        gt(freedTimes.startAt, after),
        sql`${freedTimes.startAt} < ${before.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM ${appointmentOffers} WHERE ${appointmentOffers.freedTimeId} = ${freedTimes.id} AND ${appointmentOffers.state} IN ('PENDING', 'SENT'))`,
      ),
    )
    .orderBy(asc(freedTimes.startAt))
    .limit(20);
}
