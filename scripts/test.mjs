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
 * Three lanes at once, from the start, so that neither core waits for a phase to end (measured
 * in CI: two phases one after the other left a core idle for minutes at each end, and the
 * browser specs, one file after another, use about 1.2 cores):
 * 1. unit, web and the PostgreSQL integration suite on two workers;
 * 2. the web build, the JS budgets of the patient pages weighed on it, then the end-to-end specs;
 * 3. the PGlite integration suite on Node 24, one worker (PGlite runs in the worker's own
 *    thread, so it takes one core and never more), then on Node 24 the unit suite and the
 *    end-to-end smoke specs.
 * The PGlite suite runs on Node 24 in place of the machine's Node, not beside it, and the smoke
 * specs run on Node 24 in place of the machine's Node: the same integration files run on the
 * machine's Node against PostgreSQL, and every other end-to-end spec runs the server on the
 * machine's Node with its embedded PGlite — so both Nodes and both databases are proven without
 * running the same files twice (docs/operations.md#node-versions has the figures).
 * Without PostgreSQL, lane 1 is unit and web only; where the pinned Node 24 cannot run (it is
 * Linux x64 only) or the machine's Node is 24 already, lane 3 runs PGlite on the machine's Node
 * and the smoke specs stay in lane 2.
 */
const machineOnNode24 = process.versions.node.split('.')[0] === '24';
const firstProjects = ['unit', 'web', ...(process.env.TEST_DATABASE_URL ? ['integration-postgres'] : [])];
// On Node 24 itself every suite runs there already: no second Node 24 for the same runs.
const node24Ready = machineOnNode24 ? Promise.resolve(undefined) : ensureNode24();

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
// A copy of the web build for the smoke run: the run of the other specs owns the first one and
// removes it when it ends, maybe before the smoke run starts.
const smokeWebDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
/** Settles once the smoke run's copy of the build is made (or will not be). */
let smokeWebCopied = () => {};
const smokeWebReady = new Promise((resolve) => (smokeWebCopied = resolve));
const webBuilt = timed('web build', runNpm(['run', 'build', '-w', '@wartefrei/web', '--', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn']));

/** Lane 2: build, budgets, browser specs; each resolves to its exit code. */
async function browserLane() {
  const webBuild = await webBuilt;
  // The patient pages' JS budgets, on that production build (a few seconds; no second build).
  // Without a build there is nothing to weigh: counted as a failure below (no report).
  const budgets = webBuild === 0 ? await timed('JS budgets', vitestRun('vitest-budgets.json', ['budgets'], [], { env: { ...process.env, WEB_BUILD_DIR: webDir } })) : 1;
  const node24 = await node24Ready;
  if (webBuild === 0 && node24) fs.cpSync(webDir, smokeWebDir, { recursive: true });
  smokeWebCopied();
  // The smoke specs run on Node 24 (lane 3) where it is there. Without a build, run.mjs builds
  // again itself and says why it failed.
  const skipSmoke = node24 ? smokeSpecs.flatMap((spec) => ['--exclude', spec]) : [];
  const e2e = await timed(
    'end-to-end',
    run(process.execPath, ['--import', 'tsx', 'e2e/run.mjs', ...skipSmoke], {
      env: { ...process.env, E2E_JSON_OUTPUT: path.join(resultsDir, 'e2e.json'), ...(webBuild === 0 && { E2E_WEB_DIR: webDir }) },
    }),
  );
  return { webBuild, budgets, e2e };
}

/**
 * Lane 3: the PGlite suite on one core, then Node 24's unit suite and smoke specs (on Node 24
 * where it is there). Since each worker reuses its PGlite between files (pglite-pool.ts), this
 * suite ends well before the others: Node 24's runs follow it rather than PostgreSQL's, so that
 * the three lanes end about together (CI before: PostgreSQL 1,674 + 139 + 160 s, browser 1,974 s,
 * PGlite 1,824 s).
 */
async function pgliteLane() {
  const node24 = await node24Ready;
  if (!node24) return { pglite: await timed('integration-pglite (1 worker)', vitestRun('vitest-pglite.json', ['integration-pglite'], ['--maxWorkers=1'])) };
  const pglite = await timed(
    `integration-pglite on Node ${NODE24_VERSION} (1 worker)`,
    vitestRun('vitest-pglite.json', ['integration-pglite'], ['--maxWorkers=1'], { node: node24 }),
  );
  const unit = await timed(`unit on Node ${NODE24_VERSION}`, vitestRun('vitest-unit-node24.json', ['unit'], ['--maxWorkers=1'], { node: node24 }));
  const webBuild = await webBuilt;
  await smokeWebReady;
  const smoke = await timed(
    `end-to-end smoke on Node ${NODE24_VERSION}`,
    run(node24, ['--import', 'tsx', 'e2e/run.mjs', ...smokeSpecs], {
      env: { ...process.env, E2E_JSON_OUTPUT: path.join(resultsDir, 'e2e-smoke-node24.json'), ...(webBuild === 0 && { E2E_WEB_DIR: smokeWebDir }) },
    }),
  );
  return { pglite, unit, smoke };
}

/** Lane 1: unit, web and PostgreSQL. */
async function postgresLane() {
  return { first: await timed(firstProjects.join(' + '), vitestRun('vitest.json', firstProjects)) };
}

const [{ first }, browser, lane, node24] = await Promise.all([postgresLane(), browserLane(), pgliteLane(), node24Ready]);
const { webBuild, budgets, e2e } = browser;
const { pglite } = lane;
// CI must prove Node 24: there a missing Node 24 fails the run instead of skipping it.
const node24Missing = !machineOnNode24 && node24 === undefined && process.env.CI === 'true';
if (node24Missing) console.error(`the pinned Node ${NODE24_VERSION} is missing: the Node 24 runs count as failed`);
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
