import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoggedUser, LoginQuery } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { currentUser, logIn, logOut } from './auth.service.js';

const tags = ['auth'];
const security = [{ basic: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/login', { schema: { tags, security, querystring: LoginQuery, response: { 200: LoggedUser } } }, async (req) =>
    logIn(ctx, req.headers.authorization, req.ip, req.query.ttl),
  );

  app.get('/auth', { schema: { tags, security, response: { 200: LoggedUser } } }, async (req) =>
    currentUser(ctx, req.headers.authorization),
  );

  for (const path of ['/auth/logout', '/credentials/logout']) {
    app.post(path, { schema: { tags, security } }, async (req, reply) => {
      await logOut(ctx, req.headers.authorization);
      return reply.code(204).send();
    });
  }
};
