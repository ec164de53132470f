import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase, selectRows } from './connect.js';
import { createTestDatabase, testDatabaseKind } from '../../test/support/test-database.js';

// PostgreSQL only: PGlite runs in-process and has no connections to lose.
describe.runIf(testDatabaseKind === 'postgres')('a PostgreSQL connection that dies (restart, failover)', () => {
  it('is reported and replaced; the process goes on and the next query works', async () => {
    const testDb = await createTestDatabase();
    const errors: Error[] = [];
    const handle = await connectDatabase({ databaseUrl: testDb.url, onIdleConnectionError: (error) => errors.push(error) });
    try {
      await selectRows(handle.db, sql`SELECT 1`); // leaves an idle client in the pool

      const killer = new pg.Client({ connectionString: testDb.url });
      await killer.connect();
      const killed = await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await killer.end();
      expect(killed.rowCount).toBeGreaterThan(0);

      await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(errors[0]?.message).toMatch(/terminating connection/);
      expect(await selectRows<{ one: number }>(handle.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await testDb.close();
    }
  });
});
