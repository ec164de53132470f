import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/connect.js';
import { createTestDatabase, testDatabaseKind } from './test-database.js';

// The pool is PGlite's (pglite-pool.ts); PostgreSQL gives every file a database of its own.
describe.runIf(testDatabaseKind === 'pglite')('a PGlite test database used again by the next file', () => {
  it('comes back empty, with counters from the start and the reference rows the migrations wrote', async () => {
    const first = await createTestDatabase();
    const [country] = await selectRows<{ id: number }>(first.db, sql`SELECT id FROM countries ORDER BY id LIMIT 1`);
    await first.db.execute(sql`INSERT INTO jobs (kind, key, run_at, payload) VALUES ('test.pool', 'a', now(), '{}')`);
    const [job] = await selectRows<{ id: number }>(first.db, sql`SELECT id FROM jobs WHERE kind = 'test.pool'`);
    const countries = await selectRows<{ n: number }>(first.db, sql`SELECT count(*)::int AS n FROM countries`);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(await selectRows(second.db, sql`SELECT 1 FROM jobs`)).toEqual([]);
      expect(await selectRows<{ n: number }>(second.db, sql`SELECT count(*)::int AS n FROM countries`)).toEqual(countries);
      expect(countries[0]?.n).toBeGreaterThan(200);
      expect(country).toBeDefined();
      await second.db.execute(sql`INSERT INTO jobs (kind, key, run_at, payload) VALUES ('test.pool', 'b', now(), '{}')`);
      expect(await selectRows<{ id: number }>(second.db, sql`SELECT id FROM jobs WHERE kind = 'test.pool'`)).toEqual([{ id: job?.id }]);
    } finally {
      await second.close();
    }
  });

  it('refuses what a closed file still sends, and rolls back the transaction it had open', async () => {
    const first = await createTestDatabase();
    let release!: () => void;
    let started!: () => void;
    const closed = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (started = resolve));
    const late = first.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO jobs (kind, key, run_at, payload) VALUES ('test.pool', 'late-1', now(), '{}')`);
      started();
      await closed;
      await tx.execute(sql`INSERT INTO jobs (kind, key, run_at, payload) VALUES ('test.pool', 'late-2', now(), '{}')`);
    });
    // The close waits for the open transaction (it holds the database), which fails its next statement.
    await inside;
    const closing = first.close();
    release();
    await expect(late).rejects.toMatchObject({ cause: { message: expect.stringMatching(/was closed/) } });
    await closing;
    await expect(first.db.execute(sql`SELECT 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/was closed/) } });

    const second = await createTestDatabase();
    try {
      expect(await selectRows(second.db, sql`SELECT key FROM jobs`)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
