import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEMO_ACCOUNT_IDENTIFIER, DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { accounts, appointments, appointmentTypes, probingQuestions, profiles, queueMembers, queues } from '../../db/schema/index.js';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { registerJobHandler, type JobHandler } from '../../platform/jobs/index.js';
import { DEMO_RESET_JOB, planDemoReset } from './demo-reset-plan.js';
import { demoHashes, seedDemoPractice } from './seed-demo.js';

/** The demo practice, where this server has one, and the zone of its (first) location. */
async function findDemo(db: Queryable) {
  const [row] = await db
    .select({ id: accounts.id, timeZone: profiles.timeZone })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(sql`lower(${accounts.identifier}) = ${DEMO_ACCOUNT_IDENTIFIER}`)
    .orderBy(asc(profiles.createdAt))
    .limit(1);
  return row;
}

/**
 * The nightly reset (issue 40 §9): the public demo goes back to its seed state — its tickets,
 * appointments, settings, lists and logins as on a fresh start, its booked patients on the
 * weekdays after the reset day. The old practice is deleted and seeded anew in the same
 * transaction, so a visitor never finds half a demo; the new seed plans the next night. A server without the demo (removed by its
 * operator) gets none back.
 */
const resetDemo: JobHandler<Record<string, never>> = async (ctx, tx) => {
  const demo = await findDemo(tx);
  if (!demo) return 'DONE';
  const hashes = await demoHashes();
  // Rows that name another of the account's rows without a cascade go first, dependants before
  // what they name; the rest of the practice cascades from the account.
  await tx.delete(probingQuestions).where(eq(probingQuestions.accountId, demo.id));
  await tx.delete(queueMembers).where(eq(queueMembers.accountId, demo.id));
  await tx.delete(appointments).where(eq(appointments.accountId, demo.id));
  await tx.delete(appointmentTypes).where(eq(appointmentTypes.accountId, demo.id));
  await tx.delete(queues).where(eq(queues.accountId, demo.id));
  await tx.delete(accounts).where(eq(accounts.id, demo.id));
  await seedDemoPractice(ctx, tx, hashes);
  return 'DONE';
};

/** On start: plans the next reset where the demo exists (idempotent; the seed plans it too). */
export async function planDemoResetIfDemo(ctx: AppContext): Promise<Date | undefined> {
  const demo = await findDemo(ctx.db);
  if (!demo) return undefined;
  return planDemoReset(ctx.db, ctx.clock.now(), demo.timeZone ?? DEFAULT_TIME_ZONE);
}

/** The demo module's job kind; app.ts calls this when it builds the app. */
export function registerDemoJobs(): void {
  registerJobHandler(DEMO_RESET_JOB, resetDemo, z.object({}).strict() as z.ZodType<Record<string, never>>);
}
