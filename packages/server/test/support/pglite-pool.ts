import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { PgliteQueries, PgliteThread } from '../../src/db/pglite-thread.js';
import * as schema from '../../src/db/schema/index.js';

/*
 * The PGlite databases of one test worker, used again from file to file. A fresh one (a thread,
 * the WebAssembly PostgreSQL and the migrated dump loaded into it) cost 1.1–2 s of CPU, and the
 * suite opened about 230 of them; emptying one that a file closed costs about a tenth of that.
 *
 * A file gets a lease: its own drizzle instance over the thread that answers until the file
 * closes it. A query sent after that (work a closed app left running) is refused rather than
 * written into the next file's database; a transaction it had open rolls back. Then every table
 * is emptied (TRUNCATE … RESTART IDENTITY: counters start again as in a fresh one) except the
 * reference rows the migrations wrote, and the database waits for the next file. A database
 * whose reset fails is closed, never handed out again.
 */

/** Tables the migrations fill with reference data that no test changes. */
const REFERENCE_TABLES = new Set(['countries']);

const idle: PgliteThread[] = [];

class LeaseClosed extends Error {
  constructor() {
    super('this test database was closed (its file ended); the query was not run');
  }
}

/** What drizzle's driver calls (query, exec, transaction), answered only while the lease is live. */
function leaseOf(thread: PgliteThread, live: () => boolean): PgliteQueries & Pick<PgliteThread, 'transaction'> {
  const gate = (queries: PgliteQueries): PgliteQueries => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      live() ? queries.query<T>(sql, params, options) : Promise.reject(new LeaseClosed()),
    exec: (sql: string) => (live() ? queries.exec(sql) : Promise.reject(new LeaseClosed())),
  });
  return {
    ...gate(thread),
    // The thread's own transaction begins and ends it; only the statements inside are gated, so a
    // refused one rolls the transaction back instead of leaving it holding the database.
    transaction: <T>(run: (tx: PgliteQueries) => Promise<T>): Promise<T> => (live() ? thread.transaction((tx) => run(gate(tx))) : Promise.reject(new LeaseClosed())),
  };
}

async function emptied(thread: PgliteThread): Promise<boolean> {
  try {
    const { rows } = await thread.query<{ name: string }>("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
    const tables = rows.map((row) => row.name).filter((name) => !REFERENCE_TABLES.has(name));
    await thread.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    return true;
  } catch {
    await thread.close().catch(() => undefined);
    return false;
  }
}

/** A migrated, empty PGlite for one file: one this worker emptied, or a new one from the dump. */
export async function leasePglite(migratedDump: () => Promise<Blob>): Promise<DatabaseHandle> {
  let thread = idle.pop();
  if (!thread) {
    const handle = await connectDatabase({ loadDataDir: await migratedDump() });
    thread = (handle.db as unknown as { $client: PgliteThread }).$client;
  }
  const leased = thread;
  let live = true;
  let closing: Promise<void> | undefined;
  return {
    db: drizzle(leaseOf(leased, () => live) as unknown as PGlite, { schema }),
    kind: 'pglite',
    close: () =>
      (closing ??= (async () => {
        live = false;
        if (await emptied(leased)) idle.push(leased);
      })()),
  };
}
