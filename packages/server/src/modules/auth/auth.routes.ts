import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { LoggedUser, LoginQuery, MicrosoftCallbackInput, MicrosoftStart, MicrosoftStartInput, RENEWAL_COOKIE_HEADER } from '@wartefrei/shared';
import { parseBasicAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { currentUser, logIn, logOut, renewLogin, type RenewalCredentials } from './auth.service.js';
import { clearedBinding } from './microsoft-cookie.js';
import { finishMicrosoftLogin, startMicrosoftLogin } from './microsoft.service.js';
import { ownSessionsRoutes } from './own-sessions.routes.js';
import { answerSignIn, clearRenewalCookie, RENEWAL_PATH, renewalCookieOf } from './renewal-cookie.js';
import { signInMetaOf } from './sign-in.js';

const tags = ['auth'];
const security = [{ basic: [] }];

/** The renewal's key: the cookie when the request says so with the header only a script of ours sets, else Basic. */
function renewalOf(ctx: AppContext, req: FastifyRequest): RenewalCredentials {
  return req.headers[RENEWAL_COOKIE_HEADER] === 'cookie'
    ? { mode: 'cookie', credentials: renewalCookieOf(ctx, req.headers.cookie) }
    : { mode: 'basic', credentials: parseBasicAuth(req.headers.authorization) };
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(ownSessionsRoutes, { ctx });

  app.post('/auth/login', { schema: { tags, security, querystring: LoginQuery, response: { 200: LoggedUser } } }, async (req, reply) =>
    answerSignIn(ctx, reply, await logIn(ctx, req.headers.authorization, req.query, signInMetaOf(req))),
  );
  app.post(RENEWAL_PATH, { schema: { tags, security, response: { 200: LoggedUser } } }, async (req, reply) => {
    const renewal = renewalOf(ctx, req);
    try {
      return answerSignIn(ctx, reply, await renewLogin(ctx, renewal, signInMetaOf(req)));
    } catch (error) {
      // A refused cookie goes: the browser keeps no key that works no more (the error answer keeps the header).
      if (renewal.mode === 'cookie') clearRenewalCookie(ctx, reply);
      throw error;
    }
  });

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
    return answerSignIn(ctx, reply, await finishMicrosoftLogin(ctx, req.body.query, req.headers.cookie, signInMetaOf(req)));
  });

  app.get('/auth', { schema: { tags, security, response: { 200: LoggedUser } } }, async (req) => currentUser(ctx, req.headers.authorization));

  for (const path of ['/auth/logout', '/credentials/logout']) {
    app.post(path, { schema: { tags, security } }, async (req, reply) => {
      await logOut(ctx, req.headers.authorization);
      // This browser's renewal cookie, if any, belonged to the session just ended.
      clearRenewalCookie(ctx, reply);
      return reply.code(204).send();
    });
  }
};
