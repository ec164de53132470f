import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './data-dir-lock.js';

export type Schema = typeof schema;
/** The one database type services use: the same on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything a repo function can query through: the database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant shared by all nodes: only one runs migrations at a time.
const MIGRATION_LOCK = 7_402_119;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (in memory when `dataDir` is
 * undefined), and brings the schema up to date from the committed migrations.
 */
export async function connectDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An idle pooled connection died (database restart, failover): reported, never fatal. */
  onIdleConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, node-postgres turns an idle client's error into an uncaught exception
    // that ends the process; the pool replaces the dead client by itself.
    pool.on('error', options.onIdleConnectionError ?? ((error) => console.warn(`database connection lost: ${error.message}`)));
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  }
  let releaseLock = () => undefined as void;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    const client = new PGlite(options.dataDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      await client.close();
      releaseLock();
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
