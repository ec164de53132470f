import { z } from 'zod';
import { AUDIT_KEEP_DAYS } from '@wartefrei/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, jobs } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { registerJobHandler, scheduleJob, type JobHandler } from '../../platform/jobs/index.js';
import { deleteAuditBefore, recordAudit } from '../audit/index.js';
import { findAccountById } from '../accounts/index.js';
import { eraseAppointments, eraseMembers, expiredAppointmentIds, expiredMemberIds } from './erasure.repo.js';

/*
 * Retention (GDPR art. 5(1)(e), docs/security.md#retention). Once a day a sweep gives every
 * account its own job; each erases the personal data of the account's tickets finished and
 * drawn more than `retention_days` ago and of its appointments that ended that long ago, and
 * deletes audit entries older than a year. A job erases at most BATCH rows of each kind in its
 * transaction and leaves the rest to a follow-up a few seconds later: a first run over years of
 * history never holds the database for long. Missed-while-down rule: it always runs, however
 * late — late erasure is still erasure.
 */

export const RETENTION_SWEEP_JOB = 'privacy.retention-sweep';
export const RETENTION_JOB = 'privacy.retention';
const DAY_MS = 86_400_000;
/** The sweep's time of day: the quiet of a European night. */
const SWEEP_UTC_HOUR = 1;
const SWEEP_UTC_MINUTE = 30;
export const RETENTION_BATCH = 2_000;
const FOLLOW_UP_MS = 5_000;

/** The next sweep instant after `now`. */
export function nextSweepAt(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SWEEP_UTC_HOUR, SWEEP_UTC_MINUTE);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

const sweepKey = (at: Date) => at.toISOString().slice(0, 10);

/** Makes sure the next sweep is planned (server start; idempotent by its date key). */
export async function planRetention(ctx: AppContext): Promise<void> {
  const at = nextSweepAt(ctx.clock.now());
  await scheduleJob(ctx.db, { kind: RETENTION_SWEEP_JOB, key: sweepKey(at), runAt: at });
}

/** One job per account, due now; the key makes a second sweep of the day a no-op. */
async function scheduleAccountRuns(q: Queryable, now: Date): Promise<void> {
  const key = sweepKey(now);
  await q.execute(sql`
    INSERT INTO ${jobs} (kind, key, run_at, payload)
    SELECT ${RETENTION_JOB}, ${accounts.id}::text || ':' || ${key}, ${now.toISOString()}::timestamptz, jsonb_build_object('accountId', ${accounts.id})
    FROM ${accounts}
    ON CONFLICT (kind, key) DO NOTHING`);
}

const sweep: JobHandler = async (ctx, tx) => {
  const now = ctx.clock.now();
  await scheduleAccountRuns(tx, now);
  const next = nextSweepAt(new Date(now.getTime() + 60_000));
  await scheduleJob(tx, { kind: RETENTION_SWEEP_JOB, key: sweepKey(next), runAt: next });
  return 'DONE';
};

const RetentionPayload = z.object({ accountId: z.uuid() });

const retain: JobHandler<z.infer<typeof RetentionPayload>> = async (ctx, tx, job) => {
  const { accountId } = job.payload;
  const account = await findAccountById(tx, accountId);
  // The account is gone (and its data with it).
  if (!account) return 'MISSED';
  const days = account.retentionDays;
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const members = await eraseMembers(tx, await expiredMemberIds(tx, accountId, cutoff, RETENTION_BATCH), now);
  const appointments = await eraseAppointments(tx, await expiredAppointmentIds(tx, accountId, cutoff, RETENTION_BATCH), now);
  const auditDeleted = await deleteAuditBefore(tx, accountId, new Date(now.getTime() - AUDIT_KEEP_DAYS * DAY_MS));
  await recordAudit(
    ctx,
    tx,
    { accountId, userId: null, address: null },
    'retention.run',
    { type: 'account', id: accountId },
    {
      retention_days: days,
      members: members.length,
      appointments: appointments.length,
      audit_deleted: auditDeleted,
    },
  );
  if (members.length === RETENTION_BATCH || appointments.length === RETENTION_BATCH) {
    const at = new Date(now.getTime() + FOLLOW_UP_MS);
    await scheduleJob(tx, { kind: RETENTION_JOB, key: `${accountId}:${at.toISOString()}`, runAt: at, payload: { accountId } });
  }
  return 'DONE';
};

/** The privacy module's job kinds; app.ts calls this when it builds the app. */
export function registerPrivacyJobs(): void {
  registerJobHandler(RETENTION_SWEEP_JOB, sweep);
  registerJobHandler(RETENTION_JOB, retain, RetentionPayload);
}
