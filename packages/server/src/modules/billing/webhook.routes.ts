import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { applyWebhookEvent, verifyWebhook } from './webhook.js';

/**
 * `POST /billing/webhook`: Stripe's events. The signature covers the exact bytes sent, so this
 * route (alone, in its own scope) keeps the body raw instead of parsing JSON.
 */
export const billingWebhookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/billing/webhook', { schema: { tags: ['billing'], hide: true } }, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifyWebhook(ctx, raw, req.headers['stripe-signature'] as string | undefined);
    await applyWebhookEvent(ctx, event);
    return reply.code(200).send({ received: true });
  });
};
