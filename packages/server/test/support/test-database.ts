import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';

/** Which database this test run targets: the vitest project sets TEST_DB. */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A clean, migrated database for one test file: an in-memory PGlite, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind === 'pglite') return connectDatabase({});
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `wf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
