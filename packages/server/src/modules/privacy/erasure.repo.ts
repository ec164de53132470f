import { and, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { alertSubscriptions, appointments, probingAnswers, queueMembers, queues } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth.js';
import { queueReportableBy } from '../queues/index.js';
import { dropLinks } from '../patient-links/index.js';

/*
 * What "personal data" is, in one place (docs/security.md#retention): everything that names or
 * describes the patient. What stays is what the figures need — times, states, list, processor,
 * origin, number, info tags and the chosen answers of the questionnaire — and the language.
 */

/** Erases tickets' personal data and their free-text answers; answers the ids erased. */
export async function eraseMembers(q: Queryable, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const erased = await q
    .update(queueMembers)
    .set({
      displayName: null,
      firstName: null,
      lastName: null,
      birthDate: null,
      insuranceNumber: null,
      mail: null,
      phone: null,
      sealedData: null,
      personalDataErasedAt: at,
      // Staff screens holding the old version refetch rather than act on what is gone.
      version: sql`${queueMembers.version} + 1`,
    })
    .where(inArray(queueMembers.id, ids))
    .returning({ id: queueMembers.id });
  await q.update(probingAnswers).set({ freeText: null }).where(inArray(probingAnswers.memberId, ids));
  // An open ticket's alerts go too: their phone number and push address are the patient's.
  await q.delete(alertSubscriptions).where(inArray(alertSubscriptions.memberId, ids));
  // And the patient's links: what they opened is gone (docs/security.md#patient-links).
  await dropLinks(q, { memberIds: ids });
  return erased.map((row) => row.id);
}

/** Erases appointments' personal data (and their reminders' reason to exist); answers the ids erased. */
export async function eraseAppointments(q: Queryable, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const erased = await q
    .update(appointments)
    .set({
      firstName: null,
      lastName: null,
      birthDate: null,
      mail: null,
      phone: null,
      insuranceNumber: null,
      description: null,
      sealedData: null,
      notifyMail: false,
      notifySms: false,
      personalDataErasedAt: at,
      version: sql`${appointments.version} + 1`,
      updatedAt: at,
    })
    .where(inArray(appointments.id, ids))
    .returning({ id: appointments.id });
  await dropLinks(q, { appointmentIds: ids });
  return erased.map((row) => row.id);
}

/** Finished tickets of the account drawn before `cutoff` that still hold personal data, oldest first. */
export async function expiredMemberIds(q: Queryable, accountId: string, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ id: queueMembers.id })
    .from(queueMembers)
    .where(
      and(
        eq(queueMembers.accountId, accountId),
        isNull(queueMembers.personalDataErasedAt),
        lt(queueMembers.createdAt, cutoff),
        notInArray(queueMembers.status, ['WAITING', 'PROCESSING']),
      ),
    )
    .orderBy(queueMembers.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Appointments of the account that ended before `cutoff` and still hold personal data, oldest first. */
export async function expiredAppointmentIds(q: Queryable, accountId: string, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.accountId, accountId), isNull(appointments.personalDataErasedAt), lt(appointments.endAt, cutoff)))
    .orderBy(appointments.endAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whose data a staff member may erase: what they may read in reports (archived lists included). */
const erasableBy = (actor: Actor, queueId: typeof queueMembers.queueId | typeof appointments.queueId) =>
  sql`${queueId} in (select ${queues.id} from ${queues} where ${queueReportableBy(actor)})`;

/** A ticket the actor may erase, with its appointment (checked in) — else undefined. */
export async function erasableMember(q: Queryable, actor: Actor, id: string) {
  const [row] = await q
    .select({ id: queueMembers.id, queueId: queueMembers.queueId, appointmentId: queueMembers.appointmentId })
    .from(queueMembers)
    .where(and(eq(queueMembers.id, id), eq(queueMembers.accountId, actor.accountId), erasableBy(actor, queueMembers.queueId)))
    .limit(1);
  return row;
}

/** An appointment the actor may erase, with the ticket it became (checked in) — else undefined. */
export async function erasableAppointment(q: Queryable, actor: Actor, id: string) {
  const [row] = await q
    .select({ id: appointments.id, queueId: appointments.queueId, accountId: appointments.accountId, memberId: queueMembers.id })
    .from(appointments)
    .leftJoin(queueMembers, eq(queueMembers.appointmentId, appointments.id))
    .where(and(eq(appointments.id, id), eq(appointments.accountId, actor.accountId), erasableBy(actor, appointments.queueId)))
    .limit(1);
  return row;
}
