import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { book } from '../../../test/support/offers.js';

/*
 * Staff changes of an appointment by the routes a patient's token also opens (`/appointments/:token/…`)
 * are in the audit log under the id; the patient's own are not (no actor). The audit table is keyed
 * by the registered route: a key spelled `:id` there audited nothing, silently, until issue 43.
 */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

const changesOf = (accountId: string, id: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, 'appointment.change'), eq(auditLog.subjectId, id)));

describe('appointment changes by staff on the token routes', () => {
  it('a staff cancel by id is audited with the id; the patient’s cancel by link is not', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const byStaff = await book(t, p.type.id, SPRING.tuesday8);
    const cancelled = await t.inject({ method: 'POST', url: `/appointments/${byStaff.id}/cancel`, headers: asUser(p.user), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const audited = await changesOf(p.accountId, byStaff.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]!.detail).toMatchObject({ request: 'POST /appointments/:token/cancel' });

    const byPatient = await book(t, p.type.id, SPRING.tuesday8);
    expect((await t.inject({ method: 'POST', url: `/appointments/${linkKey(byPatient)}/cancel`, payload: {} })).statusCode).toBe(200);
    expect(await changesOf(p.accountId, byPatient.id)).toHaveLength(0);
  });
});
