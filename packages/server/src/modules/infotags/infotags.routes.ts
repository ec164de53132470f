import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateInfoTagInput, InfoTag, UpdateInfoTagInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createInfoTag, deleteInfoTag, getInfoTag, listInfoTags, updateInfoTag } from './infotags.service.js';

const tags = ['info-tags'];
const security = [{ basic: [] }];

/** Info tags (docs/product.md#entities, §5): admins manage them, processors read them. */
export const infoTagsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/info-tags', { preHandler, schema: { tags, security, response: { 200: z.array(InfoTag) } } }, async (req) => listInfoTags(ctx, actorOf(req)));

  app.post('/info-tags', { preHandler, schema: { tags, security, body: CreateInfoTagInput, response: { 201: InfoTag } } }, async (req, reply) =>
    reply.code(201).send(await createInfoTag(ctx, actorOf(req), req.body)),
  );

  app.get('/info-tags/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: InfoTag } } }, async (req) => getInfoTag(ctx, actorOf(req), req.params.id));

  app.patch('/info-tags/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateInfoTagInput, response: { 200: InfoTag } } }, async (req) =>
    updateInfoTag(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/info-tags/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteInfoTag(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
