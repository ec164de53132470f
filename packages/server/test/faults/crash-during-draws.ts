import { expect } from 'vitest';
import type { Database } from '../../src/db/connect.js';
import { drawTicket, prepareDemoDraws } from './demo-queue.js';
import { drawUntilCrash } from './draw-load.js';
import { startServerProcess, type ServerOptions } from './server-process.js';
import { readStoredDraws } from './stored-draws.js';

export const DRAWS = 1000;
export const CONCURRENCY = 64;
export const CRASH_AFTER = 200;

export interface CrashFigures {
  acknowledgedBeforeCrash: number;
  inFlightAtCrash: number;
  cutOff: number;
  storedMembers: number;
}

/**
 * The crash scenario for one database: the real server draws under load, dies by kill -9 while
 * draws are in flight, starts again on the same database, and takes the next draw. Then it is
 * stopped in order and `withDatabase` opens the database for the checks: every acknowledged
 * ticket is stored with the number it was promised, and counter row and tickets agree.
 */
export async function crashDuringDraws(server: ServerOptions, withDatabase: <T>(use: (db: Database) => Promise<T>) => Promise<T>): Promise<CrashFigures> {
  const first = await startServerProcess(server);
  let queueId: string;
  let body: Record<string, string>;
  let load: Awaited<ReturnType<typeof drawUntilCrash>>;
  try {
    ({ queueId, body } = await prepareDemoDraws(first.base));
    load = await drawUntilCrash({ base: first.base, queueId, body, total: DRAWS, concurrency: CONCURRENCY, crashAfter: CRASH_AFTER, crash: first.crash });
  } finally {
    await first.crash();
  }
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(load.acknowledged.length).toBeGreaterThanOrEqual(CRASH_AFTER);
  // The kill really hit draws in flight: some were sent and never answered.
  expect(load.inFlightAtCrash).toBeGreaterThan(0);
  expect(load.failed.length).toBeGreaterThan(0);
  // Nothing was refused for a reason of its own: every failure is the cut connection.
  for (const failure of load.failed) expect(failure).not.toMatch(/^\d{3} /);

  const second = await startServerProcess(server);
  let next: Awaited<ReturnType<typeof drawTicket>>;
  try {
    next = await drawTicket(second.base, queueId, body);
  } catch (error) {
    await second.crash();
    throw error;
  }
  expect(await second.stop(), `orderly stop after the restart; stderr:\n${second.stderr()}`).toBe(0);
  expect(second.stderr()).not.toMatch(/\b(error|fatal)\b/i);

  const acknowledged = [...load.acknowledged, { id: next.id, number: next.number }];
  const stored = await withDatabase((db) => readStoredDraws(db, queueId));
  const byId = new Map(stored.members.map((m) => [m.id, m]));

  // Every acknowledged ticket survived with the number its answer promised.
  for (const ack of acknowledged) expect(byId.get(ack.id)?.number, `ticket ${ack.id}`).toBe(ack.number);
  // Numbers are unique within the session, and the counter row agrees with the tickets:
  // ordinals 1…last_ordinal, each once — no counter step without its ticket, no ticket without its step.
  expect(new Set(stored.members.map((m) => m.number)).size).toBe(stored.members.length);
  expect(stored.members.map((m) => m.ordinal)).toEqual(Array.from({ length: stored.session.last_ordinal }, (_, i) => i + 1));
  // The draw after the restart continues the counter (no number handed out twice).
  expect(next.number).toBe(stored.session.last_ordinal);
  expect(next.number).toBeGreaterThan(Math.max(...load.acknowledged.map((a) => a.number)));
  // Every row is whole: a fresh online ticket of the open session, drawn after it opened.
  expect(stored.session.open).toBe(true);
  for (const member of stored.members) {
    expect(member).toMatchObject({
      number: member.ordinal, // the demo queue counts from 1 without a number end
      status: 'WAITING',
      cancel_state: null,
      removed: false,
      origin: 'ONLINE',
      version: 0,
      display_name: body.display_name ?? null,
    });
    expect(member.order_at.getTime()).toBe(member.created_at.getTime());
    expect(member.created_at.getTime()).toBeGreaterThanOrEqual(stored.session.opened_at?.getTime() ?? Infinity);
  }
  return {
    acknowledgedBeforeCrash: load.acknowledged.length,
    inFlightAtCrash: load.inFlightAtCrash,
    cutOff: load.failed.length,
    storedMembers: stored.members.length,
  };
}
