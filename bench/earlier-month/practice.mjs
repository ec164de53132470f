// The server for the simulated month, built in process as the integration tests build it
// (packages/server/test/support/test-app.ts): the real app (app.ts) on a fresh PostgreSQL
// database (or PGlite with BENCH_EARLIER_DB=pglite), mail to the real SMTP test server, and a
// clock the simulation moves (the spawned server has no clock of its own to set). The server's
// TypeScript is loaded through tsx's loader, registered once so every import shares one module
// graph (one job registry, one freed-time listener), as in a server process.
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { freshPostgres } from '../lib/server.mjs';
import { HALF_DAYS, MIN_HOURS_IN_ADVANCE, PROCESSOR_HOURS, TIME_ZONE, TYPES, simulationStart } from './plan.mjs';

register();
const server = (file) => import(new URL(`../../packages/server/${file}`, import.meta.url).href);
const { buildApp } = await server('src/app.ts');
const { loadConfig } = await server('src/config.ts');
const { connectDatabase } = await server('src/db/connect.ts');
const { runDueJobs } = await server('src/platform/jobs/index.ts');
const schema = await server('src/db/schema/index.ts');
const { TestClock, setNow } = await server('test/support/test-clock.ts');
const { startSmtpServer } = await server('test/support/smtp.ts');
const { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } = await server('test/support/factories.ts');
const { and, asc, eq, gte, lt } = await import('drizzle-orm');

export { schema, and, asc, eq, gte, lt };

async function openDatabase() {
  if (process.env.BENCH_EARLIER_DB === 'pglite') return { handle: await connectDatabase({}), kind: 'PGlite (in memory)', drop: async () => undefined };
  const database = await freshPostgres();
  // A bench database: commits need not wait for the disk (the figures are about offers, not fsync).
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} SET synchronous_commit = off`);
  await admin.end();
  return { handle: await connectDatabase({ databaseUrl: database.url }), kind: 'PostgreSQL', drop: database.drop };
}

/**
 * The app with its clock at the simulation's start. `jobs()` runs every due job through the real
 * runner (`runDueJobs`, as a node's poll loop does); `nextJobAt()` is when the next one is due.
 */
export async function startMonthApp() {
  const smtp = await startSmtpServer();
  const database = await openDatabase();
  const clock = new TestClock(simulationStart());
  // Every patient books from an address of their own; the booking limit per address stays as configured.
  const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  const app = await buildApp({ config, database: database.handle, clock, logger: false });
  const ctx = app.ctx;
  return {
    app,
    smtp,
    clock,
    databaseKind: database.kind,
    db: ctx.db,
    inject: (options) => app.inject(options),
    setNow: (at) => setNow(clock, at),
    now: () => clock.now(),
    async jobs() {
      let ran = 0;
      for (;;) {
        const r = await runDueJobs(ctx, { runnerId: 'bench' });
        const batch = r.done + r.missed + r.failed + r.retried;
        ran += batch;
        if (r.failed > 0) console.warn(`[earlier-month] ${r.failed} job(s) failed at ${clock.now().toISOString()}`);
        if (batch < 50) return ran;
      }
    },
    async nextJobAt() {
      const [next] = await ctx.db.select({ runAt: schema.jobs.runAt }).from(schema.jobs).where(eq(schema.jobs.status, 'PENDING')).orderBy(asc(schema.jobs.runAt)).limit(1);
      return next?.runAt;
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
    },
  };
}

async function staffCall(t, user, method, url, payload) {
  const res = await t.inject({ method, url, headers: asUser(user), payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * The practice as its admin sets it up (plan.mjs): a location in Vienna (quiet hours as default,
 * 20:00–08:00), one list, 3 processors, the 4 types with `offerCount` offers at once (0: the
 * baseline, no offers), and each processor's weekly half days for their types.
 */
export async function givenPractice(t, { offerCount }) {
  const a = await givenAdmin(t);
  const profileId = await givenProfile(t, a.accountId, { timeZone: TIME_ZONE, country: 'AT', region: '9' });
  const queueId = await givenQueue(t, a.accountId, { profileId });
  const processors = [];
  for (let i = 0; i < PROCESSOR_HOURS.length; i++) processors.push(await givenProcessor(t, a.accountId, [queueId]));
  const types = {};
  for (const type of TYPES) {
    const created = await staffCall(t, a.user, 'POST', '/appointment-types', { queue_id: queueId, name: type.name, duration_minutes: type.minutes, offer_count: offerCount });
    if (created.offer_count !== offerCount) throw new Error(`the type was stored with offer_count ${created.offer_count}, not ${offerCount}`);
    types[type.key] = created;
  }
  for (const [i, hours] of PROCESSOR_HOURS.entries()) {
    for (let weekday = 1; weekday <= 5; weekday++) {
      for (const [part, [start, end]] of Object.entries(HALF_DAYS)) {
        await staffCall(t, a.user, 'POST', '/appointment-slots', {
          profile_id: profileId,
          processor_id: processors[i].id,
          kind: 'WEEK',
          weekday,
          start_time: start,
          end_time: end,
          appointment_type_ids: [types[hours[part]].id],
          min_hours_in_advance: MIN_HOURS_IN_ADVANCE,
        });
      }
    }
  }
  return { accountId: a.accountId, profileId, queueId, types, processors: processors.map((p) => p.id) };
}
