import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of our own (initdb into a tmp folder, pg_ctl on a free loopback port), so a
 * test may stop and start it without touching the shared one. PostgreSQL refuses to run as root:
 * as root the commands run as the `postgres` OS user, who then owns the folder.
 */
export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  /** `fast`: ends every session (what a restart or failover does to clients); `immediate`: a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it if running and deletes the folder. */
  destroy(): Promise<void>;
}

/** Why a private PostgreSQL cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')) || !fs.existsSync(path.join(PG_BIN, 'pg_ctl'))) {
    return `no initdb/pg_ctl in ${PG_BIN}`;
  }
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return 'running as root, but there is no `postgres` OS user or no runuser to run PostgreSQL as it';
    }
  }
  return undefined;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-private-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(root, uid, gid);
  }
  const pg = (tool: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args]) : run(path.join(PG_BIN, tool), args));

  const port = await freePort();
  let running = false;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      // Loopback only, its socket in its own folder; no fsync: durability of this throwaway data is not the point.
      const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c full_page_writes=off -c max_connections=50`;
      await pg('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop: async (mode = 'fast') => {
      await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy: async () => {
      if (running) await instance.stop('immediate').catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    await instance.start();
  } catch (error) {
    await instance.destroy();
    throw error;
  }
  return instance;
}
