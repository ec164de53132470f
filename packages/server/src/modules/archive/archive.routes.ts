import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { deleteLocation, deleteQueue } from './archive.service.js';

const security = [{ basic: [] }];

/** Deleting a list or a location (admins): both archive, keeping the history for reports. */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.delete('/queues/:id', { preHandler, schema: { tags: ['queues'], security, params: IdParams } }, async (req, reply) => {
    await deleteQueue(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });

  app.delete('/profiles/:id', { preHandler, schema: { tags: ['profiles'], security, params: IdParams } }, async (req, reply) => {
    await deleteLocation(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
