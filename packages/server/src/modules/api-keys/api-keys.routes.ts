import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service.js';

const tags = ['api-keys'];
const security = [{ basic: [] }];

/** API keys of the practice (docs/api.md#making-a-key): admins only; never open to a key (platform/api-scopes.ts). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preValidation = requireAdmin(ctx);

  app.get('/api-keys', { preValidation, schema: { tags, security, response: { 200: z.array(ApiKey) } } }, async (req) => listApiKeys(ctx, actorOf(req)));

  app.post('/api-keys', { preValidation, schema: { tags, security, body: CreateApiKeyInput, response: { 201: CreatedApiKey } } }, async (req, reply) =>
    reply.code(201).send(await createApiKey(ctx, actorOf(req), req.body)),
  );

  app.delete('/api-keys/:id', { preValidation, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteApiKey(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
