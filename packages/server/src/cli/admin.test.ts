import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { eq, like } from 'drizzle-orm';
import { connectDatabase } from '../db/connect.js';
import { TRIAL_REMINDER_DAYS } from '@wartefrei/shared';
import { accounts, deviceOrders, jobs } from '../db/schema/index.js';
import { TRIAL_END_JOB, TRIAL_REMINDER_JOB } from '../modules/billing/index.js';
import { basic, startTestApp, type TestApp } from '../../test/support/test-app.js';
import { asUser } from '../../test/support/factories.js';
import { testDatabaseKind } from '../../test/support/test-database.js';
import { serverBundle } from '../../test/support/server-bundle.js';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
// Each test runs `npm run admin` in processes of its own (each opens the database, migrates and
// ends): 10-25 s in a CI run, 61 s once beside CI's other lanes and three busy loops.
const ADMIN_TIMEOUT_MS = 240_000;

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await startTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-admin-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the operator command as a self-hoster would, against this run's kind of database. */
function admin(args: string[], extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, LOG_LEVEL: 'warn', ...extraEnv, ...(testDatabaseKind === 'postgres' ? { DATABASE_URL: t.databaseUrl } : { DATA_DIR: dataDir }) };
  // The bundle `npm run admin` runs, without npm's second of lookup.
  return serverBundle()
    .then((bundle) => run(process.execPath, ['--enable-source-maps', bundle.admin, ...args], { cwd: serverDir, env }))
    .then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
}

describe('npm run admin -- create-account', () => {
  // Two real processes of the command, each migrating a database: seconds apiece on a slow machine.
  it('creates a verified account and admin that can sign in at once, without mail', { timeout: ADMIN_TIMEOUT_MS }, async () => {
    const args = [
      'create-account',
      '--name',
      'Praxis Dr. Huber',
      '--identifier',
      'Praxis Hüber',
      '--admin-name',
      'Dr. Huber',
      '--admin-mail',
      'huber@praxis.example',
      '--password',
      'ein-gutes-passwort',
    ];
    const created = await admin(args);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/account Praxis_Hueber \([0-9a-f-]{36}\) created/);

    // The new admin signs in through the API right away: on PostgreSQL the running app shares
    // the database; on PGlite an app is booted on the folder the command wrote.
    const login = { method: 'POST', url: '/auth/login', headers: { authorization: basic('huber@praxis.example', 'ein-gutes-passwort') } } as const;
    let res;
    if (testDatabaseKind === 'postgres') {
      res = await t.inject(login);
    } else {
      const app = await buildApp({ config: t.config, database: await connectDatabase({ dataDir }), logger: false });
      res = await app.inject(login);
      await app.close();
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_admin: true, display_name: 'Dr. Huber' });

    const again = await admin(args);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Diese Kennung wird bereits verwendet');
  });

  it('prints a password link for a user — the way in on a server without mail — and says so for an unknown one', { timeout: ADMIN_TIMEOUT_MS }, async () => {
    const created = await admin(['create-account', '--name', 'Praxis Link', '--identifier', 'praxis-link', '--admin-name', 'Dr. Link', '--admin-mail', 'link@praxis.example']);
    expect(created.code).toBe(0);
    const printed = await admin(['reset-link', 'link@praxis.example'], { PUBLIC_URL: 'https://praxis.example' });
    expect(printed.code, printed.stderr).toBe(0);
    const token = /^https:\/\/praxis\.example\/passwordReset\/([A-Za-z0-9_-]+)$/m.exec(printed.stdout)?.[1];
    expect(token).toBeDefined();
    // The link sets a password the new way in works with.
    const reset = { method: 'POST', url: `/password-reset/${token}`, payload: { password: 'ein-neues-passwort', password_repeat: 'ein-neues-passwort' } } as const;
    const login = { method: 'POST', url: '/auth/login', headers: { authorization: basic('link@praxis.example', 'ein-neues-passwort') } } as const;
    const answers = [];
    if (testDatabaseKind === 'postgres') {
      answers.push(await t.inject(reset), await t.inject(login));
    } else {
      const app = await buildApp({ config: t.config, database: await connectDatabase({ dataDir }), logger: false });
      answers.push(await app.inject(reset), await app.inject(login));
      await app.close();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([204, 200]);
    const unknown = await admin(['reset-link', 'niemand@praxis.example']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Kein Benutzer niemand@praxis.example.']);
  });

  it('explains wrong input per flag and exits 2', async () => {
    const res = await admin(['create-account', '--name', 'X', '--admin-mail', 'keine-mail', '--password', 'kurz']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--admin-name darf nicht leer sein');
    expect(res.stderr).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(res.stderr).toContain('--password muss mindestens 10 Zeichen lang sein');
  });
});

describe('npm run admin -- exempt', () => {
  it('makes a trial account payment-exempt, and says so for an unknown one', { timeout: ADMIN_TIMEOUT_MS }, async () => {
    // A server with payment configured creates the account in its trial.
    const args = [
      'create-account',
      '--name',
      'Praxis Dr. Lang',
      '--identifier',
      'praxis-lang',
      '--admin-name',
      'Dr. Lang',
      '--admin-mail',
      'lang@praxis.example',
      '--password',
      'ein-gutes-passwort',
    ];
    const created = await admin(args, { STRIPE_SECRET_KEY: 'sk_test_configured' });
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/created, trial until /);

    const exempted = await admin(['exempt', 'Praxis-Lang']);
    expect(exempted.code).toBe(0);
    expect(exempted.stdout).toMatch(/account praxis-lang \([0-9a-f-]{36}\) is payment-exempt/);

    const database = testDatabaseKind === 'postgres' ? undefined : await connectDatabase({ dataDir });
    const app = database ? await buildApp({ config: t.config, database, logger: false }) : t.app;
    const login = await app.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic('lang@praxis.example', 'ein-gutes-passwort') } });
    const user = login.json<{ id: string; token: string; account_id: string }>();
    const account = await app.inject({ method: 'GET', url: `/accounts/${user.account_id}`, headers: asUser(user) });
    // The command runs the app's hooks too: its trial got the reminders and the end, as a sign-up's does.
    const trialJobs = await app.ctx.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(like(jobs.key, `${user.account_id}%`));
    if (database) await app.close();
    expect(account.json()).toMatchObject({ subscription_state: 'paymentExempt', trial_end: null });
    expect(trialJobs.map((job) => job.kind).sort()).toEqual([TRIAL_END_JOB, ...TRIAL_REMINDER_DAYS.map(() => TRIAL_REMINDER_JOB)].sort());

    const unknown = await admin(['exempt', 'keine-praxis']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Kein Konto mit der Kennung keine-praxis');
  });
});

describe('npm run admin -- order', () => {
  it('marks a device order shipped, and says so for an unknown number or a wrong word', { timeout: ADMIN_TIMEOUT_MS }, async () => {
    // An order as the billing screen stores it, written into the database the command works on.
    const database = testDatabaseKind === 'postgres' ? undefined : await connectDatabase({ dataDir });
    const db = database?.db ?? t.app.ctx.db;
    const [account] = await db
      .insert(accounts)
      .values({ identifier: `bestellt-${Date.now()}`, displayName: 'Praxis Bestellt' })
      .returning();
    const [order] = await db
      .insert(deviceOrders)
      .values({
        accountId: account!.id,
        kiosks: 0,
        monitors: 1,
        street1: 'Hauptstraße 1',
        postcode: '1010',
        city: 'Wien',
        country: 'AT',
        netCents: 69_900,
        vatCents: 13_980,
        grossCents: 83_880,
      })
      .returning();
    await database?.close();

    const shipped = await admin(['order', String(order!.number), 'shipped']);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toContain(`order ${order!.number} is SHIPPED`);
    const reread = testDatabaseKind === 'postgres' ? undefined : await connectDatabase({ dataDir });
    const [row] = await (reread?.db ?? t.app.ctx.db).select().from(deviceOrders).where(eq(deviceOrders.id, order!.id));
    await reread?.close();
    expect(row).toMatchObject({ status: 'SHIPPED', shippedAt: expect.any(Date) as Date });

    expect((await admin(['order', '999999', 'shipped'])).stderr).toContain('Keine Bestellung mit der Nummer 999999');
    expect((await admin(['order', String(order!.number), 'verloren'])).code).toBe(2);
  });
});

describe('npm run admin -- explain-report', () => {
  it('prints how the database answers an account’s summary; refuses a reversed period', { timeout: ADMIN_TIMEOUT_MS }, async () => {
    const args = [
      'create-account',
      '--name',
      'Praxis Dr. Plan',
      '--identifier',
      'praxis-plan',
      '--admin-name',
      'Dr. Plan',
      '--admin-mail',
      'plan@praxis.example',
      '--password',
      'ein-gutes-passwort',
    ];
    expect((await admin(args)).code).toBe(0);
    const explained = await admin(['explain-report', 'praxis-plan', '2026-10-01', '2026-10-31']);
    expect(explained.code, explained.stderr).toBe(0);
    // Both queries, tickets and appointments, each with its plan and measured time (a new
    // practice has no list yet, so both know at once that there is nothing to read).
    expect(explained.stdout.match(/Aggregate/g)).toHaveLength(2);
    expect(explained.stdout.match(/Execution Time/g)).toHaveLength(2);
    expect((await admin(['explain-report', 'praxis-plan', '2026-10-31', '2026-10-01'])).code).toBe(2);
  });
});
