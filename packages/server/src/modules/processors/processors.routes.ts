import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssignedProcessor, AssignProcessorInput, CreateProcessorInput, OwnQueue, Processor, SetOwnQueueActiveInput, UpdateProcessorInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams, pathIds } from '../../platform/params.js';
import {
  assignProcessor,
  createProcessor,
  getOwnProcessor,
  getProcessor,
  listMyQueues,
  listProcessors,
  listQueueProcessors,
  setMyQueueActive,
  unassignProcessor,
  updateProcessor,
} from './processors.service.js';
import { PROCESSOR_MAILS_PER_HOUR, resendInvitation, sendProcessorPasswordReset } from './processors.invitations.js';

const tags = ['processors'];
const security = [{ basic: [] }];
const QueueParams = pathIds('queueId');
const AssignmentParams = pathIds('queueId', 'userId');

/** Processors (staff users) and their queue assignments (docs/product.md#entities Processor, §6); removing one is archive's. */
export const processorsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/processors', { preHandler, schema: { tags, security, response: { 200: z.array(Processor) } } }, async (req) => listProcessors(ctx, actorOf(req)));

  app.post('/processors', { preHandler, schema: { tags, security, body: CreateProcessorInput, response: { 201: Processor } } }, async (req, reply) =>
    reply.code(201).send(await createProcessor(ctx, actorOf(req), req.body)),
  );

  app.get('/processors/me', { preHandler, schema: { tags, security, response: { 200: Processor } } }, async (req) => getOwnProcessor(ctx, actorOf(req)));

  app.get('/processors/me/queues', { preHandler, schema: { tags, security, response: { 200: z.array(OwnQueue) } } }, async (req) => listMyQueues(ctx, actorOf(req)));

  app.patch(
    '/processors/me/queues/:queueId',
    { preHandler, schema: { tags, security, params: QueueParams, body: SetOwnQueueActiveInput, response: { 200: OwnQueue } } },
    async (req) => setMyQueueActive(ctx, actorOf(req), req.params.queueId, req.body),
  );

  app.get('/processors/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Processor } } }, async (req) =>
    getProcessor(ctx, actorOf(req), req.params.id),
  );

  app.patch('/processors/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateProcessorInput, response: { 200: Processor } } }, async (req) =>
    updateProcessor(ctx, actorOf(req), req.params.id, req.body),
  );

  // One limit per processor for both mails, shared by all nodes: an admin cannot flood a mailbox.
  const mailLimiter = ctx.rateLimits.shared('processor-mails', { limit: PROCESSOR_MAILS_PER_HOUR, windowSeconds: 3600 });

  app.post('/processors/:id/invitation', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await resendInvitation(ctx, actorOf(req), req.params.id, mailLimiter);
    return reply.code(204).send();
  });

  app.post('/processors/:id/password-reset', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await sendProcessorPasswordReset(ctx, actorOf(req), req.params.id, mailLimiter);
    return reply.code(204).send();
  });

  app.get('/queues/:queueId/processors', { preHandler, schema: { tags, security, params: QueueParams, response: { 200: z.array(AssignedProcessor) } } }, async (req) =>
    listQueueProcessors(ctx, actorOf(req), req.params.queueId),
  );

  app.put(
    '/queues/:queueId/processors/:userId',
    {
      preHandler,
      schema: { tags, security, params: AssignmentParams, body: AssignProcessorInput.nullish(), response: { 200: AssignedProcessor } },
    },
    async (req) => assignProcessor(ctx, actorOf(req), req.params.queueId, req.params.userId, req.body),
  );

  app.delete('/queues/:queueId/processors/:userId', { preHandler, schema: { tags, security, params: AssignmentParams } }, async (req, reply) => {
    await unassignProcessor(ctx, actorOf(req), req.params.queueId, req.params.userId);
    return reply.code(204).send();
  });
};
