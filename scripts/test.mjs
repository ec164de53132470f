// `npm test`: every suite — unit tables, the server's integration tests on PGlite and on
// PostgreSQL, and the end-to-end tests in Chromium — with one closing count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { smokeSpecs } from '../e2e/smoke-specs.mjs';
import { root, run, runNpm } from './lib.mjs';
import { ensureNode24, NODE24_VERSION } from './node24.mjs';

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
/** How long each phase took, printed at the end: where CI's minutes go (issue: CI ≤ 20 min). */
const phases = [];
const timed = async (name, promise) => {
  const from = Date.now();
  const result = await promise;
  phases.push(`${name} ${Math.round((Date.now() - from) / 1000)} s`);
  return result;
};
/** A vitest run of some projects, with its JSON report in `.test-results/<report>`. */
const vitestRun = (report, projects, extra = [], { node = process.execPath, ...options } = {}) =>
  run(
    node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projects.flatMap((name) => ['--project', name]),
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(resultsDir, report)}`,
    ],
    options,
  );

/*
 * Two phases, each keeping both cores busy without crowding them (measured in CI: the browser
 * specs, one file after another, use about 1.2 cores, leaving the rest idle for 12 minutes):
 * 1. unit, web and the PostgreSQL integration suite on two workers, beside the web build;
 * 2. the end-to-end specs beside the Node 24 lane on one core: the PGlite integration suite on
 *    one worker (PGlite runs in the worker's own thread, so it takes one core and never more),
 *    then the unit suite, then the end-to-end smoke specs with the server on Node 24.
 * The PGlite suite runs on Node 24 in place of the machine's Node, not beside it: the same files
 * run on the machine's Node against PostgreSQL in phase 1, and every end-to-end spec runs the
 * server on the machine's Node with its embedded PGlite — so both Nodes and both databases are
 * proven without a second whole PGlite suite (docs/operations.md#node-versions has the figures).
 * Without PostgreSQL, phase 1 is unit and web only; where the pinned Node 24 cannot run (it is
 * Linux x64 only) or the machine's Node is 24 already, PGlite runs on the machine's Node and
 * the Node 24 lane is left out. Between the phases, the JS budgets of the patient pages,
 * weighed on phase 1's web build.
 */
const machineOnNode24 = process.versions.node.split('.')[0] === '24';
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
const firstProjects = ['unit', 'web', ...(process.env.TEST_DATABASE_URL ? ['integration-postgres'] : [])];
const [first, webBuild, node24] = await Promise.all([
  timed(firstProjects.join(' + '), vitestRun('vitest.json', firstProjects)),
  timed('web build', runNpm(['run', 'build', '-w', '@wartefrei/web', '--', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'])),
  // On Node 24 itself every suite runs there already: no second Node 24 for the same runs.
  machineOnNode24 ? undefined : ensureNode24(),
]);
// CI must prove Node 24: there a missing Node 24 fails the run instead of skipping it.
const node24Missing = !machineOnNode24 && node24 === undefined && process.env.CI === 'true';
if (node24Missing) console.error(`the pinned Node ${NODE24_VERSION} is missing: the Node 24 runs count as failed`);

// The patient pages' JS budgets, on that production build (a few seconds; no second build).
// Without a build there is nothing to weigh: counted as a failure below (no report).
const budgets = webBuild === 0 ? await timed('JS budgets', vitestRun('vitest-budgets.json', ['budgets'], [], { env: { ...process.env, WEB_BUILD_DIR: webDir } })) : 1;

// A copy of the web build for the smoke run, made now: the run of every spec owns the first one
// and removes it when it ends, maybe before the smoke run starts.
const smokeWebDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
if (webBuild === 0 && node24) fs.cpSync(webDir, smokeWebDir, { recursive: true });

/** The Node 24 lane, one suite after another on one core; each resolves to its exit code. */
async function node24Lane() {
  const pglite = await timed(
    `integration-pglite on Node ${NODE24_VERSION} (1 worker)`,
    vitestRun('vitest-pglite.json', ['integration-pglite'], ['--maxWorkers=1'], { node: node24 }),
  );
  const unit = await timed(`unit on Node ${NODE24_VERSION}`, vitestRun('vitest-unit-node24.json', ['unit'], ['--maxWorkers=1'], { node: node24 }));
  const smoke = await timed(
    `end-to-end smoke on Node ${NODE24_VERSION}`,
    run(node24, ['--import', 'tsx', 'e2e/run.mjs', ...smokeSpecs], {
      env: { ...process.env, E2E_JSON_OUTPUT: path.join(resultsDir, 'e2e-smoke-node24.json'), ...(webBuild === 0 && { E2E_WEB_DIR: smokeWebDir }) },
    }),
  );
  return { pglite, unit, smoke };
}

// Without a build, run.mjs builds again itself and says why it failed.
const [e2e, lane] = await Promise.all([
  timed(
    'end-to-end',
    runNpm(['run', 'test:e2e'], {
      env: { ...process.env, E2E_JSON_OUTPUT: path.join(resultsDir, 'e2e.json'), ...(webBuild === 0 && { E2E_WEB_DIR: webDir }) },
    }),
  ),
  node24 ? node24Lane() : timed('integration-pglite (1 worker)', vitestRun('vitest-pglite.json', ['integration-pglite'], ['--maxWorkers=1'])).then((pglite) => ({ pglite })),
]);
const { pglite } = lane;
if (webBuild !== 0) fs.rmSync(webDir, { recursive: true, force: true });
if (webBuild !== 0 || !node24) fs.rmSync(smokeWebDir, { recursive: true, force: true });

// One count over every suite, from the runners' own JSON reports.
let passed = 0;
let failed = 0;
let skipped = 0;
const failedNames = [];
const reports = [
  ['vitest.json', first],
  ['vitest-budgets.json', budgets],
  ['vitest-pglite.json', pglite],
  ['e2e.json', e2e],
];
if (node24) reports.push(['vitest-unit-node24.json', lane.unit], ['e2e-smoke-node24.json', lane.smoke]);
if (node24Missing) failed += 1;
for (const [file, exitCode] of reports) {
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
      if (test.status !== 'failed') continue;
      // With the first lines of why: a failure seen once under CI's load must be readable from
      // the tail alone, since the run that showed it is gone.
      const why = (test.failureMessages?.[0] ?? '')
        .split('\n')
        .slice(0, 4)
        .map((line) => `    ${line}`)
        .join('\n');
      failedNames.push(`${suite}: ${path.relative(root, fileResult.name)} > ${test.fullName}${why ? `\n${why}` : ''}`);
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
const ok = first === 0 && budgets === 0 && pglite === 0 && e2e === 0 && failed === 0 && (!node24 || (lane.unit === 0 && lane.smoke === 0));
for (const name of failedNames) console.error(`FAILED ${name}`);
const verdict = (code) => (code === 0 ? 'ok' : 'FAILED');
const onNode24 = node24 ? `, on Node ${NODE24_VERSION} unit: ${verdict(lane.unit)}, end-to-end smoke: ${verdict(lane.smoke)}` : '';
console.log(
  `\n${firstProjects.join(' + ')}: ${verdict(first)}, JS budgets: ${verdict(budgets)}, integration-pglite${node24 ? ` on Node ${NODE24_VERSION}` : ''}: ${verdict(pglite)}, end-to-end: ${verdict(e2e)}${onNode24} — ${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(`Phases: ${phases.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
