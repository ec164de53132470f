import { describe, expect, it } from 'vitest';
import { translate, type ApiError } from '@wartefrei/shared';
import { connectDatabase } from '../../src/db/connect.js';
import { testDatabaseKind } from '../support/test-database.js';
import { drawRequest, prepareDemoDraws } from './demo-queue.js';
import { startDrawLoad } from './draw-load.js';
import { createPrivatePostgres, privatePostgresUnavailable } from './private-postgres.js';
import { startServerProcess } from './server-process.js';
import { readStoredDraws } from './stored-draws.js';

// PostgreSQL goes down under load and comes back; the server keeps running throughout. On a
// private PostgreSQL instance, so the shared one is never stopped. PostgreSQL only (PGlite runs
// inside the server process and cannot go down alone).

// Phases by when a draw was sent; `stopping`/`starting` last while pg_ctl waits, so either answer may come.
type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

/** An answer as `kind` for the tally: 201, or the status with the error code (else the raw text). */
function kindOf(answer: { status: number; body: string }): string {
  if (answer.status === 201) return '201';
  try {
    return `${answer.status} ${(JSON.parse(answer.body) as ApiError).code}`;
  } catch {
    return `${answer.status} ${answer.body}`;
  }
}

const WORKERS = 8;

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL restarted while the server is under load', () => {
  // fast: every session is ended with a FATAL message (a restart, a failover); immediate: the
  // sockets just close (a crash), and PostgreSQL recovers on its next start.
  it.for(['fast', 'immediate'] as const)(
    'stopped %s: answers 503 DATABASE_UNAVAILABLE in the caller’s language while it is down, and 201 again once it is back, without a restart',
    { timeout: 120_000 },
    async (mode, context) => {
      const unavailable = privatePostgresUnavailable();
      if (unavailable) {
        context.skip(`needs a private PostgreSQL (initdb/pg_ctl): ${unavailable}`);
        return;
      }
      const postgres = await createPrivatePostgres();
      try {
        const server = await startServerProcess({ databaseUrl: postgres.url });
        try {
          const { queueId, body } = await prepareDemoDraws(server.base);
          let phase: Phase = 'up';
          // While it is down answers come back at once.
          const load = startDrawLoad({ base: server.base, queueId, body, workers: WORKERS, phase: () => phase, idle: (p) => p === 'down' });
          const { answers, acknowledged } = load;
          const seen = (p: Phase, status?: number) => answers.filter((a) => a.phase === p && (status === undefined || a.status === status)).length;
          try {
            await expect.poll(() => seen('up', 201), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(50);

            // The draws in flight lose their connection, some in the middle of their transaction.
            phase = 'stopping';
            await postgres.stop(mode);
            phase = 'down';
            await expect.poll(() => seen('down'), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(50);

            // What a patient sees meanwhile: a 503 with a stable code and a message in their language.
            for (const [lang, header] of [
              ['de', 'de-AT'],
              ['en', 'en-GB,en;q=0.9'],
              ['tr', 'tr'],
            ] as const) {
              const res = await drawRequest(server.base, queueId, body, { 'accept-language': header });
              expect(res.status).toBe(503);
              expect(res.headers.get('retry-after')).toBe('5');
              const error = (await res.json()) as ApiError;
              expect(error).toEqual({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: translate(lang, 'errors', 'DATABASE_UNAVAILABLE') });
            }
            const read = await fetch(`${server.base}/queues/${queueId}/public`);
            expect(read.status).toBe(503);
            expect(((await read.json()) as ApiError).code).toBe('DATABASE_UNAVAILABLE');

            phase = 'starting';
            await postgres.start();
            phase = 'back';
            // No restart of the server: its pool makes new connections by itself.
            await expect.poll(() => seen('back', 201), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(50);
          } catch (error) {
            // A dead server shows here as a refused fetch: say so, with its last words.
            if (!server.alive()) throw new Error(`the server exited; its stderr:\n${server.stderr()}`, { cause: error });
            throw error;
          } finally {
            await load.stop();
          }

          expect(server.alive(), `the server must not exit; stderr:\n${server.stderr()}`).toBe(true);
          // Every answer is a ticket or the one unavailable error — never a 500, a dropped
          // connection or a stack trace, not even for the draws the stop cut off mid-transaction.
          const kinds = new Map<string, number>();
          for (const answer of answers) {
            const kind = kindOf(answer);
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
            expect(answer.body).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
          }
          console.info(
            `stopped ${mode}; answers by kind:`,
            Object.fromEntries(kinds),
            'by phase:',
            Object.fromEntries((['up', 'stopping', 'down', 'starting', 'back'] as const).map((p) => [p, seen(p)])),
          );
          expect([...kinds.keys()].sort()).toEqual(['201', '503 DATABASE_UNAVAILABLE']);
          expect(seen('down', 201)).toBe(0);
          // Once back, the first answers may still meet the pool's last dead clients; after that only tickets.
          const back = answers.filter((a) => a.phase === 'back');
          const firstTicket = back.findIndex((a) => a.status === 201);
          expect(back.slice(firstTicket).every((a) => a.status === 201)).toBe(true);

          expect(await server.stop(), 'orderly stop').toBe(0);
          // The cut-off draws rolled back whole: every acknowledged ticket is stored, counter and tickets agree.
          const handle = await connectDatabase({ databaseUrl: postgres.url, onIdleConnectionError: () => undefined });
          try {
            const stored = await readStoredDraws(handle.db, queueId);
            const ids = new Set(stored.members.map((m) => m.id));
            expect(acknowledged.filter((a) => !ids.has(a.id))).toEqual([]);
            expect(stored.members.map((m) => m.ordinal)).toEqual(Array.from({ length: stored.session.last_ordinal }, (_, i) => i + 1));
          } finally {
            await handle.close();
          }
        } finally {
          await server.crash();
        }
      } finally {
        await postgres.destroy();
      }
    },
  );
});
