import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteProcessorQuery, DeleteProfileQuery, DeleteQueueQuery } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { deleteLocation, deleteQueue } from './archive.service.js';
import { removeProcessor } from './processor-removal.js';

const security = [{ basic: [] }];

/*
 * Deleting a list or a location, removing a processor (admins): each keeps the history for
 * reports. While upcoming appointments stand in the way each answers 409 QUEUE_HAS_APPOINTMENTS or
 * PROCESSOR_HAS_APPOINTMENTS with `count` and `first` (the shared UpcomingAppointmentsError);
 * the query says what to do with them (docs/product.md#removing-keeps-history).
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.delete('/queues/:id', { preHandler, schema: { tags: ['queues'], security, params: IdParams, querystring: DeleteQueueQuery } }, async (req, reply) => {
    await deleteQueue(ctx, actorOf(req), req.params.id, req.query);
    return reply.code(204).send();
  });

  app.delete('/profiles/:id', { preHandler, schema: { tags: ['profiles'], security, params: IdParams, querystring: DeleteProfileQuery } }, async (req, reply) => {
    await deleteLocation(ctx, actorOf(req), req.params.id, req.query);
    return reply.code(204).send();
  });

  app.delete('/processors/:id', { preHandler, schema: { tags: ['processors'], security, params: IdParams, querystring: DeleteProcessorQuery } }, async (req, reply) => {
    await removeProcessor(ctx, actorOf(req), req.params.id, req.query);
    return reply.code(204).send();
  });
};
