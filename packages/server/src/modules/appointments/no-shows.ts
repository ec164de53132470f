import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import { topicOf, type Appointment } from '@wartefrei/shared';
import { appointments } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { registerJobHandler, type JobHandler, type NewJob } from '../../platform/jobs/index.js';
import { findVisibleAppointment, updateAppointmentIf, type AppointmentRow } from './appointments.repo.js';
import { announceAppointments } from './appointments.events.js';
import { presentAppointment } from './present.js';

/*
 * No-shows (docs/product.md#confirmations-and-no-shows): an appointment still booked, not
 * cancelled and not checked in when its time is over becomes NO_SHOW by a job at its end, so
 * reports count it without anyone clicking. Staff undo it (the patient came after all, the
 * desk forgot the check-in): back to BOOKED. The job's key names the end, so a moved
 * appointment gets a new one and an undone no-show is not marked again by the old one.
 */

export const NO_SHOW_JOB = 'appointment.no-show';

const NoShowPayload = z.object({ appointmentId: z.uuid(), endAt: z.string() });

/** The no-show job of an appointment as it is now, or none (not booked, or over already). */
export function noShowJob(row: AppointmentRow, now: Date): NewJob | undefined {
  if (row.cancelState !== null || row.status !== 'BOOKED' || row.endAt.getTime() <= now.getTime()) return undefined;
  const endAt = row.endAt.toISOString();
  return { kind: NO_SHOW_JOB, key: `${row.id}:${endAt}`, runAt: row.endAt, payload: { appointmentId: row.id, endAt } };
}

const markAtEnd: JobHandler<z.infer<typeof NoShowPayload>> = async (ctx, tx, job, outbox) => {
  const now = ctx.clock.now();
  const stillBooked = and(
    eq(appointments.status, 'BOOKED'),
    isNull(appointments.cancelState),
    isNull(appointments.checkedInAt),
    eq(appointments.endAt, new Date(job.payload.endAt)),
  );
  const marked = await updateAppointmentIf(tx, job.payload.appointmentId, stillBooked, { status: 'NO_SHOW' }, now);
  if (marked) outbox.add(topicOf('account', marked.accountId), { name: 'appointments.changed', data: { queue_id: marked.queueId } });
  return 'DONE';
};

/** `DELETE /appointments/{id}/no-show` (staff of its list): the patient came after all — BOOKED again; undoing twice changes nothing. */
export async function undoNoShow(ctx: AppContext, actor: Actor, id: string): Promise<Appointment> {
  const found = await findVisibleAppointment(ctx.db, actor, id);
  if (!found) throw new AppError('NOT_FOUND');
  const { row, timeZone } = found;
  const now = ctx.clock.now();
  if (row.status === 'BOOKED' && row.cancelState === null) return presentAppointment(row, timeZone, now);
  if (row.status !== 'NO_SHOW') throw new AppError('APPOINTMENT_STATE');
  const undone = await updateAppointmentIf(ctx.db, row.id, eq(appointments.status, 'NO_SHOW'), { status: 'BOOKED' }, now);
  if (!undone) throw new AppError('APPOINTMENT_STATE');
  await announceAppointments(ctx, [undone]);
  return presentAppointment(undone, timeZone, now);
}

export function registerNoShowJobs(): void {
  registerJobHandler(NO_SHOW_JOB, markAtEnd, NoShowPayload);
}
