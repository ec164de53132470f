import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.js';
import { testDatabaseKind } from '../../test/support/test-database.js';

// The embedded database in its own thread behaves as PGlite did in-process: errors keep
// PostgreSQL's fields, transactions commit or roll back whole, and a query of the database waits
// for an open transaction. PGlite only: PostgreSQL's driver is node-postgres.
describe.runIf(testDatabaseKind === 'pglite')('the embedded database in its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open({});
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, data bytea)');
  });
  afterAll(() => db.close());

  it('answers rows in either mode, with dates as text and bytes as bytes when drizzle asks so', async () => {
    await db.query('INSERT INTO t VALUES ($1, $2, $3)', [1, '2026-03-29T01:30:00Z', new Uint8Array([1, 2, 3])]);
    const asText = { 1184: (value: string) => value };
    const objects = await db.query<{ id: number; at: string; data: Uint8Array }>('SELECT * FROM t WHERE id = $1', [1], { parsers: asText });
    expect(objects.rows).toEqual([{ id: 1, at: '2026-03-29 01:30:00+00', data: new Uint8Array([1, 2, 3]) }]);
    const arrays = await db.query('SELECT id, at FROM t', [], { rowMode: 'array' });
    expect(arrays.rows[0]).toEqual([1, expect.any(Date)]);
  });

  it('refuses a parser that changes the value: it could not run in the thread', async () => {
    await expect(db.query('SELECT 1', [], { parsers: { 23: (value: string) => Number(value) } })).rejects.toThrow(/pass-through parsers/);
  });

  it("keeps PostgreSQL's fields on an error, as the unique-violation check reads them", async () => {
    await db.query('INSERT INTO t (id) VALUES (2)');
    // With drizzle's parsers, as every query of the app: PGlite puts them on its errors.
    const error = await db.query('INSERT INTO t (id) VALUES (2)', [], { parsers: { 1184: (value: string) => value } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringMatching(/duplicate key/) });
  });

  it('commits a transaction whole, and rolls it back whole when its work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (10)');
      await tx.query('INSERT INTO t (id) VALUES (11)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (12)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('lets a query of the database wait until an open transaction ends, as one connection does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (20)');
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 20').then((r) => order.push(`outside saw ${r.rows[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
  });

  it('dumps the database between transactions, and the dump opens as a database again', async () => {
    const dump = await db.dumpBetweenTransactions();
    const copy = await PgliteThread.open({ loadDataDir: dump });
    try {
      expect((await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });

  it('fails every call after the thread is gone, instead of leaving it waiting', async () => {
    const gone = await PgliteThread.open({});
    await gone.close();
    await expect(gone.query('SELECT 1')).rejects.toThrow(/embedded database stopped/);
  });

  it('keeps no process alive while idle: a script that forgets to close still ends', () => {
    const thread = fileURLToPath(new URL('./pglite-thread.ts', import.meta.url));
    const script = `const { PgliteThread } = await import(${JSON.stringify(thread)}); const db = await PgliteThread.open({}); console.log((await db.query('SELECT 41 + 1 AS n')).rows[0].n);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout.trim()).toBe('42');
    expect(run.status).toBe(0);
  });
});
