import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Dashboard } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { dashboardOf } from './dashboard.service.js';

const tags = ['dashboard'];
const security = [{ basic: [] }];

/** The staff dashboard (issue 7): the caller's queues at a glance. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/dashboard', { preHandler, schema: { tags, security, response: { 200: Dashboard } } }, async (req) => dashboardOf(ctx, actorOf(req)));
};
