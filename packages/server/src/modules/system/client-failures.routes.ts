import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_FAILURE_MAX_BYTES, ClientFailureReport } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { recordClientFailure } from './client-failures.js';

/** Reports one address may send per 10 minutes: a practice's whole front desk behind one router included. */
export const CLIENT_FAILURE_LIMIT = 120;

/**
 * `POST /qt_monitor`: a client's report of a failed request (docs/product.md#the-api). No login
 * (the failure may be the login); a body over 16 KB is refused whole; one address may report
 * CLIENT_FAILURE_LIMIT times in 10 minutes, so a client in a loop cannot fill the table.
 */
export const clientFailureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limiter = ctx.rateLimits.perAddress('client-failures', { limit: CLIENT_FAILURE_LIMIT, windowSeconds: 600 });
  app.post('/qt_monitor', { bodyLimit: CLIENT_FAILURE_MAX_BYTES, schema: { tags: ['system'], body: ClientFailureReport } }, async (req, reply) => {
    await hitOrRefuse(limiter, req.ip, ctx.clock.now());
    await recordClientFailure(ctx, req.body, req.headers['user-agent']);
    return reply.code(204).send();
  });
};
