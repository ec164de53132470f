import { z } from 'zod';
import type { Queryable } from '../../db/connect.js';
import { cancelPendingJobs, registerJobHandler, scheduleJobs, type JobHandler } from '../../platform/jobs/index.js';
import { confirmSettingsOf } from './appointment-types.repo.js';
import { findAppointmentWithPlace, type AppointmentRow } from './appointments.repo.js';
import { CONFIRM_ASK_JOB, confirmAskJob } from './confirmations.js';
import { NO_SHOW_JOB, noShowJob } from './no-shows.js';
import { sendNews } from './notify.js';

/*
 * The reminder before an appointment (docs/product.md#entities: SMS reminder minutes, chosen
 * by the patient; a day before when they chose none), by mail and/or SMS as they asked. One job
 * per appointment and start, in the job table: runners claim it once (SKIP LOCKED), a restart
 * finds it still pending. A move drops it and schedules the new one; a cancel or delete drops
 * it; the handler checks again that the appointment is still booked at that start, so a race
 * with a cancel sends nothing. A reminder whose time has passed is never scheduled, and one
 * that runs after the start (the server was down) is missed, not sent.
 *
 * This is the one place that owns an appointment's timed jobs: the reminder, the ask to
 * confirm (confirmations.ts) and the no-show at its end (no-shows.ts) are scheduled and dropped
 * together, so every writer that books, moves, cancels or restores keeps all three true.
 */

export const APPOINTMENT_REMINDER_JOB = 'appointment.reminder';
/** Without a choice of the patient: a day before. */
export const DEFAULT_REMINDER_MINUTES = 1440;

const ReminderPayload = z.object({ appointmentId: z.uuid(), startAt: z.string() });

/** When the reminder of an appointment is due, or undefined when it gets none (no channel, or the time has passed). */
export function reminderDue(row: AppointmentRow, now: Date): Date | undefined {
  const wanted = (row.notifyMail && row.mail) || (row.notifySms && row.phone);
  if (!wanted || row.cancelState !== null || row.status !== 'BOOKED') return undefined;
  const at = new Date(row.startAt.getTime() - (row.smsReminderMinutes ?? DEFAULT_REMINDER_MINUTES) * 60_000);
  return at.getTime() > now.getTime() ? at : undefined;
}

/** Drops the pending timed jobs (reminder, ask to confirm, no-show) of appointments cancelled, deleted or about to be rescheduled. */
export async function dropReminders(q: Queryable, ids: string[]): Promise<void> {
  await cancelPendingJobs(q, [APPOINTMENT_REMINDER_JOB, CONFIRM_ASK_JOB, NO_SHOW_JOB], 'appointmentId', ids);
}

/**
 * Replaces the pending timed jobs of the appointments by those due for each as it is now (or
 * none): three statements however many rows — a series has up to 366.
 */
export async function resetReminders(q: Queryable, rows: AppointmentRow[], now: Date): Promise<void> {
  await dropReminders(
    q,
    rows.map((row) => row.id),
  );
  const settings = await confirmSettingsOf(
    q,
    rows.map((row) => row.appointmentTypeId),
  );
  await scheduleJobs(
    q,
    rows.flatMap((row) => {
      const runAt = reminderDue(row, now);
      const reminder = runAt
        ? { kind: APPOINTMENT_REMINDER_JOB, key: `${row.id}:${row.startAt.toISOString()}`, runAt, payload: { appointmentId: row.id, startAt: row.startAt.toISOString() } }
        : undefined;
      return [reminder, confirmAskJob(row, settings.get(row.appointmentTypeId), now), noShowJob(row, now)].filter((job) => job !== undefined);
    }),
  );
}

const remind: JobHandler<z.infer<typeof ReminderPayload>> = async (ctx, tx, job) => {
  const found = await findAppointmentWithPlace(tx, job.payload.appointmentId);
  const row = found?.appointment;
  if (!found || !row || row.cancelState !== null || row.status !== 'BOOKED' || row.startAt.toISOString() !== job.payload.startAt) return 'DONE';
  if (ctx.clock.now().getTime() >= row.startAt.getTime()) return 'MISSED';
  await sendNews(ctx, 'reminder', found, [found.appointment], tx);
  return 'DONE';
};

export function registerReminderJobs(): void {
  registerJobHandler(APPOINTMENT_REMINDER_JOB, remind, ReminderPayload);
}
