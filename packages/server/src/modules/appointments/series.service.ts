import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { formatLocalDate, localDateOf, type Recurrence, formatZoned } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { timesFreed } from './freed-times.js';
import { insertAppointment, updateAppointmentIf, type AppointmentChanges, type AppointmentRow, type NewAppointmentRow } from './appointments.repo.js';
import { fits } from './placement.js';
import { seriesStarts, shiftOnWallClock, wallClockShiftMinutes } from './recurrence.js';

/*
 * Series (docs/product.md#states-and-transitions): one row per occurrence with a shared
 * `series_id`. Every occurrence is written inside one transaction, each in a savepoint, so the
 * exclusion constraint judges all of them — not only the first two — and a refused series
 * leaves nothing behind; a single booking racing the series waits for it and loses, or wins and
 * shows up as a conflict.
 */

function conflictError(starts: Date[], timeZone: string): AppError {
  const conflicts = starts.map((start) => formatZoned(start, timeZone));
  const dates = starts.map((start) => formatLocalDate(localDateOf(start, timeZone))).join(', ');
  return new AppError('SERIES_CONFLICT', { conflicts, args: [dates] });
}

export interface SeriesBooking {
  /** The id the browser that sealed the series' text chose (it is bound into the text); else a new one. */
  seriesId: string | undefined;
  first: Date;
  durationMinutes: number;
  processorId: string;
  rule: Recurrence;
  skipConflicts: boolean;
  timeZone: string;
  /** Everything of each row but its time, processor and series. */
  values: Omit<NewAppointmentRow, 'startAt' | 'endAt' | 'processorId' | 'seriesId' | 'sealedSeriesId' | 'recurrence'>;
}

/**
 * Books every occurrence of a series with one processor. More than 366 occurrences or beyond
 * ten years is RECURRENCE_TOO_LONG before any time is looked at; taken occurrences refuse the
 * series (SERIES_CONFLICT with their starts) or, with `skipConflicts`, are listed as skipped.
 */
export async function bookSeries(ctx: AppContext, booking: SeriesBooking): Promise<{ seriesId: string; rows: AppointmentRow[]; skipped: Date[] }> {
  const today = formatLocalDate(localDateOf(ctx.clock.now(), booking.timeZone));
  const starts = seriesStarts(booking.first, booking.timeZone, booking.rule, today);
  if (starts === 'TOO_LONG') throw new AppError('RECURRENCE_TOO_LONG');
  const seriesId = booking.seriesId ?? randomUUID();
  return ctx.db.transaction(async (tx) => {
    if (booking.seriesId) await refuseTakenSeriesId(tx, booking.seriesId);
    const rows: AppointmentRow[] = [];
    const skipped: Date[] = [];
    for (const start of starts) {
      const values = {
        ...booking.values,
        startAt: start,
        endAt: new Date(start.getTime() + booking.durationMinutes * 60_000),
        processorId: booking.processorId,
        seriesId,
        sealedSeriesId: booking.values.sealedData ? seriesId : null,
        recurrence: booking.rule,
      };
      const booked = await fits(tx, async (sp) => rows.push(await insertAppointment(sp, values)));
      if (!booked) skipped.push(start);
    }
    if (rows.length === 0) throw new AppError('APPOINTMENT_SLOT_TAKEN');
    if (skipped.length > 0 && !booking.skipConflicts) throw conflictError(skipped, booking.timeZone);
    return { seriesId, rows, skipped };
  });
}

/**
 * A chosen series id that names a series already (of any practice, or one racing this booking:
 * the lock serialises them) is refused, never joined — as a chosen appointment id is.
 */
async function refuseTakenSeriesId(tx: Queryable, seriesId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`series:${seriesId}`}))`);
  const [taken] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.seriesId, seriesId)).limit(1);
  if (taken) throw new AppError('RECORD_ID_TAKEN');
}

/**
 * Moves the coming occurrences of a series as a whole (PATCH with scope ALL): each keeps its
 * date and takes the same shift on the wall clock as the one named, so a series keeps its local
 * time across DST; `processorId` moves them all to another processor. The occurrences first let
 * go of their processor (a null never overlaps), then take their new times one by one: an
 * occurrence landing on a sibling's old time is no conflict, a foreign appointment is — and any
 * conflict refuses the whole move with the dates.
 */
export async function moveSeries(
  ctx: AppContext,
  row: AppointmentRow,
  target: { start: Date; processorId: string | undefined; changes: AppointmentChanges },
  timeZone: string,
): Promise<AppointmentRow[]> {
  if (!row.seriesId) throw new Error('moveSeries needs a series');
  const now = ctx.clock.now();
  const shift = wallClockShiftMinutes(row.startAt, target.start, timeZone);
  return ctx.db.transaction(async (tx) => {
    const coming = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.seriesId, row.seriesId!),
          eq(appointments.accountId, row.accountId),
          isNull(appointments.cancelState),
          eq(appointments.status, 'BOOKED'),
          gt(appointments.startAt, now),
        ),
      )
      .orderBy(asc(appointments.startAt))
      .for('update');
    // The compare-and-set of the occurrence named: someone changed it since it was read.
    if (coming.find((occurrence) => occurrence.id === row.id)?.version !== row.version) throw new AppError('APPOINTMENT_CHANGED');
    await tx
      .update(appointments)
      .set({ processorId: null })
      .where(
        inArray(
          appointments.id,
          coming.map((occurrence) => occurrence.id),
        ),
      );
    const conflicts: Date[] = [];
    const moved: AppointmentRow[] = [];
    for (const occurrence of coming) {
      const start = shiftOnWallClock(occurrence.startAt, shift, timeZone);
      const end = new Date(start.getTime() + (occurrence.endAt.getTime() - occurrence.startAt.getTime()));
      const processorId = target.processorId ?? occurrence.processorId;
      const fitted = await fits(tx, async (sp) => {
        const row = await updateAppointmentIf(sp, occurrence.id, undefined, { ...target.changes, startAt: start, endAt: end, processorId }, now);
        if (row) moved.push(row);
      });
      if (!fitted) conflicts.push(start);
    }
    if (conflicts.length > 0) throw conflictError(conflicts, timeZone);
    // The times the occurrences left (one a sibling took again is found taken when offered).
    await timesFreed(ctx, tx, coming, 'MOVED', now);
    return moved;
  });
}
