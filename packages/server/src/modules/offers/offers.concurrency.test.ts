import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AppointmentOffer } from '@wartefrei/shared';
import { appointments, jobs } from '../../db/schema/index.js';
import { selectRows } from '../../db/connect.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { testDatabaseKind } from '../../../test/support/test-database.js';
import { book, cancelByPatient, freedTimesOf, offerKeyIn, offerMailsTo, offersOf, runJobs, setOffers } from '../../../test/support/offers.js';
import { outcomes } from '../../../test/support/concurrency.js';

/**
 * Offers under concurrency (docs/architecture.md#rules-that-hold-under-concurrency): two job
 * runners never send an offer twice, and of patients accepting one freed time at once exactly
 * one moves there — the others keep their appointments. Only PostgreSQL runs transactions side
 * by side, so these run there, over real HTTP to a listening server.
 */
describe.runIf(testDatabaseKind === 'postgres')('offers under concurrency (PostgreSQL)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const at = (minutes: number) => new Date(Date.parse('2026-03-30T08:00:00+02:00') + minutes * 60_000).toISOString();

  /** A freed time at Monday 08:00 and `n` patients waiting later that day, each with a sent offer. */
  async function offeredTo(n: number, runners: string[]) {
    const p = await givenBookablePractice(t, { at: SPRING.now, type: { duration_minutes: 15 }, slot: { end_time: '12:00' }, weekdays: [1] });
    await runJobs(t);
    await setOffers(t, p.type.id, { offerCount: n });
    const leaving = await book(t, p.type.id, at(0));
    const waiting = [];
    for (let i = 1; i <= n; i++) waiting.push(await book(t, p.type.id, at(i * 15), { earlier: {} }));
    await cancelByPatient(t, leaving);
    await Promise.all(runners.map((runnerId) => runDueJobs(t.app.ctx, { runnerId })));
    const [freed] = await freedTimesOf(t, p.type.id);
    return { p, waiting, freed: freed! };
  }

  async function accept(token: string): Promise<{ status: number; body: AppointmentOffer & ApiError }> {
    const res = await fetch(`${baseUrl}/appointment-offers/${token}/accept`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as AppointmentOffer & ApiError };
  }
  /** The appointments holding the freed time's start with its processor. */
  const holding = (freed: { processorId: string; startAt: Date }) =>
    selectRows<{ id: string }>(
      t.app.ctx.db,
      sql`SELECT id FROM appointments WHERE processor_id = ${freed.processorId} AND start_at = ${freed.startAt.toISOString()}::timestamptz AND cancel_state IS NULL`,
    );

  it('two job runners at once: every offer sent exactly once', async () => {
    const { waiting, freed } = await offeredTo(6, ['runner-a', 'runner-b']);
    expect((await offersOf(t, freed.id)).map((o) => o.state)).toEqual(Array(6).fill('SENT'));
    for (const w of waiting) expect(offerMailsTo(t, w.address)).toHaveLength(1);
    const sends = await t.app.ctx.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.kind, 'offer.send'), sql`${jobs.payload}->>'offerId' IN (SELECT id::text FROM appointment_offers WHERE freed_time_id = ${freed.id})`));
    expect(sends).toEqual(Array(6).fill({ status: 'DONE', attempts: 1 }));
  });

  for (const n of [2, 10]) {
    it(`${n} patients accepting at once: exactly one moves there, the rest read OFFER_TAKEN and keep theirs`, async () => {
      const { waiting, freed } = await offeredTo(n, ['runner-a']);
      const tokens = waiting.map((w) => offerKeyIn(offerMailsTo(t, w.address)[0]?.text));
      const answers = await Promise.all(tokens.map(accept));
      expect(outcomes(answers)).toEqual({ '200': 1, [`409 OFFER_TAKEN`]: n - 1 });
      const winner = waiting[answers.findIndex((a) => a.status === 200)]!;
      expect(await holding(freed)).toEqual([{ id: winner.id }]);
      // The others are where they were.
      for (const [i, w] of waiting.entries()) {
        if (w.id === winner.id) continue;
        const [row] = await t.app.ctx.db.select({ startAt: appointments.startAt, cancelState: appointments.cancelState }).from(appointments).where(eq(appointments.id, w.id));
        expect(row).toEqual({ startAt: new Date(at((i + 1) * 15)), cancelState: null });
      }
      expect((await freedTimesOf(t, freed.appointmentTypeId))[0]).toMatchObject({ state: 'FILLED', filledByAppointmentId: winner.id });
    });
  }
});
