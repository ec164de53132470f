#!/usr/bin/env node
// End-to-end run: Chromium → fresh web build → SMTP server catching the mails → the server's
// bundle (as `npm start` runs it) on a free port with an empty embedded database (demo data
// seeded) → vitest with e2e/vitest.config.ts → clean up.
// Extra arguments go to vitest as file filters, e.g. `node --import tsx e2e/run.mjs auth`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../packages/server/build.mjs';
import { startSmtpServer } from '../packages/server/test/support/smtp.ts';
import { startStripeTestServer } from '../packages/server/test/support/stripe/server.ts';
import { startOidcProvider } from '../packages/server/test/support/oidc-provider.ts';
import { startPushService } from '../packages/server/test/support/push-service.ts';
import { startSmsGateway } from '../packages/server/test/support/sms.ts';
import { startWebhookReceiver } from '../packages/server/test/support/webhook-receiver.ts';

/** How long the server may take to answer after its start. */
const SERVER_START_MS = 180_000;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const startedAt = Date.now();
const log = (message) => console.log(`[e2e] ${message}`);

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
/** @type {import('node:child_process').ChildProcess | undefined} */
let vitest;
let dataDir;
let webDir;
/** @type {Awaited<ReturnType<typeof startSmtpServer>> | undefined} */
let smtp;
/** @type {Awaited<ReturnType<typeof startStripeTestServer>> | undefined} */
let stripe;
/** @type {Awaited<ReturnType<typeof startOidcProvider>> | undefined} */
let oidc;
/** @type {Awaited<ReturnType<typeof startPushService>> | undefined} */
let pushService;
/** @type {Awaited<ReturnType<typeof startSmsGateway>> | undefined} */
let smsGateway;
/** @type {Awaited<ReturnType<typeof startWebhookReceiver>> | undefined} */
let webhookReceiver;
let mailDir;
let serverOutput = '';
let interrupted = false;
let stopping = false;

/** Stops the run: caught at the bottom, which cleans up and exits 1 (130 when interrupted). */
class Abort extends Error {}
function fail(message) {
  throw new Abort(message);
}
function checkInterrupted() {
  if (interrupted) throw new Abort('interrupted');
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args, options = {}) {
  log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// 1. Chromium: CHROME_PATH, else Debian's package (installed on the spot when we may).
function findChromium() {
  if (process.env.CHROME_PATH) {
    if (fs.existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    fail(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
  }
  const debianChromium = '/usr/bin/chromium';
  if (fs.existsSync(debianChromium)) return debianChromium;

  const isRoot = process.getuid?.() === 0;
  if (isRoot && commandExists('apt-get')) {
    log(`${debianChromium} not found — installing Debian's chromium package with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) !== 0) fail('apt-get update failed.');
    if (run('apt-get', ['install', '-y', 'chromium'], { env }) !== 0) fail('apt-get install chromium failed.');
    if (fs.existsSync(debianChromium)) return debianChromium;
    fail(`apt-get installed chromium but ${debianChromium} is still missing.`);
  }
  fail(
    `Chromium not found at ${debianChromium}. Install it with\n` +
      `    sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROME_PATH at a Chromium/Chrome executable, e.g. CHROME_PATH=/usr/bin/google-chrome npm run test:e2e`,
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

function printServerOutput() {
  if (!serverOutput.trim()) return;
  console.error('[e2e] ---- server output ----');
  console.error(serverOutput.trimEnd());
  console.error('[e2e] ---- end of server output ----');
}

// 3. A real SMTP server on 127.0.0.1: every mail the server sends lands in E2E_MAIL_DIR as one
// JSON file { to, subject, text }, which the specs read (e2e/support/mail.ts).

/** Decodes a quoted-printable body (what nodemailer sends for text with umlauts). */
async function startMailServer() {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-mail-'));
  let received = 0;
  // The same real SMTP server the integration tests use; each mail becomes a file for the specs.
  smtp = await startSmtpServer({
    onMail: (mail) => {
      const name = `${String(++received).padStart(4, '0')}-${Date.now()}.json`;
      // Written aside, then renamed: a reader never sees half a file.
      fs.writeFileSync(path.join(mailDir, `.${name}`), JSON.stringify(mail, null, 2));
      fs.renameSync(path.join(mailDir, `.${name}`), path.join(mailDir, name));
    },
  });
  log(`SMTP server at ${smtp.url} (mails in ${mailDir})`);
  return smtp.url;
}

// 4. The server, as `npm start` would run it, but on its own port and database, with billing on
// against the Stripe test server on 127.0.0.1 (its webhooks come back to this server), and sign-in
// with Microsoft against an OpenID provider on 127.0.0.1 (the specs name who signs in there).
async function startServer(port, smtpUrl) {
  stripe = await startStripeTestServer({ webhookUrl: `http://127.0.0.1:${port}/billing/webhook` });
  log(`Stripe test server at ${stripe.url}`);
  oidc = await startOidcProvider([`http://127.0.0.1:${port}/login_microsoft_callback`]);
  log(`OpenID provider at ${oidc.issuer}`);
  // "Almost your turn" alerts: a Web Push service and an SMS gateway on this machine.
  pushService = await startPushService();
  smsGateway = await startSmsGateway();
  log(`push service at ${pushService.origin}, SMS gateway at ${smsGateway.url}`);
  // Webhooks: a receiver on this machine, the one origin besides public https the server may post to.
  webhookReceiver = await startWebhookReceiver();
  log(`webhook receiver at ${webhookReceiver.url()}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Every spec draws from this one address; the limit itself is tested in the integration suite.
    DRAW_LIMIT_PER_IP: '1000',
    BOOKING_LIMIT_PER_IP: '1000',
    SIGNUP_LIMIT_PER_IP: '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtpUrl,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    MS_CLIENT_ID: oidc.clientId,
    MS_CLIENT_SECRET: oidc.clientSecret,
    MS_OIDC_ISSUER: oidc.issuer,
    PUSH_SERVICE_ORIGINS: pushService.origin,
    SMS_URL: smsGateway.url,
    WEBHOOK_ALLOWED_ORIGINS: webhookReceiver.origin,
  };
  delete env.DATABASE_URL; // always the fresh embedded database, never a developer's PostgreSQL
  env.WEB_DIST_DIR = webDir; // the build made just now
  // The bundle `npm start` runs, built from the sources of this checkout just now.
  const { main: bundle } = await buildServer();
  // On the Node that runs this script: `npm test` starts it with the pinned Node 24 as well, so
  // that the smoke specs prove the server there (scripts/test.mjs).
  log(`starting the server on port ${port} with Node ${process.version} (data in ${dataDir})`);
  server = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk) => (serverOutput += chunk.toString());
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  let exited = false;
  server.once('exit', (code, signal) => {
    exited = true;
    if (!interrupted && !stopping) {
      console.error(`[e2e] the server stopped unexpectedly (${signal ?? `exit code ${code}`})`);
      printServerOutput();
    }
  });

  const url = `http://127.0.0.1:${port}`;
  // It migrates and seeds the demo first: 16 s in CI, over 60 s once on a machine loaded beyond
  // CI's three lanes. Waiting longer costs nothing when it is up sooner.
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline && !exited) {
    checkInterrupted();
    try {
      const response = await fetch(`${url}/system-information`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const { versionHash } = await response.json();
        log(`server ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s (version ${versionHash})`);
        return url;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!exited) {
    console.error(`[e2e] the server did not answer GET /system-information within ${SERVER_START_MS / 1000} s`);
    printServerOutput();
  }
  fail('could not start the server.');
}

async function cleanUp() {
  stopping = true;
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM'); // main.ts closes the database cleanly on SIGTERM
    const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
  if (webDir) {
    fs.rmSync(webDir, { recursive: true, force: true });
    webDir = undefined;
  }
  if (smtp) {
    await smtp.close();
    smtp = undefined;
  }
  if (stripe) {
    await stripe.close();
    stripe = undefined;
  }
  if (pushService) {
    await pushService.close();
    pushService = undefined;
  }
  if (webhookReceiver) {
    await webhookReceiver.close();
    webhookReceiver = undefined;
  }
  if (smsGateway) {
    await smsGateway.close();
    smsGateway = undefined;
  }
  if (oidc) {
    await oidc.close();
    oidc = undefined;
  }
  if (mailDir) {
    fs.rmSync(mailDir, { recursive: true, force: true });
    mailDir = undefined;
  }
}

// Before vitest runs, the steps notice the flag and stop; while it runs, it gets the signal, and
// its exit code becomes ours once the server is stopped and the data removed.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal} — stopping`);
    if (vitest && vitest.exitCode === null) vitest.kill(signal);
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const chromePath = findChromium();
  log(`Chromium: ${chromePath}`);
  checkInterrupted();

  // 2. A fresh web build, so that the server serves (and hashes) the current sources. It goes to
  // a folder of this run: the server lists its files at start, so another build into
  // packages/web/dist meanwhile (a second run, a developer) would make its assets 404.
  // `npm test` builds it beside the unit and integration suites and hands the folder over in
  // E2E_WEB_DIR (this run owns it from then on, and removes it at the end).
  const prebuilt = process.env.E2E_WEB_DIR;
  if (prebuilt && fs.existsSync(path.join(prebuilt, 'index.html'))) {
    webDir = prebuilt;
    log(`web build made beside the other suites: ${webDir}`);
  } else {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-e2e-web-'));
    if (run('npm', ['run', 'build', '-w', '@wartefrei/web', '--', '--outDir', webDir, '--emptyOutDir']) !== 0) fail('the web build failed.');
  }
  checkInterrupted();

  const smtpUrl = await startMailServer();
  checkInterrupted();
  const baseUrl = await startServer(await freePort(), smtpUrl);
  checkInterrupted();

  // 5. The specs.
  const vitestDir = path.dirname(createRequire(import.meta.url).resolve('vitest/package.json'));
  // npm test passes E2E_JSON_OUTPUT to count these tests together with the other suites.
  const jsonReport = process.env.E2E_JSON_OUTPUT ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.E2E_JSON_OUTPUT}`] : [];
  const vitestArgs = [path.join(vitestDir, 'vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...jsonReport, ...process.argv.slice(2)];
  log(`$ vitest ${vitestArgs.slice(1).join(' ')}  (E2E_BASE_URL=${baseUrl}, E2E_MAIL_DIR=${mailDir})`);
  vitest = spawn(process.execPath, vitestArgs, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      CHROME_PATH: chromePath,
      E2E_MAIL_DIR: mailDir,
      E2E_DATA_DIR: dataDir,
      E2E_WEB_DIR: webDir,
      E2E_OIDC_URL: oidc?.issuer ?? '',
      E2E_PUSH_URL: pushService?.origin ?? '',
      E2E_SMS_URL: smsGateway?.url ?? '',
      E2E_WEBHOOK_URL: webhookReceiver?.url() ?? '',
    },
  });
  const exitCode = await new Promise((resolve) => {
    vitest.once('error', (error) => {
      console.error(`[e2e] could not start vitest: ${error.message}`);
      resolve(1);
    });
    vitest.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
  });

  // A failure may come from the server: show what it logged (warnings and errors only).
  const serverDied = server.exitCode !== null || server.signalCode !== null;
  if (exitCode !== 0 && !serverDied) printServerOutput();
  return exitCode;
}

let exitCode;
try {
  exitCode = await main();
} catch (error) {
  if (!(error instanceof Abort)) throw error;
  if (!interrupted || error.message !== 'interrupted') console.error(`[e2e] ${error.message}`);
  exitCode = interrupted ? 130 : 1;
} finally {
  await cleanUp();
}
log(`done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s — exit code ${exitCode}`);
process.exit(exitCode);
