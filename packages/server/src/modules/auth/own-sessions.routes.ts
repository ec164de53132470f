import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EndedSessions, SignInSession } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from './own-sessions.service.js';

const tags = ['users'];
const security = [{ basic: [] }];

/** The signed-in user's sessions (docs/api.md#sign-in-and-sessions): see them, end one, end all others. */
export const ownSessionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  app.get('/users/me/sessions', { preHandler, schema: { tags, security, response: { 200: z.array(SignInSession) } } }, async (req) => listOwnSessions(ctx, actorOf(req)));
  app.delete('/users/me/sessions/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await endOwnSession(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
  app.post('/users/me/sessions/end-others', { preHandler, schema: { tags, security, response: { 200: EndedSessions } } }, async (req) => endOtherOwnSessions(ctx, actorOf(req)));
};
