import type { ErasureResult } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { Outbox } from '../../platform/realtime/index.js';
import { announceAppointments, dropReminders } from '../appointments/index.js';
import { recordAudit, whoOf } from '../audit/index.js';
import { announceUpdate, findMember } from '../tickets/index.js';
import { erasableAppointment, erasableMember, eraseAppointments, eraseMembers } from './erasure.repo.js';

/*
 * A patient's request to erase their data (GDPR art. 17), carried out by staff now: the ticket's
 * or appointment's personal data goes, and with it that of the linked record (an appointment
 * and the ticket it became at check-in), in one transaction with its audit entry. Whoever may
 * read the record in reports may erase it; anything else is a 404.
 */

interface Linked {
  memberIds: string[];
  appointmentIds: string[];
  queueId: string;
}

async function erase(ctx: AppContext, actor: Actor, address: string, linked: Linked, subject: 'member' | 'appointment', id: string): Promise<ErasureResult> {
  const at = ctx.clock.now();
  const outbox = new Outbox();
  const erased = await ctx.db.transaction(async (tx) => {
    const members = await eraseMembers(tx, linked.memberIds, at);
    const appointments = await eraseAppointments(tx, linked.appointmentIds, at);
    await dropReminders(tx, appointments);
    await recordAudit(
      ctx,
      tx,
      whoOf(actor, address),
      subject === 'member' ? 'member.erase' : 'appointment.erase',
      { type: subject, id },
      {
        members: members.length,
        appointments: appointments.length,
      },
    );
    for (const memberId of members) {
      const row = await findMember(tx, memberId);
      if (row) announceUpdate(outbox, row);
    }
    return { members, appointments };
  });
  await outbox.flush(ctx.realtime);
  if (erased.appointments.length > 0) await announceAppointments(ctx, [{ accountId: actor.accountId, queueId: linked.queueId }]);
  return { erased_at: at.toISOString(), members: erased.members, appointments: erased.appointments };
}

/** `POST /members/{id}/erase`. */
export async function eraseMemberNow(ctx: AppContext, actor: Actor, id: string, address: string): Promise<ErasureResult> {
  const member = isUuid(id) ? await erasableMember(ctx.db, actor, id) : undefined;
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const linked = { memberIds: [member.id], appointmentIds: member.appointmentId ? [member.appointmentId] : [], queueId: member.queueId };
  return erase(ctx, actor, address, linked, 'member', member.id);
}

/** `POST /appointments/{id}/erase`. */
export async function eraseAppointmentNow(ctx: AppContext, actor: Actor, id: string, address: string): Promise<ErasureResult> {
  const appointment = isUuid(id) ? await erasableAppointment(ctx.db, actor, id) : undefined;
  if (!appointment) throw new AppError('APPOINTMENT_NOT_FOUND');
  const linked = { memberIds: appointment.memberId ? [appointment.memberId] : [], appointmentIds: [appointment.id], queueId: appointment.queueId };
  return erase(ctx, actor, address, linked, 'appointment', appointment.id);
}
