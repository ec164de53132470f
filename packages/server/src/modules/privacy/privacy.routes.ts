import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErasureResult } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { eraseAppointmentNow, eraseMemberNow } from './erase.service.js';

const tags = ['privacy'];
const security = [{ basic: [] }];

/** Erasing one patient's data on their request (docs/security.md#retention). */
export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.post('/members/:id/erase', { preHandler, schema: { tags, security, params: IdParams, response: { 200: ErasureResult } } }, async (req) =>
    eraseMemberNow(ctx, actorOf(req), req.params.id, req.ip),
  );

  app.post('/appointments/:id/erase', { preHandler, schema: { tags, security, params: IdParams, response: { 200: ErasureResult } } }, async (req) =>
    eraseAppointmentNow(ctx, actorOf(req), req.params.id, req.ip),
  );
};
