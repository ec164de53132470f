import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangeOwnPasswordInput, LoggedUser, UpdateOwnProfileInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { changeOwnPassword, updateOwnProfile } from './users.service.js';

const tags = ['users'];
const security = [{ basic: [] }];

/** The signed-in user's own profile (docs/product.md#screens-and-routes /backend/profile). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.patch('/users/me', { preHandler: requireUser(ctx), schema: { tags, security, body: UpdateOwnProfileInput, response: { 200: LoggedUser } } }, async (req) =>
    updateOwnProfile(ctx, actorOf(req), req.headers.authorization, req.body),
  );

  app.post('/users/me/password', { preHandler: requireUser(ctx), schema: { tags, security, body: ChangeOwnPasswordInput } }, async (req, reply) => {
    await changeOwnPassword(ctx, actorOf(req), req.body, req.ip);
    return reply.code(204).send();
  });
};
