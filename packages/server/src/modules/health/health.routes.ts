import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthLive, HealthReady } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { checkReadiness } from './health.service.js';
import { isFromLoopback } from './loopback.js';
import { bearerMatches } from './metrics-token.js';

const tags = ['operations'];

/**
 * Probes and metrics for the operator (docs/architecture.md#operating). Public and outside any
 * account and any rate limit: a load balancer and Prometheus ask often and sign in nowhere.
 * `warn` as log level: a probe every few seconds would otherwise fill the log with request lines.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health/live', { logLevel: 'warn', schema: { tags, response: { 200: HealthLive } } }, () => ({ status: 'ok' as const }));

  app.get('/health/ready', { logLevel: 'warn', schema: { tags, response: { 200: HealthReady, 503: HealthReady } } }, async (_req, reply) => {
    const readiness = await checkReadiness(ctx);
    return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });

  const token = ctx.config.metricsToken;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        tags,
        description:
          'Prometheus metrics in text format; with `METRICS_TOKEN` set, only with `Authorization: Bearer <token>`; without it, only to a request from this machine (a loopback address, not forwarded by a proxy), 404 to any other.',
      },
    },
    async (req, reply) => {
      if (token !== undefined && !bearerMatches(req.headers.authorization, token)) throw new AppError('UNAUTHORIZED', { headers: { 'www-authenticate': 'Bearer' } });
      // Without a token the figures are for this machine only (a Prometheus beside the node);
      // anyone else learns not even that the path exists.
      if (token === undefined && !isFromLoopback(req)) throw new AppError('NOT_FOUND');
      const { registry } = ctx.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
