import { and, asc, count, eq, exists, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClearRecord, UnsealedFields } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, probingAnswers, queueMembers } from '../../db/schema/index.js';

/*
 * Sealing what was stored before encryption was switched on (docs/security.md#encryption): the
 * records still holding patient data in the clear, and writing back what an admin's browser
 * sealed. The mirror of sealed.repo.ts, the one other place that reaches into these rows' fields.
 */

/** A member's free-text answer the browser can seal: one of a question that still exists (it is sealed under its id). */
const sealableAnswer = and(isNotNull(probingAnswers.questionId), isNotNull(probingAnswers.freeText));

const clearMembers = (q: Queryable, accountId: string) =>
  and(
    eq(queueMembers.accountId, accountId),
    isNull(queueMembers.sealedData),
    or(
      isNotNull(queueMembers.displayName),
      isNotNull(queueMembers.firstName),
      isNotNull(queueMembers.lastName),
      isNotNull(queueMembers.birthDate),
      isNotNull(queueMembers.insuranceNumber),
      exists(
        q
          .select({ one: probingAnswers.id })
          .from(probingAnswers)
          .where(and(eq(probingAnswers.memberId, queueMembers.id), sealableAnswer)),
      ),
    ),
  );

const clearAppointments = (accountId: string) =>
  and(
    eq(appointments.accountId, accountId),
    isNull(appointments.sealedData),
    or(
      isNotNull(appointments.firstName),
      isNotNull(appointments.lastName),
      isNotNull(appointments.birthDate),
      isNotNull(appointments.insuranceNumber),
      isNotNull(appointments.description),
    ),
  );

export async function countClear(q: Queryable, accountId: string): Promise<number> {
  const [[members], [booked]] = await Promise.all([
    q.select({ n: count() }).from(queueMembers).where(clearMembers(q, accountId)),
    q.select({ n: count() }).from(appointments).where(clearAppointments(accountId)),
  ]);
  return (members?.n ?? 0) + (booked?.n ?? 0);
}

/** Up to `limit` records of the account still holding patient data in the clear: tickets first, then appointments. */
export async function clearRecords(q: Queryable, accountId: string, limit: number): Promise<ClearRecord[]> {
  const members = await q
    .select({
      id: queueMembers.id,
      display_name: queueMembers.displayName,
      first_name: queueMembers.firstName,
      last_name: queueMembers.lastName,
      birth_date: queueMembers.birthDate,
      insurance_number: queueMembers.insuranceNumber,
    })
    .from(queueMembers)
    .where(clearMembers(q, accountId))
    .orderBy(asc(queueMembers.id))
    .limit(limit);
  const answers =
    members.length > 0
      ? await q
          .select({ memberId: probingAnswers.memberId, questionId: probingAnswers.questionId, text: probingAnswers.freeText })
          .from(probingAnswers)
          .where(
            and(
              inArray(
                probingAnswers.memberId,
                members.map((m) => m.id),
              ),
              sealableAnswer,
            ),
          )
      : [];
  const rest = limit - members.length;
  const booked =
    rest > 0
      ? await q
          .select({
            id: appointments.id,
            first_name: appointments.firstName,
            last_name: appointments.lastName,
            birth_date: appointments.birthDate,
            insurance_number: appointments.insuranceNumber,
            description: appointments.description,
          })
          .from(appointments)
          .where(clearAppointments(accountId))
          .orderBy(asc(appointments.id))
          .limit(rest)
      : [];
  return [
    ...members.map(({ id, ...fields }) => {
      const own = answers.filter((a) => a.memberId === id);
      return { kind: 'member' as const, id, fields: { ...fields, ...(own.length > 0 ? { answers: Object.fromEntries(own.map((a) => [a.questionId!, a.text!])) } : {}) } };
    }),
    ...booked.map(({ id, ...fields }) => ({ kind: 'appointment' as const, id, fields })),
  ];
}

/** The column still holds exactly the value read (null as null). */
const holds = (column: AnyPgColumn, value: string | null | undefined): SQL => (value === undefined || value === null ? isNull(column) : eq(column, value));

/**
 * Stores one record sealed, its clear fields emptied, if it still holds the clear fields read
 * and nothing sealed; answers whether it did. A member's free-text answers go with it.
 */
export async function sealRecord(q: Queryable, accountId: string, kind: ClearRecord['kind'], id: string, fields: UnsealedFields, sealed: string, at: Date): Promise<boolean> {
  if (kind === 'member') {
    const [row] = await q
      .update(queueMembers)
      .set({ displayName: null, firstName: null, lastName: null, birthDate: null, insuranceNumber: null, sealedData: sealed })
      .where(
        and(
          eq(queueMembers.id, id),
          eq(queueMembers.accountId, accountId),
          isNull(queueMembers.sealedData),
          holds(queueMembers.displayName, fields.display_name),
          holds(queueMembers.firstName, fields.first_name),
          holds(queueMembers.lastName, fields.last_name),
          holds(queueMembers.birthDate, fields.birth_date),
          holds(queueMembers.insuranceNumber, fields.insurance_number),
        ),
      )
      .returning({ id: queueMembers.id });
    if (!row) return false;
    // Answers are written once, with the ticket: those read are all there are.
    await q
      .update(probingAnswers)
      .set({ freeText: null })
      .where(and(eq(probingAnswers.memberId, id), sealableAnswer));
    return true;
  }
  const [row] = await q
    .update(appointments)
    .set({ firstName: null, lastName: null, birthDate: null, insuranceNumber: null, description: null, sealedData: sealed, updatedAt: at })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.accountId, accountId),
        isNull(appointments.sealedData),
        holds(appointments.firstName, fields.first_name),
        holds(appointments.lastName, fields.last_name),
        holds(appointments.birthDate, fields.birth_date),
        holds(appointments.insuranceNumber, fields.insurance_number),
        holds(appointments.description, fields.description),
      ),
    )
    .returning({ id: appointments.id });
  return row !== undefined;
}
