import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateQueueInput, Queue, QueueList, UpdateQueueInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createQueue, getQueue, listQueues, updateQueue } from './queues.service.js';

const tags = ['queues'];
const security = [{ basic: [] }];

/** Waiting lists (docs/product.md#entities Queue) for staff: admins manage them, processors read their own. */
export const queuesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/queues', { preHandler, schema: { tags, security, response: { 200: QueueList } } }, async (req) => listQueues(ctx, actorOf(req)));

  app.post('/queues', { preHandler, schema: { tags, security, body: CreateQueueInput, response: { 201: Queue } } }, async (req, reply) =>
    reply.code(201).send(await createQueue(ctx, actorOf(req), req.body)),
  );

  app.get('/queues/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Queue } } }, async (req) => getQueue(ctx, actorOf(req), req.params.id));

  app.patch('/queues/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateQueueInput, response: { 200: Queue } } }, async (req) =>
    updateQueue(ctx, actorOf(req), req.params.id, req.body),
  );
};
