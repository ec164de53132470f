import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlertSubscriptionBody, TicketAlerts } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { TokenParams } from '../../platform/params.js';
import { memberIdOfLink } from '../tickets/index.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { endAlerts, subscribeAlerts } from './alerts.service.js';

const tags = ['tickets'];

/** "Almost your turn" alerts of a ticket (docs/product.md#alerts): public, keyed by the token of the patient's link like the ticket page. */
export const alertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Each SMS costs the practice: one address may (re)subscribe a few dozen times per 10 minutes.
  const limiter = createRateLimiter({ limit: 30, windowSeconds: 600 });

  app.put(
    '/members/:token/alerts',
    { schema: { tags, params: TokenParams, body: AlertSubscriptionBody, response: { 200: TicketAlerts } } },
    async (req) => {
      const verdict = await limiter.hit(req.ip, ctx.clock.now());
      if (!verdict.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
      return subscribeAlerts(ctx, await memberIdOfLink(ctx, req.params.token), req.body);
    },
  );

  app.delete('/members/:token/alerts', { schema: { tags, params: TokenParams } }, async (req, reply) => {
    await endAlerts(ctx, await memberIdOfLink(ctx, req.params.token));
    return reply.code(204).send();
  });
};
