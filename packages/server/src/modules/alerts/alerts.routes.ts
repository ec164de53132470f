import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlertSubscriptionBody, TicketAlerts } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { endAlerts, subscribeAlerts } from './alerts.service.js';

const tags = ['tickets'];

/** "Almost your turn" alerts of a ticket (docs/product.md#alerts): public, keyed by the ticket's id like the ticket page. */
export const alertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Each SMS costs the practice: one address may (re)subscribe a few dozen times per 10 minutes
  // (what the SMS themselves may cost, whatever the address, is capped in platform/sms-limits.ts).
  const limiter = ctx.rateLimits.perAddress('alerts', { limit: 30, windowSeconds: 600 });

  app.put(
    '/members/:id/alerts',
    { schema: { tags, params: IdParams, body: AlertSubscriptionBody, response: { 200: TicketAlerts } } },
    async (req) => {
      await hitOrRefuse(limiter, req.ip, ctx.clock.now());
      return subscribeAlerts(ctx, req.params.id, req.body);
    },
  );

  app.delete('/members/:id/alerts', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await endAlerts(ctx, req.params.id);
    return reply.code(204).send();
  });
};
