import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoggedUser, LoginQuery, MicrosoftCallbackInput, MicrosoftStart, MicrosoftStartInput } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { currentUser, logIn, logOut, renewLogin } from './auth.service.js';
import { clearedBinding } from './microsoft-cookie.js';
import { finishMicrosoftLogin, startMicrosoftLogin } from './microsoft.service.js';

const tags = ['auth'];
const security = [{ basic: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/login', { schema: { tags, security, querystring: LoginQuery, response: { 200: LoggedUser } } }, async (req) =>
    logIn(ctx, req.headers.authorization, req.ip, req.query.ttl, req.query.stay === 'true'),
  );
  app.post('/auth/renew', { schema: { tags, security, response: { 200: LoggedUser } } }, async (req) => renewLogin(ctx, req.headers.authorization, req.ip));

  // Sign-in with Microsoft: the pages /login_microsoft_interaction, …_silent and …_callback call these.
  const microsoftLimiter = ctx.rateLimits.perAddress('microsoft-login', { limit: ctx.config.loginLimits.perIp, windowSeconds: ctx.config.loginLimits.windowSeconds });
  const microsoftLimit = (ip: string) => hitOrRefuse(microsoftLimiter, ip, ctx.clock.now());
  app.post('/auth/microsoft/start', { schema: { tags, body: MicrosoftStartInput.nullish(), response: { 200: MicrosoftStart } } }, async (req, reply) => {
    await microsoftLimit(req.ip);
    const { url, cookie } = await startMicrosoftLogin(ctx, req.body?.silent === true);
    reply.header('set-cookie', cookie);
    return { url };
  });
  app.post('/auth/microsoft/callback', { schema: { tags, body: MicrosoftCallbackInput, response: { 200: LoggedUser } } }, async (req, reply) => {
    await microsoftLimit(req.ip);
    // The sign-in's cookie has served its turn, whatever the answer.
    const cleared = clearedBinding(ctx, req.body.query);
    if (cleared) reply.header('set-cookie', cleared);
    return finishMicrosoftLogin(ctx, req.body.query, req.headers.cookie);
  });

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
