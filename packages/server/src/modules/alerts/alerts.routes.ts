import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlertSubscriptionBody, TicketAlerts } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { TokenParams } from '../../platform/params.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { memberIdOfLink } from '../tickets/index.js';
import { endAlerts, subscribeAlerts } from './alerts.service.js';

const tags = ['tickets'];

/** "Almost your turn" alerts of a ticket (docs/product.md#alerts): public, keyed by the token of the patient's link like the ticket page. */
export const alertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Each SMS costs the practice: one address may (re)subscribe a few dozen times per 10 minutes
  // (what the SMS themselves may cost, whatever the address, is capped in platform/sms-limits.ts).
  const limiter = ctx.rateLimits.perAddress('alerts', { limit: 30, windowSeconds: 600 });

  app.put('/members/:token/alerts', { schema: { tags, params: TokenParams, body: AlertSubscriptionBody, response: { 200: TicketAlerts } } }, async (req) => {
    await hitOrRefuse(limiter, req.ip, ctx.clock.now());
    return subscribeAlerts(ctx, await memberIdOfLink(ctx, req.params.token), req.body);
  });

  app.delete('/members/:token/alerts', { schema: { tags, params: TokenParams } }, async (req, reply) => {
    await endAlerts(ctx, await memberIdOfLink(ctx, req.params.token));
    return reply.code(204).send();
  });
};
