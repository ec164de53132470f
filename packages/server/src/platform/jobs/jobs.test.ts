import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { jobs } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { MAX_JOB_ATTEMPTS, registerJobHandler, retryDelayMs, runDueJobs, scheduleJob, startJobRunner } from './index.js';

const t = useTestApp();

const runner = { runnerId: 'runner-a' };
let keyCounter = 0;
const key = () => `k${keyCounter++}`;

async function jobByKey(kind: string, k: string) {
  const [row] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.key, k));
  if (!row || row.kind !== kind) throw new Error(`no job ${kind} ${k}`);
  return row;
}

const ran: string[] = [];
registerJobHandler('test.record', async (_ctx, _tx, job) => {
  ran.push(job.key);
});
registerJobHandler('test.fail-after-write', async (_ctx, tx, job) => {
  // Writes, then fails: the write must not survive (the handler runs in a savepoint).
  await scheduleJob(tx, { kind: 'test.record', key: `side-effect-of-${job.key}`, runAt: new Date(0) });
  throw new Error(`boom ${job.attempts}`);
});
let flakyFailures = 1;
registerJobHandler('test.flaky', async () => {
  if (flakyFailures-- > 0) throw new Error('not yet');
});

const typedRuns: number[] = [];
registerJobHandler(
  'test.typed',
  async (_ctx, _tx, job) => {
    typedRuns.push(job.payload.n);
  },
  z.object({ n: z.number() }),
);

describe('runDueJobs', () => {
  it('runs due jobs in run_at order, leaves future ones pending and marks them DONE', async () => {
    const now = t.clock.now().getTime();
    const [a, b, later] = [key(), key(), key()];
    await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: b, runAt: new Date(now - 1000) });
    await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: a, runAt: new Date(now - 2000) });
    await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: later, runAt: new Date(now + 60_000) });
    ran.length = 0;
    expect(await runDueJobs(t.app.ctx, runner)).toEqual({ done: 2, missed: 0, failed: 0, retried: 0 });
    expect(ran).toEqual([a, b]);
    expect(await jobByKey('test.record', a)).toMatchObject({ status: 'DONE', attempts: 1, lockedBy: 'runner-a', lastError: null });
    expect((await jobByKey('test.record', later)).status).toBe('PENDING');
    t.clock.advanceSeconds(60);
    await runDueJobs(t.app.ctx, runner);
    expect(ran).toEqual([a, b, later]);
  });

  it('scheduling the same kind and key twice is one job', async () => {
    const k = key();
    const runAt = t.clock.now();
    expect(await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: k, runAt })).toBe(true);
    expect(await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: k, runAt: new Date(runAt.getTime() + 5000) })).toBe(false);
    expect(await t.app.ctx.db.select().from(jobs).where(eq(jobs.key, k))).toHaveLength(1);
    ran.length = 0;
    await runDueJobs(t.app.ctx, runner);
    expect(ran).toEqual([k]);
  });

  it('retries a failing job with backoff, rolls its writes back, and leaves it FAILED after the last attempt', async () => {
    const k = key();
    await scheduleJob(t.app.ctx.db, { kind: 'test.fail-after-write', key: k, runAt: t.clock.now() });
    for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt++) {
      const result = await runDueJobs(t.app.ctx, runner);
      const row = await jobByKey('test.fail-after-write', k);
      expect(row).toMatchObject({ attempts: attempt, lastError: `boom ${attempt}` });
      if (attempt < MAX_JOB_ATTEMPTS) {
        expect(result.retried).toBe(1);
        expect(row.status).toBe('PENDING');
        expect(row.runAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(attempt));
        // Not due again before its backoff.
        expect((await runDueJobs(t.app.ctx, runner)).retried).toBe(0);
        t.clock.advanceSeconds(retryDelayMs(attempt) / 1000);
      } else {
        expect(result.failed).toBe(1);
        expect(row.status).toBe('FAILED');
      }
    }
    expect(
      await t.app.ctx.db
        .select()
        .from(jobs)
        .where(like(jobs.key, `side-effect-of-${k}`)),
    ).toEqual([]);
  });

  it('a job that fails once succeeds on its retry', async () => {
    const k = key();
    await scheduleJob(t.app.ctx.db, { kind: 'test.flaky', key: k, runAt: t.clock.now() });
    await runDueJobs(t.app.ctx, runner);
    t.clock.advanceSeconds(retryDelayMs(1) / 1000);
    await runDueJobs(t.app.ctx, runner);
    expect(await jobByKey('test.flaky', k)).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
  });

  it('a job of a kind without a handler fails visibly instead of vanishing', async () => {
    const k = key();
    await scheduleJob(t.app.ctx.db, { kind: 'test.unknown-kind', key: k, runAt: t.clock.now() });
    await runDueJobs(t.app.ctx, runner);
    expect(await jobByKey('test.unknown-kind', k)).toMatchObject({ status: 'PENDING', lastError: 'no handler for job kind test.unknown-kind' });
  });

  it('fails a job whose stored payload does not match its kind at once, and goes on with the others', async () => {
    const [bad, good] = [key(), key()];
    const runAt = new Date(t.clock.now().getTime() - 1000);
    await scheduleJob(t.app.ctx.db, { kind: 'test.typed', key: bad, runAt, payload: { n: 'sieben' } });
    await scheduleJob(t.app.ctx.db, { kind: 'test.typed', key: good, runAt, payload: { n: 7 } });
    typedRuns.length = 0;
    await runDueJobs(t.app.ctx, runner);
    expect(typedRuns).toEqual([7]);
    const failed = await jobByKey('test.typed', bad);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(failed.lastError).toContain('payload does not match job kind test.typed: n:');
    expect((await jobByKey('test.typed', good)).status).toBe('DONE');
  });
});

describe('startJobRunner', () => {
  it('polls at once on start, and stop() waits for the running batch', async () => {
    const k = key();
    await scheduleJob(t.app.ctx.db, { kind: 'test.record', key: k, runAt: t.clock.now() });
    ran.length = 0;
    const jobRunner = startJobRunner(t.app.ctx, { runnerId: 'poller', intervalMs: 60_000 });
    await jobRunner.stop();
    expect(ran).toEqual([k]);
    expect(await jobByKey('test.record', k)).toMatchObject({ status: 'DONE', lockedBy: 'poller' });
  });
});

describe('stopping the runner (a node shutting down)', () => {
  it('lets the running job finish and commit, and starts none of the other due ones', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const runs: string[] = [];
    registerJobHandler('test.slow', async (_ctx, _tx, job) => {
      runs.push(job.key);
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const keys = [key(), key(), key()];
    for (const k of keys) await scheduleJob(t.app.ctx.db, { kind: 'test.slow', key: k, runAt: new Date(t.clock.now().getTime() - 1000) });
    const jobRunner = startJobRunner(t.app.ctx, { runnerId: 'stopping', intervalMs: 60_000 });
    await firstStarted;
    const stopped = jobRunner.stop();
    release();
    await stopped;
    expect(runs).toHaveLength(1);
    const rows = await Promise.all(keys.map((k) => jobByKey('test.slow', k)));
    expect(rows.map((row) => row.status).sort()).toEqual(['DONE', 'PENDING', 'PENDING']);
    // The other tests' runs must not meet these (their handler would wait for a release).
    await t.app.ctx.db.delete(jobs).where(eq(jobs.kind, 'test.slow'));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two runners on one PostgreSQL', () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    second = await connectDatabase({ databaseUrl: t.databaseUrl });
  });
  afterAll(async () => second.close());

  it('runs each of 200 due jobs exactly once', async () => {
    const invocations = new Map<number, number>();
    const byRunner = new Map<string, number>();
    registerJobHandler('test.count', async (_ctx, _tx, job) => {
      invocations.set(job.id, (invocations.get(job.id) ?? 0) + 1);
      byRunner.set(job.lockedBy ?? '', (byRunner.get(job.lockedBy ?? '') ?? 0) + 1);
      // A moment of real work, so the two runners overlap.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    });
    const runAt = new Date(t.clock.now().getTime() - 1000);
    for (let i = 0; i < 200; i++) await scheduleJob(t.app.ctx.db, { kind: 'test.count', key: `c${i}`, runAt });

    const ctxA = t.app.ctx;
    const ctxB = { ...t.app.ctx, db: second.db };
    const drain = async (ctx: typeof ctxA, runnerId: string) => {
      for (;;) {
        const result = await runDueJobs(ctx, { runnerId, limit: 7 });
        if (result.done + result.failed + result.retried + result.missed === 0) return;
      }
    };
    await Promise.all([drain(ctxA, 'node-a'), drain(ctxB, 'node-b')]);

    const rows = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.count'));
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.status !== 'DONE')).toEqual([]);
    expect(rows.every((r) => invocations.get(r.id) === 1)).toBe(true);
    expect([...invocations.values()].reduce((a, b) => a + b, 0)).toBe(200);
    // Both nodes took part (each claimed some), and the row says who ran it.
    expect(byRunner.get('node-a')).toBeGreaterThan(0);
    expect(byRunner.get('node-b')).toBeGreaterThan(0);
    const claimed = await t.app.ctx.db
      .select({ by: jobs.lockedBy })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          rows.map((r) => r.id),
        ),
      );
    expect(new Set(claimed.map((c) => c.by))).toEqual(new Set(['node-a', 'node-b']));
  });
});
