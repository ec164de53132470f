import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SealedRecord, UnsealedFields } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { accountKeys, appointments, privateKeyExchanges, probingAnswers, queueMembers } from '../../db/schema/index.js';

/*
 * Switching encryption off (docs/security.md#encryption): the records still sealed, and writing
 * back what an admin's browser opened. Like retention's erasure, this reaches into the tickets'
 * and appointments' rows directly: it is the one place that turns sealed data clear again.
 */

const sealedMembers = (accountId: string) => and(eq(queueMembers.accountId, accountId), isNotNull(queueMembers.sealedData));
const sealedAppointments = (accountId: string) => and(eq(appointments.accountId, accountId), isNotNull(appointments.sealedData));

export async function countSealed(q: Queryable, accountId: string): Promise<number> {
  const [[members], [booked]] = await Promise.all([
    q.select({ n: count() }).from(queueMembers).where(sealedMembers(accountId)),
    q.select({ n: count() }).from(appointments).where(sealedAppointments(accountId)),
  ]);
  return (members?.n ?? 0) + (booked?.n ?? 0);
}

/** Up to `limit` sealed records of the account: tickets first, then appointments. */
export async function sealedRecords(q: Queryable, accountId: string, limit: number): Promise<SealedRecord[]> {
  const members = await q
    .select({ id: queueMembers.id, sealed: queueMembers.sealedData, appointmentId: queueMembers.appointmentId, seriesId: queueMembers.sealedSeriesId })
    .from(queueMembers)
    .where(sealedMembers(accountId))
    .orderBy(asc(queueMembers.id))
    .limit(limit);
  const rest = limit - members.length;
  const booked =
    rest > 0
      ? await q
          .select({ id: appointments.id, sealed: appointments.sealedData, seriesId: appointments.sealedSeriesId })
          .from(appointments)
          .where(sealedAppointments(accountId))
          .orderBy(asc(appointments.id))
          .limit(rest)
      : [];
  return [
    ...members.map((m) => ({ kind: 'member' as const, id: m.id, appointment_id: m.appointmentId, sealed_series_id: m.seriesId, sealed_data: m.sealed! })),
    ...booked.map((a) => ({ kind: 'appointment' as const, id: a.id, sealed_series_id: a.seriesId, sealed_data: a.sealed! })),
  ];
}

const clear = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value);

/** Writes one opened record back in the clear, if it still holds the sealed text opened; answers whether it did. */
export async function unsealRecord(q: Queryable, accountId: string, kind: SealedRecord['kind'], id: string, sealed: string, fields: UnsealedFields, at: Date): Promise<boolean> {
  if (kind === 'member') {
    const [row] = await q
      .update(queueMembers)
      .set({
        displayName: clear(fields.display_name),
        firstName: clear(fields.first_name),
        lastName: clear(fields.last_name),
        birthDate: clear(fields.birth_date),
        insuranceNumber: clear(fields.insurance_number),
        sealedData: null,
        sealedSeriesId: null,
      })
      .where(and(eq(queueMembers.id, id), eq(queueMembers.accountId, accountId), eq(queueMembers.sealedData, sealed)))
      .returning({ id: queueMembers.id });
    if (!row) return false;
    for (const [questionId, text] of Object.entries(fields.answers ?? {})) {
      await q
        .update(probingAnswers)
        .set({ freeText: clear(text) })
        .where(and(eq(probingAnswers.memberId, id), eq(probingAnswers.questionId, questionId)));
    }
    return true;
  }
  const [row] = await q
    .update(appointments)
    .set({
      firstName: clear(fields.first_name),
      lastName: clear(fields.last_name),
      birthDate: clear(fields.birth_date),
      insuranceNumber: clear(fields.insurance_number),
      description: clear(fields.description),
      sealedData: null,
      sealedSeriesId: null,
      updatedAt: at,
    })
    .where(and(eq(appointments.id, id), eq(appointments.accountId, accountId), eq(appointments.sealedData, sealed)))
    .returning({ id: appointments.id });
  return row !== undefined;
}

/**
 * Takes the account's key row for the rest of the transaction (a switch-off decides alone) and
 * answers how encryption stands: `on`, `switching_off`, or undefined (off, no key).
 */
export async function lockAccountKey(q: Queryable, accountId: string): Promise<'on' | 'switching_off' | undefined> {
  const [row] = await q.select({ disabledAt: accountKeys.disabledAt }).from(accountKeys).where(eq(accountKeys.accountId, accountId)).for('update');
  if (!row) return undefined;
  return row.disabledAt === null ? 'on' : 'switching_off';
}

/** Switching off begins: nothing is sealed for the key from now on; the key stays for the records still sealed. */
export async function markSwitchingOff(q: Queryable, accountId: string, at: Date): Promise<void> {
  await q.update(accountKeys).set({ disabledAt: at }).where(eq(accountKeys.accountId, accountId));
}

/** The account key and every grant of it; users keep their own keys for a later switch-on. */
export async function dropAccountKey(q: Queryable, accountId: string): Promise<void> {
  await q.delete(privateKeyExchanges).where(eq(privateKeyExchanges.accountId, accountId));
  await q.delete(accountKeys).where(eq(accountKeys.accountId, accountId));
}

/** Whether every record named is the account's (a foreign id is answered like an unknown one). */
export async function ownsRecords(q: Queryable, accountId: string, records: { kind: SealedRecord['kind']; id: string }[]): Promise<boolean> {
  const ids = (kind: SealedRecord['kind']) => [...new Set(records.filter((r) => r.kind === kind).map((r) => r.id))];
  const [memberIds, appointmentIds] = [ids('member'), ids('appointment')];
  const [[members], [booked]] = await Promise.all([
    memberIds.length > 0
      ? q
          .select({ n: count() })
          .from(queueMembers)
          .where(and(eq(queueMembers.accountId, accountId), inArray(queueMembers.id, memberIds)))
      : [{ n: 0 }],
    appointmentIds.length > 0
      ? q
          .select({ n: count() })
          .from(appointments)
          .where(and(eq(appointments.accountId, accountId), inArray(appointments.id, appointmentIds)))
      : [{ n: 0 }],
  ]);
  return (members?.n ?? 0) === memberIds.length && (booked?.n ?? 0) === appointmentIds.length;
}
