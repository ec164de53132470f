import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable, Transaction } from '../../db/connect.js';
import { jobs } from '../../db/schema/index.js';
import { Outbox } from '../realtime/outbox.js';
import { startPollLoop } from '../poll-loop.js';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What a handler reports: DONE when its work happened (or was rightly a no-op), MISSED when it
 * came too late to matter by its kind's rule (see each kind) and deliberately did nothing.
 */
export type JobOutcome = 'DONE' | 'MISSED';

/**
 * Runs one due job inside the claiming transaction (a savepoint of it): whatever it writes
 * commits together with the job's DONE, so a job's effects happen exactly once. Handlers must
 * use `tx`, never `ctx.db` (PGlite has one connection; the transaction holds it). Live events go
 * into `outbox`: they are published after the commit, and dropped when the job fails.
 */
export type JobHandler<P = JobRow['payload']> = (
  ctx: AppContext,
  tx: Transaction,
  job: Omit<JobRow, 'payload'> & { payload: P },
  outbox: Outbox,
) => Promise<JobOutcome | undefined | void>;

interface RegisteredKind {
  handler: JobHandler<unknown>;
  payload: z.ZodType | undefined;
}

const kinds = new Map<string, RegisteredKind>();

/**
 * Registers the handler of a job kind; app.ts calls every module's registration when it builds
 * the app. With `payload`, a job's stored payload is parsed before the handler sees it: one that
 * does not parse (written by an older version, or by hand) fails at once, with its problems in
 * `last_error`, rather than crashing the handler five times.
 */
export function registerJobHandler<P = JobRow['payload']>(kind: string, handler: JobHandler<P>, payload?: z.ZodType<P>): void {
  kinds.set(kind, { handler: handler as JobHandler<unknown>, payload });
}

/** A job whose payload does not match its kind: retrying cannot help. */
class InvalidJobPayload extends Error {}

function payloadOf(registered: RegisteredKind, job: JobRow): unknown {
  if (!registered.payload) return job.payload;
  const parsed = registered.payload.safeParse(job.payload);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
  throw new InvalidJobPayload(`payload does not match job kind ${job.kind}: ${problems}`);
}

export interface NewJob {
  kind: string;
  /** Unique per kind: scheduling the same key twice is a no-op. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Schedules a job; idempotent through the unique (kind, key). Answers whether it was new. */
export async function scheduleJob(q: Queryable, job: NewJob): Promise<boolean> {
  const inserted = await q
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Schedules several jobs in one statement (a series' reminders); each key still at most once. */
export async function scheduleJobs(q: Queryable, batch: NewJob[]): Promise<void> {
  if (batch.length === 0) return;
  await q
    .insert(jobs)
    .values(batch.map((job) => ({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })))
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}

/** Removes the pending jobs of some kinds whose payload has `field` = `value`, or one of several values (entries deleted). */
export async function cancelPendingJobs(q: Queryable, kinds: string[], field: string, value: string | readonly string[]): Promise<number> {
  const values = typeof value === 'string' ? [value] : [...value];
  if (values.length === 0) return 0;
  const deleted = await q
    .delete(jobs)
    .where(and(eq(jobs.status, 'PENDING'), inArray(jobs.kind, kinds), inArray(sql`${jobs.payload} ->> ${field}`, values)))
    .returning({ id: jobs.id });
  return deleted.length;
}

/** A failed job is retried this many times in all, then left FAILED with its last error. */
export const MAX_JOB_ATTEMPTS = 5;

/** Backoff before retry n (1-based): 30 s, 2 min, 8 min, 32 min. */
export function retryDelayMs(attempt: number): number {
  return 30_000 * 4 ** (attempt - 1);
}

export interface RunDueJobsOptions {
  /** Names the node in `locked_by`. */
  runnerId: string;
  /** At most this many jobs in this call. */
  limit?: number;
  /** Asked before each job: true ends the batch after the job that runs (a node shutting down). */
  stopping?: () => boolean;
}

export interface RunDueJobsResult {
  done: number;
  missed: number;
  failed: number;
  retried: number;
}

/**
 * Claims and runs due jobs one by one, each in its own transaction: `FOR UPDATE SKIP LOCKED`
 * lets several runners (nodes) share the table without ever running a job twice. A handler that
 * throws is rolled back to its savepoint; the job gets its error, an attempt, and a later run_at
 * (or FAILED after MAX_JOB_ATTEMPTS). Due-ness is `ctx.clock.now()`, so tests drive it.
 * The claim, the handler's writes and DONE commit together: a node that dies mid-job rolls all
 * of it back and the row is PENDING again for the next runner — no stale RUNNING rows to reap.
 */
export async function runDueJobs(ctx: AppContext, options: RunDueJobsOptions): Promise<RunDueJobsResult> {
  const limit = options.limit ?? 50;
  const result: RunDueJobsResult = { done: 0, missed: 0, failed: 0, retried: 0 };
  for (let i = 0; i < limit && !options.stopping?.(); i++) {
    const outcome = await runOneDueJob(ctx, options.runnerId);
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}

async function runOneDueJob(ctx: AppContext, runnerId: string): Promise<keyof RunDueJobsResult | undefined> {
  const outbox = new Outbox();
  const outcome = await claimAndRunOneJob(ctx, runnerId, outbox);
  if (outcome === 'done' || outcome === 'missed') await outbox.flush(ctx.realtime);
  return outcome;
}

async function claimAndRunOneJob(ctx: AppContext, runnerId: string, outbox: Outbox): Promise<keyof RunDueJobsResult | undefined> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'PENDING'), lte(jobs.runAt, now)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return undefined;
    // A retry's run_at is its backoff's end, so lag is always "late against the plan".
    ctx.metrics.jobLag.observe({ kind: job.kind }, Math.max(0, now.getTime() - job.runAt.getTime()) / 1000);
    const attempts = job.attempts + 1;
    await tx.update(jobs).set({ status: 'RUNNING', attempts, lockedBy: runnerId, lockedAt: now }).where(eq(jobs.id, job.id));
    const registered = kinds.get(job.kind);
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const running = { ...job, payload: payloadOf(registered, job), status: 'RUNNING' as const, attempts, lockedBy: runnerId, lockedAt: now };
      const outcome = (await tx.transaction((savepoint) => registered.handler(ctx, savepoint, running, outbox))) ?? 'DONE';
      await tx.update(jobs).set({ status: outcome, finishedAt: ctx.clock.now(), lastError: null }).where(eq(jobs.id, job.id));
      return outcome === 'DONE' ? 'done' : 'missed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ err: error, jobId: job.id, kind: job.kind, attempts }, 'job failed');
      ctx.metrics.jobFailures.inc({ kind: job.kind });
      const failed = attempts >= MAX_JOB_ATTEMPTS || error instanceof InvalidJobPayload;
      await tx
        .update(jobs)
        .set(
          failed
            ? { status: 'FAILED', lastError: message, finishedAt: now, lockedBy: null }
            : { status: 'PENDING', lastError: message, runAt: new Date(now.getTime() + retryDelayMs(attempts)), lockedBy: null },
        )
        .where(eq(jobs.id, job.id));
      return failed ? 'failed' : 'retried';
    }
  });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `intervalMs` until stopped (main.ts starts it; tests call
 * `runDueJobs` directly). A failing poll is logged and the next one tries again.
 */
export function startJobRunner(ctx: AppContext, options: { runnerId: string; intervalMs?: number; limit?: number }): JobRunner {
  const limit = options.limit ?? 50;
  // A full batch means more may be due: go on at once instead of waiting a whole interval.
  return startPollLoop(ctx.log, options.intervalMs ?? 5_000, 'job runner poll failed', (stopping) =>
    runDueJobs(ctx, { runnerId: options.runnerId, limit, stopping }).then((result) => result.done + result.missed + result.failed + result.retried >= limit),
  );
}
