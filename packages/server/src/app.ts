import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installZodErrorCodes } from '@wartefrei/shared';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { openBackupChannel, type BackupChannel } from './db/backup-channel.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { handleError } from './platform/errors.js';
import { loggerOptions } from './platform/log-options.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { createSmsSender } from './platform/sms.js';
import { limitSms } from './platform/sms-limits.js';
import { fastifyTrustProxy } from './platform/trust-proxy.js';
import { createPushSender } from './platform/push.js';
import { systemResolver, type HostResolver } from './platform/public-address.js';
import { createStripeClient } from './platform/stripe.js';
import { registerWebApp, webBuildVersion } from './platform/web.js';
import { createRealtime, realtimeRoutes } from './platform/realtime/index.js';
import { createMetrics, poolStatsOf, statusClass } from './platform/metrics.js';
import { createRateLimiters } from './platform/rate-limit.js';
import { closeRedis, connectRedis } from './platform/redis.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { authRoutes, secondFactorRoutes } from './modules/auth/index.js';
import { countriesRoutes } from './modules/countries/index.js';
import { clientFailureRoutes, systemRoutes } from './modules/system/index.js';
import { healthRoutes } from './modules/health/index.js';
import { registerDemoJobs } from './modules/demo/index.js';
import { usersRoutes } from './modules/users/index.js';
import { registerSessionJobs, sessionsRoutes } from './modules/sessions/index.js';
import { registerScheduleJobs, schedulesRoutes } from './modules/schedules/index.js';
import { profilesRoutes } from './modules/profiles/index.js';
import { queuesRoutes, registerQueueTopics } from './modules/queues/index.js';
import { archiveRoutes } from './modules/archive/index.js';
import { appointmentSlotsRoutes, appointmentsRoutes, appointmentTypesRoutes, calendarFeedRoutes, registerAppointmentJobs, vacationsRoutes } from './modules/appointments/index.js';
import { offersRoutes, registerOfferJobs } from './modules/offers/index.js';
import { routesRoutes } from './modules/routes/index.js';
import { processorsRoutes, registerProcessorJobs } from './modules/processors/index.js';
import { infoTagsRoutes } from './modules/infotags/index.js';
import { imagesRoutes } from './modules/images/index.js';
import { registerTicketJobs, registerTicketTopics, ticketsRoutes } from './modules/tickets/index.js';
import { probingRoutes } from './modules/probing/index.js';
import { monitorsRoutes, registerMonitorTopic } from './modules/monitors/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { registerReportJobs, reportsRoutes } from './modules/reports/index.js';
import { auditRoutes, registerAuditHook } from './modules/audit/index.js';
import { privacyRoutes, registerPrivacyJobs } from './modules/privacy/index.js';
import { legalRoutes } from './modules/legal/index.js';
import { encryptionRoutes } from './modules/encryption/index.js';
import { alertsRoutes, ensurePushKeys, watchQueueChanges } from './modules/alerts/index.js';
import { billingRoutes, billingWebhookRoutes, registerBillingJobs } from './modules/billing/index.js';
import { FHIR_PREFIX, fhirRoutes } from './modules/fhir/index.js';
import { webhooksRoutes } from './modules/webhooks/index.js';
import { apiKeysRoutes } from './modules/api-keys/index.js';
import { registerApiKeyAnswerFilter } from './platform/api-key-answers.js';
import { withApiKeySecurity } from './platform/api-scopes.js';
import type { Hooks } from './platform/hooks.js';
import { appHooks } from './app-hooks.js';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  /** How host names the server connects to for outsiders (push addresses) resolve: the system's by default; tests map a name. */
  resolveHost?: HostResolver;
  /**
   * `false` for no log (most tests); else the level (default the config's) and where the lines go
   * (default stdout). Either way the log is masked as in production (platform/log-options.ts).
   */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** Prefix of the realtime Redis keys and channel (default the config's `redisKeyPrefix`); tests pass a unique one. */
  realtimeKeyPrefix?: string;
  /** Prefix of the shared rate limits' Redis keys (default `<redisKeyPrefix>rl:`); tests pass a unique one. */
  rateLimitKeyPrefix?: string;
  /** How often staff sockets are rechecked (default STAFF_RECHECK_MS, 5 s); tests pass less. */
  staffSocketRecheckMs?: number;
  /** How modules take part in each other's work (default: all of them, app-hooks.ts); checked before anything starts. */
  hooks?: Hooks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Every kind of timed work, in one list: a module's jobs run only once they are named here
 * (registering is idempotent, so several apps in one process are fine). The hooks between
 * modules are not here but per app, in app-hooks.ts.
 */
function registerJobKinds(): void {
  registerSessionJobs();
  registerScheduleJobs();
  registerProcessorJobs();
  registerTicketJobs();
  registerAppointmentJobs();
  registerOfferJobs();
  registerBillingJobs();
  registerPrivacyJobs();
  registerDemoJobs();
  registerReportJobs();
}

/** Builds the whole server; main.ts listens on it, tests inject into it. */
export async function buildApp(options: BuildAppOptions) {
  installZodErrorCodes();
  registerJobKinds();
  // Before anything opens: a required hook left out stops the start, naming it and its provider.
  const hooks = options.hooks ?? appHooks();
  hooks.assertProvided();
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.logger?.level ?? config.logLevel, options.logger?.stream),
    bodyLimit: MAX_BODY_BYTES,
    // `req.ip` is the address the farthest trusted proxy saw, never what the client wrote (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A path the router cannot read (a broken %-escape, a parameter over 100 characters) is
    // answered by Fastify before any handler: through ours, it too gets a code and no echo.
    frameworkErrors: (error, req, reply) => void handleError(error, req, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const log: FastifyBaseLogger = app.log;
  const metrics = createMetrics({ poolStats: poolStatsOf(database) });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : undefined;
  const clock = options.clock ?? systemClock;
  const rateLimits = createRateLimiters({ redis, keyPrefix: options.rateLimitKeyPrefix ?? `${config.redisKeyPrefix}rl:`, log });
  const ctx: AppContext = {
    db: database.db,
    config,
    clock,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    sms: limitSms(createSmsSender({ url: config.smsUrl, token: config.smsToken, log }), { limiters: rateLimits, limits: config.smsLimits, clock, log }),
    push: createPushSender({ keys: await ensurePushKeys(database.db), contact: config.push.contact, extraOrigins: config.push.extraOrigins, resolveHost: options.resolveHost }),
    log,
    realtime: await createRealtime({ redisUrl: config.redisUrl, keyPrefix: options.realtimeKeyPrefix ?? config.redisKeyPrefix, db: database.db, log, metrics }),
    stripe: config.stripe && createStripeClient(config.stripe),
    metrics,
    rateLimits,
    redis,
    resolveHost: options.resolveHost ?? systemResolver,
    hooks,
    lifecycle: { draining: false },
  };
  // One cache of the lists' public views, for the route and the sockets that get it with `subscribed`.
  const publicSnapshots = registerTicketTopics(ctx);
  registerMonitorTopic(ctx.realtime, database.db);
  registerQueueTopics(ctx);
  const alertWatcher = watchQueueChanges(ctx);
  app.decorate('ctx', ctx);
  let backupChannel: BackupChannel | undefined;
  app.addHook('onClose', async () => {
    await backupChannel?.close();
    await alertWatcher.stop();
    ctx.mailer.close();
    await ctx.realtime.close();
    if (redis) await closeRedis(redis);
    await database.close();
  });
  // Every route's duration under its pattern (`/queues/:id`), so the labels stay a fixed set; a
  // path no route matched is one label, not one per path a scanner tries.
  app.addHook('onResponse', async (req, reply) => {
    metrics.httpDuration.observe({ route: req.routeOptions.url ?? 'unmatched', method: req.method, status: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:'],
        // Stripe Elements (where a publishable key is configured) loads its script and frames from Stripe.
        ...(config.stripe?.publishableKey && {
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
        }),
        // Kiosks and monitors reach the server by plain http on the practice network: upgrading
        // their requests to https would break every asset.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'wartefrei API', version: '0.1.0', description: 'Waiting lists and appointments for health practices.' },
      components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' }, apiKey: { type: 'http', scheme: 'bearer', description: 'An API key `wf_…` (docs/api.md)' } } },
    },
    // Which routes an API key may call, and with which scopes, from the one scope table.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return { ...out, schema: withApiKeySecurity(out.schema, input.route.method, input.url) };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Swagger UI injects one inline <style> its hashes do not cover; same http reason as above.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';").replace(/\s*upgrade-insecure-requests;/, ''),
  });

  registerAuditHook(app, ctx);
  registerApiKeyAnswerFilter(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(realtimeRoutes, { ctx, ...(options.staffSocketRecheckMs ? { staffRecheckMs: options.staffSocketRecheckMs } : {}) });
  await app.register(authRoutes, { ctx });
  await app.register(secondFactorRoutes, { ctx });
  await app.register(accountsRoutes, { ctx });
  await app.register(countriesRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(sessionsRoutes, { ctx });
  await app.register(schedulesRoutes, { ctx });
  await app.register(profilesRoutes, { ctx });
  await app.register(queuesRoutes, { ctx });
  await app.register(archiveRoutes, { ctx });
  await app.register(appointmentTypesRoutes, { ctx });
  await app.register(probingRoutes, { ctx });
  await app.register(appointmentSlotsRoutes, { ctx });
  await app.register(appointmentsRoutes, { ctx });
  await app.register(offersRoutes, { ctx });
  await app.register(vacationsRoutes, { ctx });
  await app.register(calendarFeedRoutes, { ctx });
  await app.register(routesRoutes, { ctx });
  await app.register(processorsRoutes, { ctx });
  await app.register(infoTagsRoutes, { ctx });
  await app.register(imagesRoutes, { ctx });
  await app.register(ticketsRoutes, { ctx, publicSnapshots });
  await app.register(alertsRoutes, { ctx });
  await app.register(monitorsRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(reportsRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(privacyRoutes, { ctx });
  await app.register(legalRoutes, { ctx });
  await app.register(encryptionRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(billingWebhookRoutes, { ctx });
  await app.register(webhooksRoutes, { ctx });
  await app.register(systemRoutes, { ctx, versionHash: webBuildVersion(config.webDistDir) });
  await app.register(clientFailureRoutes, { ctx });
  await app.register(healthRoutes, { ctx });
  await app.register(fhirRoutes, { ctx, prefix: FHIR_PREFIX });
  await app.register(apiKeysRoutes, { ctx });
  await registerWebApp(app, config.webDistDir);
  // `npm run admin -- backup` asks a running server for a copy of its embedded database (the
  // folder's lock keeps the command out); PostgreSQL has pg_dump.
  if (database.dataDir && database.dumpDataDir) backupChannel = await openBackupChannel({ dataDir: database.dataDir, dump: database.dumpDataDir, log });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
