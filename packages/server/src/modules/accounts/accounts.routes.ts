import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account,
  PasswordResetInput,
  PasswordResetRequestInput,
  SignupInput,
  UpdateAccountInput,
  SignupResult,
  VerifyInput,
  VerifyResendInput,
  VerifyResult,
} from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { requestLang } from '../../platform/i18n.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { getAccount, updateAccount } from './accounts.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { resendVerification, signUp, verifySignup } from './signup.service.js';

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Each sign-up mails a link to whatever address was typed in, and makes an account: counted
  // per client address (a well-formed attempt counts, taken names too), for all nodes.
  const signupLimiter = ctx.rateLimits.perAddress('signup', { limit: ctx.config.signupLimit.perIp, windowSeconds: ctx.config.signupLimit.windowSeconds });

  app.post('/signup', { schema: { tags, body: SignupInput, response: { 201: SignupResult } } }, async (req, reply) => {
    await hitOrRefuse(signupLimiter, req.ip, ctx.clock.now());
    const result = await signUp(ctx, req.body, requestLang(req));
    return reply.code(201).send(result);
  });

  app.post('/verify', { schema: { tags, body: VerifyInput, response: { 200: VerifyResult } } }, async (req) => verifySignup(ctx, req.body.token));

  app.post('/verify/resend', { schema: { tags, body: VerifyResendInput } }, async (req, reply) => {
    resendVerification(ctx, req.body.username);
    return reply.code(204).send();
  });

  app.post('/password-reset', { schema: { tags, body: PasswordResetRequestInput } }, async (req, reply) => {
    requestPasswordReset(ctx, req.body.username);
    return reply.code(204).send();
  });

  app.post('/password-reset/:token', { schema: { tags, params: z.object({ token: z.string().max(200) }), body: PasswordResetInput } }, async (req, reply) => {
    await resetPassword(ctx, req.params.token, req.body);
    return reply.code(204).send();
  });

  app.get('/accounts/:id', { preHandler: requireUser(ctx), schema: { tags, security: [{ basic: [] }], params: IdParams, response: { 200: Account } } }, async (req) =>
    getAccount(ctx, actorOf(req), req.params.id),
  );

  app.patch(
    '/accounts/:id',
    {
      preHandler: requireUser(ctx),
      schema: { tags, security: [{ basic: [] }], params: IdParams, body: UpdateAccountInput, response: { 200: Account } },
    },
    async (req) => updateAccount(ctx, actorOf(req), req.params.id, req.body, req.ip),
  );
};
