import { defineConfig } from 'vitest/config';

// Three projects: pure unit tables, and the server's integration tests run once on PGlite and
// once on a real PostgreSQL (only when TEST_DATABASE_URL is set — CI always sets it).
const integrationFiles = ['packages/server/src/**/*.test.ts'];
const unitFiles = ['packages/shared/src/**/*.test.ts', 'packages/server/src/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: unitFiles } },
      {
        test: {
          name: 'integration-pglite',
          include: integrationFiles,
          exclude: unitFiles,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'integration-postgres',
                include: integrationFiles,
                exclude: unitFiles,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
