import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams, pathIds } from '../../platform/params.js';
import { createEndpoint, deleteEndpoint, getEndpoint, listDeliveries, listEndpoints, retryDelivery, rotateSecret, sendTestEvent, updateEndpoint } from './webhooks.service.js';

const tags = ['webhooks'];
const security = [{ basic: [] }];

/** Outgoing webhooks (Standard Webhooks, docs/api.md#webhooks): admins manage their practice's endpoints. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preValidation = requireAdmin(ctx);

  app.get('/webhook-endpoints', { preValidation, schema: { tags, security, response: { 200: z.array(WebhookEndpoint) } } }, async (req) => listEndpoints(ctx, actorOf(req)));

  app.post(
    '/webhook-endpoints',
    { preValidation, schema: { tags, security, body: CreateWebhookEndpointInput, response: { 201: WebhookEndpointWithSecret } } },
    async (req, reply) => reply.code(201).send(await createEndpoint(ctx, actorOf(req), req.body)),
  );

  app.get('/webhook-endpoints/:id', { preValidation, schema: { tags, security, params: IdParams, response: { 200: WebhookEndpoint } } }, async (req) =>
    getEndpoint(ctx, actorOf(req), req.params.id),
  );

  app.patch(
    '/webhook-endpoints/:id',
    { preValidation, schema: { tags, security, params: IdParams, body: UpdateWebhookEndpointInput, response: { 200: WebhookEndpoint } } },
    async (req) => updateEndpoint(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/webhook-endpoints/:id', { preValidation, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteEndpoint(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });

  app.post('/webhook-endpoints/:id/rotate-secret', { preValidation, schema: { tags, security, params: IdParams, response: { 200: WebhookEndpointWithSecret } } }, async (req) =>
    rotateSecret(ctx, actorOf(req), req.params.id),
  );

  app.get('/webhook-endpoints/:id/deliveries', { preValidation, schema: { tags, security, params: IdParams, response: { 200: z.array(WebhookDelivery) } } }, async (req) =>
    listDeliveries(ctx, actorOf(req), req.params.id),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/retry',
    { preValidation, schema: { tags, security, params: pathIds('id', 'deliveryId'), response: { 202: WebhookDelivery } } },
    async (req, reply) => reply.code(202).send(await retryDelivery(ctx, actorOf(req), req.params.id, req.params.deliveryId)),
  );

  app.post('/webhook-endpoints/:id/test', { preValidation, schema: { tags, security, params: IdParams, response: { 202: WebhookDelivery } } }, async (req, reply) =>
    reply.code(202).send(await sendTestEvent(ctx, actorOf(req), req.params.id)),
  );
};
