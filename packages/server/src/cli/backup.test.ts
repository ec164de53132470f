import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.js';
import { prepareDemoDraws } from '../../test/faults/demo-queue.js';
import { startDrawLoad, type AcknowledgedDraw } from '../../test/faults/draw-load.js';
import { startServerProcess, type ServerProcess } from '../../test/faults/server-process.js';
import { readStoredDraws } from '../../test/faults/stored-draws.js';
import { testDatabaseKind } from '../../test/support/test-database.js';
import { serverBundle } from '../../test/support/server-bundle.js';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the operator command in a process of its own, as `npm run admin` does. */
function admin(args: string[], env: Record<string, string>) {
  // The bundle `npm run admin` runs, without npm's second of lookup.
  const processEnv = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env };
  return serverBundle()
    .then((bundle) => run(process.execPath, ['--enable-source-maps', bundle.admin, ...args], { cwd: serverDir, env: processEnv }))
    .then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The tickets of the demo queue's session in a restored folder. */
async function restoredDraws(dataDir: string, queueId: string) {
  const handle = await connectDatabase({ dataDir });
  try {
    return await readStoredDraws(handle.db, queueId);
  } finally {
    await handle.close();
  }
}

/** Holds for every copy: the counter row and the tickets agree, so no draw is in it by half. */
function expectWhole(stored: Awaited<ReturnType<typeof restoredDraws>>): void {
  expect(stored.members.map((m) => m.ordinal)).toEqual(Array.from({ length: stored.session.last_ordinal }, (_, i) => i + 1));
}

function expectContains(stored: Awaited<ReturnType<typeof restoredDraws>>, tickets: AcknowledgedDraw[]): void {
  const byId = new Map(stored.members.map((m) => [m.id, m.number]));
  for (const ticket of tickets) expect(byId.get(ticket.id), `ticket ${ticket.id}`).toBe(ticket.number);
}

describe.runIf(testDatabaseKind === 'pglite')('npm run admin -- backup / restore of the embedded database', () => {
  // One server's folder for the whole file: the second test copies what the first left, stopped.
  let root: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let queueId: string;
  let acknowledged: AcknowledgedDraw[] = [];
  beforeAll(() => {
    // The data folder inside a private tmp folder, so its siblings `.lock` and `.admin/` go too.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-backup-'));
    dataDir = path.join(root, 'data');
  });
  afterAll(async () => {
    await server?.crash();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('copies the folder of a running server while draws go on; the copy restores with every ticket acknowledged before', { timeout: 300_000 }, async () => {
    // No load balancer to drain for: the orderly stop need not wait.
    const running = await startServerProcess({ dataDir, env: { SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_SOCKET_SPREAD_MS: '0' } });
    server = running;
    const socketPath = `${dataDir}.admin/backup.sock`;
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${dataDir}.admin`).mode & 0o777).toBe(0o700);

    let body: Record<string, string>;
    ({ queueId, body } = await prepareDemoDraws(running.base));
    let phase: 'before' | 'during' | 'after' = 'before';
    const load = startDrawLoad({ base: running.base, queueId, body, workers: 4, phase: () => phase });
    const file = path.join(root, 'running.tar.gz');
    let before: AcknowledgedDraw[];
    let backedUp: Awaited<ReturnType<typeof admin>>;
    let refused: Awaited<ReturnType<typeof admin>>;
    try {
      await until(() => load.acknowledged.length >= 100, '100 draws');
      before = [...load.acknowledged];
      phase = 'during';
      backedUp = await admin(['backup', file], { DATA_DIR: dataDir });
      phase = 'after';
      // The server serves on after the copy, and refuses a restore into its own folder.
      const enough = load.acknowledged.length + 20;
      refused = await admin(['restore', file], { DATA_DIR: dataDir });
      await until(() => load.acknowledged.length >= enough, '20 draws after the backup');
    } finally {
      await load.stop();
    }
    acknowledged = load.acknowledged;
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain('from the running server');
    expect(fs.readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${running.pid}`);
    // A command that needs the folder itself is refused in one message, with no stack.
    const rebuild = await admin(['reports', 'rebuild'], { DATA_DIR: dataDir });
    expect(rebuild.code).toBe(1);
    expect(rebuild.stderr).toContain(`reports failed: The embedded database in ${dataDir} is in use by process ${running.pid}`);
    expect(rebuild.stderr).not.toMatch(/^\s+at /m);
    // Draws were answered while the copy was taken, and none failed in any phase.
    expect(load.answers.filter((a) => a.phase === 'during').length).toBeGreaterThan(0);
    expect(load.answers.filter((a) => a.status !== 201).map((a) => `${a.phase} ${a.status} ${a.body}`)).toEqual([]);
    // The server's lock is still its own: the command never took the folder.
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(running.pid));

    expect(await running.stop(), `orderly stop; stderr:\n${running.stderr()}`).toBe(0);
    expect(running.stderr()).not.toMatch(/\b(error|fatal)\b/i);
    expect(fs.existsSync(`${dataDir}.admin`)).toBe(false);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    const restoredDir = path.join(root, 'restored-running');
    const restored = await admin(['restore', file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    const stored = await restoredDraws(restoredDir, queueId);
    expectContains(stored, before);
    expectWhole(stored);
    // Nothing in the copy that the server did not acknowledge (it answered every draw it committed).
    const answered = new Set(acknowledged.map((a) => a.id));
    expect(stored.members.filter((m) => !answered.has(m.id))).toEqual([]);
    console.info('backup while running:', {
      file: `${fs.statSync(file).size} bytes`,
      command: backedUp.stdout.trim(),
      acknowledgedBefore: before.length,
      inCopy: stored.members.length,
      acknowledgedInAll: acknowledged.length,
      restore: restored.stdout.trim(),
    });
  });

  it('copies the folder directly while no server runs; the copy restores with every ticket', { timeout: 120_000 }, async () => {
    expect(server?.alive(), 'the first test left a stopped server').toBe(false);
    const file = path.join(root, 'stopped.tar.gz');
    const backedUp = await admin(['backup', file], { DATA_DIR: dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain('directly (no server running)');
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    const restoredDir = path.join(root, 'restored-stopped');
    const restored = await admin(['restore', file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    const stored = await restoredDraws(restoredDir, queueId);
    expectContains(stored, acknowledged);
    expect(stored.members).toHaveLength(acknowledged.length);
    expectWhole(stored);
    console.info('backup while stopped:', { file: `${fs.statSync(file).size} bytes`, command: backedUp.stdout.trim() });
  });

  it('restore refuses a folder that is not empty and leaves a new one absent when the file is no backup', { timeout: 120_000 }, async () => {
    const junk = path.join(root, 'not-a-backup.tar.gz');
    fs.writeFileSync(junk, 'no tar, no gzip');
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');

    const refused = await admin(['restore', junk], { DATA_DIR: occupied });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);

    const fresh = path.join(root, 'fresh');
    const failed = await admin(['restore', junk], { DATA_DIR: fresh });
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('restore failed');
    // Absent again, so a second attempt with the right file is not refused as not empty.
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.existsSync(`${fresh}.lock`)).toBe(false);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('npm run admin -- backup / restore with DATABASE_URL', () => {
  it('refuses and points to pg_dump and pg_restore', async () => {
    const file = path.join(os.tmpdir(), `wf-backup-${process.pid}.tar.gz`);
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' };
    const backedUp = await admin(['backup', file], env);
    expect(backedUp.code).toBe(1);
    expect(backedUp.stderr).toContain('pg_dump --format=custom');
    expect(fs.existsSync(file)).toBe(false);
    const restored = await admin(['restore', file], env);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain('pg_restore --clean --if-exists --no-owner');
  });
});
