import { hostname } from 'node:os';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { DEMO_LOGINS, planDemoResetIfDemo, seedDemoIfEmpty } from './modules/demo/index.js';
import { planAllSchedules } from './modules/schedules/index.js';
import { planRetention } from './modules/privacy/index.js';
import { planReportCatchUp } from './modules/reports/index.js';
import { startJobRunner } from './platform/jobs/index.js';
import { startAlertSweep } from './modules/alerts/index.js';
import { startWebhookDispatcher } from './modules/webhooks/index.js';
import { shutDown } from './platform/shutdown.js';
import { announceReady, onHandOver } from './platform/supervised.js';

const startedAt = performance.now();
const config = loadConfig();
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });

if (config.seedDemo && (await seedDemoIfEmpty(app.ctx))) {
  app.log.info(
    `demo data created — admin ${DEMO_LOGINS.admin.username} / ${DEMO_LOGINS.admin.password}, ` + `processor ${DEMO_LOGINS.processor.username} / ${DEMO_LOGINS.processor.password}`,
  );
}

// Signals are heard from here on, before the port opens: a SIGTERM that came while the timed work
// below was still being planned (the server already answers) used to end the process by Node's
// default, without drain or a closed database. Such a stop waits until the start is through.
let stopping = false;
function stop(why: string, how: { drain: boolean; handOver?: boolean }) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${why}, shutting down`);
  // `started` is set in the same tick as the handlers below, before any signal can be handled.
  started
    .catch(() => [])
    .then((work) => shutDown(app, { ...how, stopWork: async () => void (await Promise.all(work.map((w) => w.stop()))) }))
    .then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
}
// SIGTERM comes from an orchestrator with a load balancer to drain; SIGINT from a terminal.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(`${signal} received`, { drain: signal === 'SIGTERM' }));

const started: Promise<Array<{ stop(): Promise<void> }>> = (async () => {
  // A node that restarts is knocked on by every socket it had at once: a deeper accept queue than
  // Node's 511 keeps the kernel from dropping (and the clients from retrying seconds later).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  // Timed work (weekly schedules, timed suspends): plan what a restart may have left unplanned, then poll.
  await planAllSchedules(app.ctx);
  await planRetention(app.ctx);
  await planReportCatchUp(app.ctx);
  await planDemoResetIfDemo(app.ctx);
  return [
    startJobRunner(app.ctx, { runnerId: `${hostname()}:${process.pid}` }),
    startAlertSweep(app.ctx),
    startWebhookDispatcher(app.ctx, { runnerId: `${hostname()}:${process.pid}` }),
  ];
})();
await started;
app.log.info(
  `wartefrei ready on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}) ` +
    `in ${Math.round(performance.now() - startedAt)} ms`,
);
// Under `npm start`'s supervisor (supervisor.ts): a replacement listens on the same port.
onHandOver(() => stop('a replacement is ready', { drain: false, handOver: true }));
announceReady();
