import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Pure unit tables, the web app's component tests in jsdom, and the server's integration tests
// run once on PGlite and once on a real PostgreSQL (only when TEST_DATABASE_URL is set; CI sets it).
// Server tests beside the code they prove, and the cross-cutting ones (fuzz, faults, scale-out,
// tenant isolation) in packages/server/test, apart from the product's source.
const integrationFiles = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
// The web's pure logic (e.g. the kiosk's flow) runs here too: plain TypeScript, no jsdom.
const unitFiles = ['packages/shared/src/**/*.test.ts', 'packages/server/src/**/*.unit.test.ts', 'packages/web/src/**/*.unit.test.ts'];
// Checks of the repository itself (doc citations), beside the scripts.
const repoFiles = ['scripts/**/*.test.mjs'];
// Checks of a production build of the web app (the JS budgets): `npm test` runs them after its build.
const buildFiles = ['scripts/**/*.check.mjs'];
// Every integration file imports the whole server (hundreds of modules): isolated, each file
// paid 2–4 s for it, a third of the suite's time on two cores. The files share nothing but the
// modules (each starts its own app, database and clock), so a worker keeps them between files.
const INTEGRATION_ISOLATE = false;
// Proofs about the HTTP boundary and the tenant scoping of SQL that is the same on both databases:
// run once, on PostgreSQL (the production database), where that suite runs; on PGlite otherwise.
// On the PGlite suite, which bounds CI's time, they took 5 minutes of its 16.
const ONCE_ON_POSTGRES = ['packages/server/test/fuzz/endpoints.fuzz.*.test.ts', 'packages/server/test/isolation/**/*.test.ts'];

export default defineConfig({
  test: {
    // Integration files spend much of their time waiting on PostgreSQL and sockets: one worker
    // per core (vitest's default leaves one idle, which is half of a 2-core CI machine).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { test: { name: 'unit', include: [...unitFiles, ...repoFiles] } },
      { test: { name: 'budgets', include: buildFiles } },
      {
        // Component tests of the web app in jsdom, with the app's own Vite config (React, globs).
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          exclude: unitFiles,
          environment: 'jsdom',
          // A closed port: the guard's token check fails as a network error, never hits a server.
          environmentOptions: { jsdom: { url: 'http://127.0.0.1:9/' } },
          setupFiles: ['./packages/web/src/test/setup.ts'],
          // One jsdom and one import of React and Mantine per worker, not per file: 59 files took
          // 134 s of CPU isolated, 39 s so (77 s → 22 s alone on two cores). The setup file
          // unmounts and clears localStorage after every test; shuffled runs pass.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integrationFiles,
          exclude: [...unitFiles, ...(process.env.TEST_DATABASE_URL ? ONCE_ON_POSTGRES : [])],
          env: { TEST_DB: 'pglite' },
          isolate: INTEGRATION_ISOLATE,
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
                isolate: INTEGRATION_ISOLATE,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
