import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateMonitorInput, Monitor, MonitorList, PublicMonitor, UpdateMonitorInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { publicMonitor } from './monitors.public.js';
import { createMonitor, deleteMonitor, getMonitor, listMonitors, updateMonitor } from './monitors.service.js';

const tags = ['monitors'];
const security = [{ basic: [] }];
// Any string: a non-UUID answers 404 like an unknown id, not a validation error.

/** Monitors (docs/product.md#entities): admins manage them, processors read them, screens show them without login. */
export const monitorsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/monitors', { preHandler, schema: { tags, security, response: { 200: MonitorList } } }, async (req) => listMonitors(ctx, actorOf(req)));

  app.post('/monitors', { preHandler, schema: { tags, security, body: CreateMonitorInput, response: { 201: Monitor } } }, async (req, reply) =>
    reply.code(201).send(await createMonitor(ctx, actorOf(req), req.body)),
  );

  app.get('/monitors/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Monitor } } }, async (req) => getMonitor(ctx, actorOf(req), req.params.id));

  app.patch('/monitors/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateMonitorInput, response: { 200: Monitor } } }, async (req) =>
    updateMonitor(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/monitors/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteMonitor(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });

  app.get('/monitors/:id/public', { schema: { tags, params: IdParams, response: { 200: PublicMonitor } } }, async (req) => publicMonitor(ctx, req.params.id));
};
