/**
 * Operator commands for self-hosters:
 * - `npm run admin -- create-account --name … --identifier … --admin-name … --admin-mail …
 *   [--password …]` creates a verified account and admin without sending mail; prints a
 *   generated password when none is given.
 * - `npm run admin -- exempt <account identifier>` makes an account payment-exempt: it never
 *   needs a subscription to take tickets.
 * - `npm run admin -- order <number> shipped|cancelled` marks a device order.
 * - `npm run admin -- explain-report <account identifier> <from> <to>` shows how the database
 *   answers that account's report summary (EXPLAIN ANALYZE), for a report that feels slow.
 * - `npm run admin -- reports rebuild [--account <identifier>] [--from YYYY-MM-DD] [--to YYYY-MM-DD]`
 *   aggregates the reports' closed days again from the tickets (after an import or a fix).
 * - `npm run admin -- client-failures [--days 7]` lists the requests clients reported as failed
 *   (`POST /qt_monitor`), by request, the most frequent first.
 * - `npm run admin -- reset-link <username>` prints a link to set a new password (an hour, once):
 *   a server without SMTP_URL logs its mails with the links masked, so an invited processor, or
 *   an admin who forgot theirs, gets one from the operator instead.
 * - `npm run admin -- backup <file>` and `restore <file>` copy the embedded database (DATA_DIR),
 *   also while the server runs, and restore it into an empty folder (cli/backup.ts).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { installZodErrorCodes, presentableFields, SignupInput } from './cli-support.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { systemClock } from '../platform/clock.js';
import { AppError, presentError } from '../platform/errors.js';
import { loggerOptions } from '../platform/log-options.js';
import { createMailer } from '../platform/mail.js';
import { createPushSender } from '../platform/push.js';
import { systemResolver } from '../platform/public-address.js';
import { ensurePushKeys } from '../modules/alerts/index.js';
import { createSmsSender } from '../platform/sms.js';
import { checkAccountIdentifier, createAccountWithAdmin, exemptAccountByIdentifier, issueResetLink } from '../modules/accounts/index.js';
import { clientFailureSummary, CLIENT_FAILURE_KEEP_DAYS } from '../modules/system/index.js';
import { createLocalHub } from '../platform/realtime/index.js';
import { createMetrics } from '../platform/metrics.js';
import { createRateLimiters } from '../platform/rate-limit.js';
import { setOrderStatus } from '../modules/billing/index.js';
import { appHooks } from '../app-hooks.js';
import { backup, restore } from './backup.js';
import { explainReport, rebuildReports } from './report-commands.js';

const USAGE = `usage: npm run admin -- create-account --name "Praxis Dr. Muster" --identifier praxis-muster \\
         --admin-name "Dr. Maria Muster" --admin-mail maria@praxis.example [--password …] [--lang de|en]
       npm run admin -- exempt <account identifier>
       npm run admin -- order <order number> shipped|cancelled
       npm run admin -- explain-report <account identifier> <from YYYY-MM-DD> <to YYYY-MM-DD>
       npm run admin -- reports rebuild [--account <identifier>] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
       npm run admin -- client-failures [--days 1…30]
       npm run admin -- reset-link <username>
       npm run admin -- backup <file>     (DATA_DIR, also while the server runs)
       npm run admin -- restore <file>    (into an empty or new DATA_DIR)`;

async function exempt(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [identifier] = positionals;
  if (!identifier || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const account = await exemptAccountByIdentifier(database.db, identifier);
    if (!account) {
      console.error(`Kein Konto mit der Kennung ${identifier}.`);
      return 1;
    }
    console.log(`account ${account.identifier} (${account.id}) is payment-exempt`);
    return 0;
  } finally {
    await database.close();
  }
}

/** Marks a device order shipped or cancelled: the practice sees it on its billing screen. */
async function order(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [numberText, statusText] = positionals;
  const status = statusText === 'shipped' ? 'SHIPPED' : statusText === 'cancelled' ? 'CANCELLED' : undefined;
  const number = Number(numberText);
  if (!Number.isInteger(number) || number < 1 || !status || positionals.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const row = await setOrderStatus(database.db, number, status, systemClock.now());
    if (!row) {
      console.error(`Keine Bestellung mit der Nummer ${number}.`);
      return 1;
    }
    console.log(`order ${row.number} is ${row.status}`);
    return 0;
  } finally {
    await database.close();
  }
}

async function createAccount(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      identifier: { type: 'string' },
      'admin-name': { type: 'string' },
      'admin-mail': { type: 'string' },
      password: { type: 'string' },
      lang: { type: 'string', default: 'de' },
    },
    strict: true,
  });
  const password = values.password ?? randomBytes(12).toString('base64url');
  const parsed = SignupInput.safeParse({
    account_name: values.name,
    account_identifier: values.identifier ?? values.name,
    display_name: values['admin-name'],
    username: values['admin-mail'],
    password,
    password_repeat: password,
    accept_terms: true,
    accept_data_usage: true,
  });
  if (!parsed.success) {
    console.error(`${presentableFields(parsed.error.issues)}\n\n${USAGE}`);
    return 2;
  }
  const { identifier, problem } = checkAccountIdentifier(parsed.data.account_identifier);
  if (problem) {
    console.error(presentError(new AppError('VALIDATION', { fields: { account_identifier: problem } }), 'de').fields?.account_identifier?.message);
    return 2;
  }

  const config = loadConfig();
  const log = pino(loggerOptions('warn'));
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ctx = {
      db: database.db,
      config,
      clock: systemClock,
      log,
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, log }),
      sms: createSmsSender({ url: undefined, token: undefined, log }),
      push: createPushSender({ keys: await ensurePushKeys(database.db), contact: config.push.contact, extraOrigins: config.push.extraOrigins }),
      realtime: createLocalHub(log),
      stripe: undefined,
      metrics: createMetrics({ processMetrics: false }),
      rateLimits: createRateLimiters({ redis: undefined, keyPrefix: '', log }),
      redis: undefined,
      resolveHost: systemResolver,
      // The app's own hooks: a trial started here gets its jobs, as one signed up online does.
      hooks: appHooks(),
      lifecycle: { draining: false },
    };
    const { account, user } = await createAccountWithAdmin(ctx, {
      accountName: parsed.data.account_name,
      identifier,
      displayName: parsed.data.display_name,
      username: parsed.data.username,
      password,
      lang: values.lang === 'en' ? 'en' : 'de',
      verified: true,
    });
    console.log(`account ${account.identifier} (${account.id}) created, ${account.trialEnd ? `trial until ${account.trialEnd.toISOString()}` : account.subscriptionState}`);
    console.log(`admin ${user.username}${values.password ? '' : ` — password: ${password}`}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      const body = presentError(error, 'de');
      console.error([body.message, ...Object.values(body.fields ?? {}).map((f) => f.message)].join('\n'));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** A password link for a user, printed here (never logged): the way in on a server without mail. */
async function resetLink(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [username] = positionals;
  if (!username || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const link = await issueResetLink({ db: database.db, clock: systemClock, config }, username);
    if (!link) {
      console.error(`Kein Benutzer ${username}.`);
      return 1;
    }
    console.log(`${link}\n(valid for an hour, once; hand it to ${username} yourself)`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The failures clients reported, by request: what broke for the practices, seen from their side. */
async function clientFailures(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { days: { type: 'string', default: '7' } }, allowPositionals: true, strict: true });
  const days = Number(values.days);
  if (positionals.length > 0 || !Number.isInteger(days) || days < 1 || days > CLIENT_FAILURE_KEEP_DAYS) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const rows = await clientFailureSummary(database.db, new Date(), days);
    if (rows.length === 0) console.log(`no failed requests reported in the last ${days} days`);
    for (const row of rows) console.log(`${String(row.count).padStart(6)}  ${row.method.padEnd(6)} ${row.url}  (last ${row.last.toISOString()})`);
    return 0;
  } finally {
    await database.close();
  }
}

installZodErrorCodes();
const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<number>> = {
  'create-account': createAccount,
  exempt,
  order,
  'explain-report': (argv) => explainReport(argv, USAGE),
  reports: (argv) => rebuildReports(argv, USAGE),
  'client-failures': clientFailures,
  'reset-link': resetLink,
  backup: (argv) => backup(argv, USAGE),
  restore: (argv) => restore(argv, USAGE),
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(USAGE);
  process.exit(2);
}
// An operator reads what went wrong, not where: a command that fails (the embedded database held
// by a running server, say) says so in one message; LOG_LEVEL=debug adds the stack.
try {
  process.exit(await run(rest));
} catch (error) {
  console.error(process.env.LOG_LEVEL === 'debug' ? error : `${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
