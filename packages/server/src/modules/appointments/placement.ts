import { DEFAULT_BOOKING_FIELD_MODES, localDateOf, STAFF_BOOKING_FIELD_MODES, type BookingFieldModes } from '@wartefrei/shared';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.js';
import { AppError, isDeadlock, isExclusionViolation } from '../../platform/errors.js';
import type { TypeWithLocation } from './appointment-types.repo.js';
import { checkServesList } from './appointment-types.service.js';
import { offeredTimes, windowProblem, type OfferedTime } from './availability.js';
import { freeTimeInputs } from './availability.service.js';

/*
 * Where an appointment of a type may go at a start (docs/product.md#validation-rules): one owner
 * for booking, moving and changing one. A patient may take only a time the rules offer, inside
 * its booking window; staff may take any time of a processor of the list that is not past. The
 * database then decides who gets it: the exclusion constraint refuses an overlap, so the
 * candidates are tried in turn and the first that fits wins.
 */

/** Where the appointment may go: the processors to try, in order, and the data the slot asks. */
export interface Placement {
  start: Date;
  end: Date;
  processorIds: string[];
  fieldModes: BookingFieldModes;
}

export interface PlacementRequest {
  start: Date;
  /** A processor asked for; without one, whoever the rules offer (the type's default first, then by priority). */
  processorId?: string | undefined;
  /** Staff place outside the rules and the booking window; patients only inside. */
  byStaff: boolean;
  now: Date;
  /** Staff only: a length other than the type's (an appointment stretched in the calendar). */
  durationMinutes?: number | undefined;
}

function notBookable(reason: 'IN_PAST' | 'TOO_SHORT_NOTICE' | 'TOO_FAR_AHEAD' | 'OUTSIDE_HOURS'): AppError {
  return new AppError('APPOINTMENT_NOT_BOOKABLE', { fields: { start: reason } });
}

/** The rules' offers of the type at exactly `start` on its local date (under the substitute while one is away). */
async function offersAt(db: Queryable, found: TypeWithLocation, start: Date): Promise<{ offers: OfferedTime[]; rank: ReadonlyMap<string, number> }> {
  const day = localDateOf(start, found.location.timeZone);
  const inputs = await freeTimeInputs(db, found, day, day, false);
  return { offers: offeredTimes(inputs).filter((offer) => offer.start === start.getTime()), rank: inputs.processorRank ?? new Map() };
}

/** Decides where an appointment may go, or refuses with APPOINTMENT_NOT_BOOKABLE and the reason in `fields.start`. */
export async function placementFor(db: Queryable, found: TypeWithLocation, request: PlacementRequest): Promise<Placement> {
  const { type } = found;
  const start = request.start;
  const minutes = request.byStaff ? (request.durationMinutes ?? type.durationMinutes) : type.durationMinutes;
  const end = new Date(start.getTime() + minutes * 60_000);
  if (start.getTime() <= request.now.getTime()) throw notBookable('IN_PAST');
  if (request.byStaff && request.processorId) {
    await checkServesList(db, type.accountId, type.queueId, request.processorId, 'processor_id');
    return { start, end, processorIds: [request.processorId], fieldModes: STAFF_BOOKING_FIELD_MODES };
  }
  const offered = await offersAt(db, found, start);
  const offers = offered.offers.filter((offer) => !request.processorId || offer.processorId === request.processorId);
  if (offers.length === 0) throw notBookable('OUTSIDE_HOURS');
  const open = request.byStaff ? offers : offers.filter((offer) => !windowProblem(offer, request.now));
  if (open.length === 0) throw notBookable(offers.map((offer) => windowProblem(offer, request.now)).find(Boolean) ?? 'OUTSIDE_HOURS');
  const ids = [...new Set(open.map((offer) => offer.processorId))];
  // The type's default processor first: the practice's choice when the patient makes none; then
  // by processor priority (docs/product.md#processor-settings).
  const rankOf = (id: string) => offered.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  ids.sort((a, b) => Number(b === type.defaultProcessorId) - Number(a === type.defaultProcessorId) || rankOf(a) - rankOf(b));
  const fieldModes = request.byStaff ? STAFF_BOOKING_FIELD_MODES : (open.find((offer) => offer.processorId === ids[0])?.rule.requiredFields ?? DEFAULT_BOOKING_FIELD_MODES);
  return { start, end, processorIds: ids, fieldModes };
}

/**
 * Writes the appointment with the first processor whose time is still free: `write` inserts
 * or updates for one processor (through `q`), and an overlap refused by the exclusion
 * constraint moves on to the next. None left: APPOINTMENT_SLOT_TAKEN.
 *
 * Each write runs in a transaction holding an advisory lock of its processor: writes into one
 * processor's calendar take turns. Twenty patients moving into one time at once otherwise wait
 * on each other's unfinished rows in circles; PostgreSQL breaks each circle only after a
 * second, and under load the retries and waits ran into 500s and pool timeouts.
 */
export async function takeFirstFree<T>(db: Database, processorIds: string[], write: (processorId: string, q: Queryable) => Promise<T>): Promise<T> {
  for (const processorId of processorIds) {
    try {
      return await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`appointments:${processorId}`}))`);
          return write(processorId, tx);
        }),
      );
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
    }
  }
  throw new AppError('APPOINTMENT_SLOT_TAKEN');
}

/**
 * Writes `write` in a savepoint of `tx`; an overlap refused by the exclusion constraint answers
 * false and undoes only this write — so a series or an import learns every conflict in one go.
 */
export async function fits(tx: Queryable, write: (sp: Queryable) => Promise<unknown>): Promise<boolean> {
  try {
    await retryOnDeadlock(() =>
      tx.transaction(async (sp) => {
        await write(sp);
      }),
    );
    return true;
  } catch (error) {
    if (isExclusionViolation(error)) return false;
    throw error;
  }
}

/** How often a write undone to break a deadlock is tried again before its error stands. */
const DEADLOCK_ATTEMPTS = 3;
/** The pause before a retry, times the attempt: the write that survived the deadlock is already
 * unblocked and commits within it, so the retry meets its row instead of locking in front of it
 * (an immediate retry could win the first lock again and deadlock once more). */
const DEADLOCK_PAUSE_MS = 15;

/**
 * Runs a write that the exclusion constraint judges, again when PostgreSQL undid it to break a
 * deadlock. Two writes into one time may each wait for the other's unfinished row; PostgreSQL
 * then gives one up (SQLSTATE 40P01) instead of judging it. Tried again, it meets the other's
 * committed row and is refused as an overlap, or finds the time free — a 409 or a success,
 * never a 500. (A savepoint's write is retried alone; the rest of its transaction stands.)
 */
export async function retryOnDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, DEADLOCK_PAUSE_MS * attempt));
  }
}
