import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import { createTestDatabase, testDatabaseKind } from '../support/test-database.js';
import { CONCURRENCY, CRASH_AFTER, DRAWS, crashDuringDraws } from './crash-during-draws.js';

// kill -9 of the real server while draws are in flight, then a restart on the same database.
// Each database runs in its own vitest project only, so each scenario runs once per `npm test`.
// Two server starts, each allowed server-process.ts's START_TIMEOUT_MS on a loaded machine.
const SCENARIO_TIMEOUT = 420_000;
const title = `keeps every acknowledged ticket after kill -9 during ${DRAWS} draws (${CONCURRENCY} in flight, killed after ${CRASH_AFTER} answers) and starts again cleanly`;

describe.runIf(testDatabaseKind === 'postgres')('the server killed during draws on PostgreSQL', () => {
  it(
    title,
    async () => {
      const testDb = await createTestDatabase();
      try {
        const figures = await crashDuringDraws({ databaseUrl: testDb.url! }, (use) => use(testDb.db));
        console.info('crash on PostgreSQL:', figures);
      } finally {
        await testDb.close();
      }
    },
    SCENARIO_TIMEOUT,
  );
});

describe.runIf(testDatabaseKind === 'pglite')('the server killed during draws on the embedded database (PGlite)', () => {
  it(
    title,
    async () => {
      // The data folder inside a private tmp folder, so its sibling `.lock` file is cleaned up too.
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-crash-'));
      const dataDir = path.join(root, 'data');
      try {
        const figures = await crashDuringDraws({ dataDir }, async (use) => {
          const handle = await connectDatabase({ dataDir });
          try {
            return await use(handle.db);
          } finally {
            await handle.close();
          }
        });
        console.info('crash on PGlite:', figures);
        expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
    SCENARIO_TIMEOUT,
  );
});
