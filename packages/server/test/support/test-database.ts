import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrationsFolder } from '../../src/paths.js';
import { leasePglite } from './pglite-pool.js';

/** Which database this test run targets: the vitest project sets TEST_DB. */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The committed migrations, as one hash: a template made from other migrations is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(fs.readFileSync(path.join(migrationsFolder, file)));
  hash.update(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/*
 * Migrating a database takes 1–1.5 s; the integration suite starts one per file on each database
 * kind. So each worker migrates PGlite once, starts its databases from that dump and empties them
 * between files (pglite-pool.ts), and PostgreSQL copies every file's database from a template
 * migrated once per set of migrations.
 * Each file still gets a database of its own; connectDatabase still runs the migrator (a no-op).
 */
let pgliteDump: Promise<Blob> | undefined;
const migratedPglite = () =>
  (pgliteDump ??= (async () => {
    const handle = await connectDatabase({});
    try {
      return await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    } finally {
      await handle.close();
    }
  })());

// Any constant: only one worker of all runs on this server builds the template at a time.
const TEMPLATE_LOCK = 7_402_120;
let postgresTemplate: Promise<string> | undefined;
const migratedTemplate = (adminUrl: string) =>
  (postgresTemplate ??= (async () => {
    const name = `wf_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        // Templates of earlier migrations are of no use here; one another run still copies stays.
        const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'wf\\_template\\_%'");
        for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
        const building = `${name}_building_${randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await connectDatabase({ databaseUrl: withDatabaseName(adminUrl, building) });
        await handle.close();
        // Renamed only once complete: a run that died while migrating leaves no half template.
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
  })());

/** CREATE DATABASE from the template, again while another copy holds it (55006) a moment. */
async function copyOf(admin: pg.Client, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * A clean, migrated database for one test file: an in-memory PGlite, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind === 'pglite') return leasePglite(migratedPglite);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `wf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await copyOf(admin, await migratedTemplate(adminUrl), name);
        break;
      } catch (error) {
        // A run of other migrations on this server (another checkout) dropped our template as
        // stale: build it again rather than fail every file after.
        if ((error as { code?: string }).code !== '3D000' || attempt >= 5) throw error;
        postgresTemplate = undefined;
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(adminUrl, name);
  // The drop below ends every connection WITH (FORCE); one still closing reports that here.
  const handle = await connectDatabase({ databaseUrl: url, onIdleConnectionError: () => undefined });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
