import { z } from 'zod';
import type { Queryable } from '../../db/connect.js';
import { registerJobHandler, scheduleJob, type JobHandler } from '../../platform/jobs/index.js';
import type { Outbox } from '../../platform/realtime/index.js';
import { drawMember } from './draw.repo.js';
import { linkAppointmentToMember } from '../patient-links/index.js';
import { announceUpdate } from './tickets.events.js';
import { findMember, updateMemberIfVersion, type MemberRow, type NewMemberRow } from './tickets.repo.js';

/*
 * A checked-in appointment in its list (docs/product.md#states-and-transitions): a member with
 * origin APPOINTMENT and the next number, placed by its start time among the walk-ins. Once its
 * time has come it is called before them: its place moves to its start minus a day, ahead of
 * every walk-in of the day and behind due appointments that started earlier. A check-in before
 * the start leaves that move to a job at the start.
 */

export const APPOINTMENT_DUE_JOB = 'appointment.due';
const DAY_MS = 86_400_000;

/** Where a checked-in appointment stands: by its start until it is due, then ahead of the walk-ins. */
export function appointmentOrderAt(start: Date, now: Date): Date {
  return start.getTime() <= now.getTime() ? new Date(start.getTime() - DAY_MS) : start;
}

export type AppointmentMemberValues = Pick<
  NewMemberRow,
  'accountId' | 'queueId' | 'appointmentId' | 'firstName' | 'lastName' | 'birthDate' | 'insuranceNumber' | 'mail' | 'phone' | 'lang' | 'sealedData' | 'sealedSeriesId'
> & { start: Date };

/**
 * Puts the appointment into its list with the next number (the list must be open; walk-in intake
 * switches do not apply). Undefined: the list is closed. Call inside the check-in's transaction.
 */
export async function admitAppointment(q: Queryable, values: AppointmentMemberValues, now: Date, outbox: Outbox): Promise<MemberRow | undefined> {
  const { start, ...member } = values;
  const row = await drawMember(
    q,
    'APPOINTMENT',
    {
      ...member,
      numberQueueId: values.queueId,
      silent: false,
      drawnByUserId: null,
      orderAt: appointmentOrderAt(start, now),
      createdAt: now,
    },
    undefined,
  );
  if (!row) return undefined;
  // The patient follows the ticket with the link they have: the appointment's.
  if (values.appointmentId) await linkAppointmentToMember(q, values.appointmentId, row.id);
  if (start.getTime() > now.getTime()) {
    await scheduleJob(q, { kind: APPOINTMENT_DUE_JOB, key: row.id, runAt: start, payload: { memberId: row.id, orderAt: appointmentOrderAt(start, start).toISOString() } });
  }
  announceUpdate(outbox, row);
  return row;
}

const DuePayload = z.object({ memberId: z.uuid(), orderAt: z.string() });

/** At the start: a checked-in appointment still waiting moves ahead of the walk-ins. */
const moveDueAppointment: JobHandler<z.infer<typeof DuePayload>> = async (_ctx, tx, job, outbox) => {
  const member = await findMember(tx, job.payload.memberId);
  if (member?.status !== 'WAITING' || member.cancelState !== null) return 'DONE';
  const moved = await updateMemberIfVersion(tx, member.id, member.version, { orderAt: new Date(job.payload.orderAt) });
  if (moved) announceUpdate(outbox, moved);
  return 'DONE';
};

export function registerAppointmentMemberJobs(): void {
  registerJobHandler(APPOINTMENT_DUE_JOB, moveDueAppointment, DuePayload);
}
