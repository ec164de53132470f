import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema/index.js';
import { lockDataDir } from './data-dir-lock.js';
import { PgliteThread } from './pglite-thread.js';

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
  /** PGlite in a folder only: that folder, for the backup channel (db/backup-channel.ts). */
  dataDir?: string;
  /** PGlite in a folder only: a consistent copy of the folder as a tar, taken between transactions. */
  dumpDataDir?: () => Promise<Blob>;
}

/** Longest wait for a pooled connection (a busy pool included) before a request gives up. */
const CONNECTION_TIMEOUT_MS = 15_000;

// Any constant shared by all nodes: only one runs migrations at a time.
const MIGRATION_LOCK = 7_402_119;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (in memory when `dataDir` is
 * undefined), and brings the schema up to date from the committed migrations.
 */
export async function connectDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** A pooled connection died, idle or checked out (database restart, failover): reported, never fatal. */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * PGlite in memory only: start from this dump of a database (`dumpDataDir`) instead of an empty
   * one. Tests start from one migrated once per worker: migrating anew cost each file 1.5 s.
   */
  loadDataDir?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that is unreachable (not merely refusing) would keep a request waiting for a
      // connection forever; after this it answers 503 DATABASE_UNAVAILABLE and the caller retries.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      // Notices a peer that vanished without closing the socket (failover, network cut).
      keepAlive: true,
    });
    // Without a listener, node-postgres turns a connection's error into an uncaught exception
    // that ends the process. The pool listens only while a client is idle; one checked out when
    // PostgreSQL ends its session between two queries (a fast stop mid-transaction) needs a
    // listener of its own. Each client reports its first error, here; the pool's own 'error' for
    // an idle client is the same error again. A dead client fails its next query (503
    // DATABASE_UNAVAILABLE) and the pool drops it on release, then connects anew by itself.
    const report = options.onIdleConnectionError ?? ((error: Error) => console.warn(`database connection lost: ${error.message}`));
    pool.on('connect', (client) => {
      let reported = false; // after the first error, the socket's end repeats it in other words
      client.on('error', (error) => {
        if (!reported) report(error);
        reported = true;
      });
    });
    pool.on('error', () => undefined);
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
    const client = await PgliteThread.open({ dataDir: options.dataDir, loadDataDir: options.dataDir ? undefined : options.loadDataDir });
    const close = async () => {
      await client.close();
      releaseLock();
    };
    try {
      // The thread offers what drizzle's driver calls on a PGlite (pglite-thread.ts).
      const db = drizzlePglite(client as unknown as PGlite, { schema });
      await migratePglite(db, { migrationsFolder });
      const folder = options.dataDir && { dataDir: options.dataDir, dumpDataDir: () => client.dumpBetweenTransactions() };
      return { db, kind: 'pglite', close, ...folder };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  // The two drivers type `execute` differently; both answer `{ rows }`, whose shape the caller's query decides.
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
