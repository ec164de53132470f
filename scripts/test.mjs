// `npm test`: every suite — unit tables, the server's integration tests on PGlite and on
// PostgreSQL, and the end-to-end tests in Chromium — with one closing count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, run, runNpm } from './lib.mjs';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// PostgreSQL: the given TEST_DATABASE_URL must work; without one, the local default is used
// when it answers, and the skip is said out loud when it does not.
if (process.env.TEST_DATABASE_URL) {
  if (!(await reachable(process.env.TEST_DATABASE_URL))) {
    console.error(`PostgreSQL is not reachable at TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL}`);
    process.exit(1);
  }
} else if (await reachable(DEFAULT_POSTGRES)) {
  process.env.TEST_DATABASE_URL = DEFAULT_POSTGRES;
  console.log(`TEST_DATABASE_URL not set: using the local PostgreSQL at ${DEFAULT_POSTGRES}`);
} else {
  console.warn('\n*** PostgreSQL not reachable and TEST_DATABASE_URL not set: the PostgreSQL integration suite is SKIPPED. ***\n');
}

const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const started = Date.now();
// The end-to-end suite's web build runs beside the unit and integration suites, which leave a
// core idle much of the time. The suites themselves run one after the other: the browser specs
// never share the two cores with the server tests (under that load a spec once timed out).
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
const [vitest, webBuild] = await Promise.all([
  run(process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run',
    '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, 'vitest.json')}`,
  ]),
  runNpm(['run', 'build', '-w', '@wartefrei/web', '--', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn']),
]);
// Without a build, run.mjs builds again itself and says why it failed.
const e2e = await runNpm(['run', 'test:e2e'], {
  env: { ...process.env, E2E_JSON_OUTPUT: path.join(resultsDir, 'e2e.json'), ...(webBuild === 0 && { E2E_WEB_DIR: webDir }) },
});
if (webBuild !== 0) fs.rmSync(webDir, { recursive: true, force: true });

// One count over every suite, from the runners' own JSON reports.
let passed = 0;
let failed = 0;
let skipped = 0;
const failedNames = [];
for (const [file, exitCode] of [['vitest.json', vitest], ['e2e.json', e2e]]) {
  const suite = file.replace('.json', '');
  const report = path.join(resultsDir, file);
  if (!fs.existsSync(report)) {
    failed += 1;
    console.error(`no report from ${suite}: counted as a failure`);
    continue;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  // The names of the failed tests go to the end, where a CI log shown only by its tail has them.
  for (const fileResult of json.testResults ?? []) {
    for (const test of fileResult.assertionResults ?? []) {
      if (test.status === 'failed') failedNames.push(`${suite}: ${path.relative(root, fileResult.name)} > ${test.fullName}`);
    }
  }
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  // A runner can fail with every test green: an error outside the tests (an unhandled rejection,
  // a crash in a hook). The count must not say "0 failed" then.
  if (exitCode !== 0 && json.numFailedTests === 0) {
    failed += 1;
    console.error(`${suite} failed outside its tests (see "Unhandled Errors" above): counted as a failure`);
  }
}
const ok = vitest === 0 && e2e === 0 && failed === 0;
for (const name of failedNames) console.error(`FAILED ${name}`);
console.log(`\nunit + integration: ${vitest === 0 ? 'ok' : 'FAILED'}, end-to-end: ${e2e === 0 ? 'ok' : 'FAILED'} — ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
