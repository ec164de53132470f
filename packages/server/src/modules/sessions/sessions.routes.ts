import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QueueSession, RecordedSessionEventList, SessionEventInput, SessionSwitchInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { getSession, getSessionEvents, sendSessionEvent, switchQueueing } from './sessions.service.js';

const tags = ['sessions'];
const security = [{ basic: [] }];
// Any string: a non-UUID answers 404 like an unknown id, not a validation error.

/** The open/closed/suspended state of a queue (docs/product.md#states-and-transitions), for admins and assigned processors. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/queues/:id/session', { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, response: { 200: QueueSession } } }, async (req) =>
    getSession(ctx, actorOf(req), req.params.id),
  );

  app.post(
    '/queues/:id/session',
    { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, body: SessionEventInput, response: { 200: QueueSession } } },
    async (req) => sendSessionEvent(ctx, actorOf(req), req.params.id, req.body),
  );

  app.patch(
    '/queues/:id/session',
    { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, body: SessionSwitchInput, response: { 200: QueueSession } } },
    async (req) => switchQueueing(ctx, actorOf(req), req.params.id, req.body),
  );

  app.get('/queues/:id/session/events', { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, response: { 200: RecordedSessionEventList } } }, async (req) =>
    getSessionEvents(ctx, actorOf(req), req.params.id),
  );
};
