import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivatedSecondFactor,
  ConfirmTotpInput,
  LoggedUser,
  LoginQuery,
  NewTotp,
  NewTotpInput,
  PasskeyOptionsInput,
  PasskeyRegistrationOptions,
  PasskeySignInInput,
  PasskeySignInOptions,
  PasswordAgainInput,
  RecoveryCodes,
  RegisterPasskeyInput,
  RenameSecondFactorInput,
  SecondFactor,
  SecondFactorList,
  SecondFactorLoginInput,
} from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { hitOrRefuse } from '../../platform/rate-limit.js';
import { effectiveTtl, stayModeOf } from './auth.service.js';
import { answerSignIn } from './renewal-cookie.js';
import { answerSecondStep, finishPasskeySignIn, startPasskeySignIn } from './second-step.service.js';
import { signInMetaOf } from './sign-in.js';
import {
  confirmTotp,
  listSecondFactors,
  passkeyOptions,
  registerPasskey,
  removeSecondFactor,
  renameSecondFactor,
  renewRecoveryCodes,
  startTotp,
} from './second-factors.service.js';

const tags = ['auth'];
const security = [{ basic: [] }];

/** Second factors (docs/api.md#second-factors): the profile's own, the sign-in's second step, passkey sign-in. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signedIn = { preHandler: requireUser(ctx) };
  app.get('/users/me/second-factors', { ...signedIn, schema: { tags, security, response: { 200: SecondFactorList } } }, async (req) => listSecondFactors(ctx, actorOf(req)));
  app.post('/users/me/second-factors/totp', { ...signedIn, schema: { tags, security, body: NewTotpInput.nullish(), response: { 201: NewTotp } } }, async (req, reply) =>
    reply.code(201).send(await startTotp(ctx, actorOf(req), req.body ?? {}, req.ip)),
  );
  app.post(
    '/users/me/second-factors/:id/confirm',
    { ...signedIn, schema: { tags, security, params: IdParams, body: ConfirmTotpInput, response: { 200: ActivatedSecondFactor } } },
    async (req) => confirmTotp(ctx, actorOf(req), req.params.id, req.body.code),
  );
  app.post(
    '/users/me/second-factors/passkey/options',
    { ...signedIn, schema: { tags, security, body: PasskeyOptionsInput.nullish(), response: { 200: PasskeyRegistrationOptions } } },
    async (req) => passkeyOptions(ctx, actorOf(req), req.body ?? {}, req.ip),
  );
  app.post(
    '/users/me/second-factors/passkey',
    { ...signedIn, schema: { tags, security, body: RegisterPasskeyInput, response: { 201: ActivatedSecondFactor } } },
    async (req, reply) => reply.code(201).send(await registerPasskey(ctx, actorOf(req), req.body)),
  );
  app.patch(
    '/users/me/second-factors/:id',
    { ...signedIn, schema: { tags, security, params: IdParams, body: RenameSecondFactorInput, response: { 200: SecondFactor } } },
    async (req) => renameSecondFactor(ctx, actorOf(req), req.params.id, req.body.name),
  );
  app.delete('/users/me/second-factors/:id', { ...signedIn, schema: { tags, security, params: IdParams, body: PasswordAgainInput } }, async (req, reply) => {
    await removeSecondFactor(ctx, actorOf(req), req.params.id, req.body.password, req.ip);
    return reply.code(204).send();
  });
  app.post('/users/me/second-factors/recovery-codes', { ...signedIn, schema: { tags, security, body: PasswordAgainInput, response: { 200: RecoveryCodes } } }, async (req) =>
    renewRecoveryCodes(ctx, actorOf(req), req.body.password, req.ip),
  );

  app.post('/auth/login/second-factor', { schema: { tags, body: SecondFactorLoginInput, response: { 200: LoggedUser } } }, async (req, reply) =>
    answerSignIn(ctx, reply, await answerSecondStep(ctx, req.body, signInMetaOf(req))),
  );

  // Passkey sign-in without a password: each options call stores a ceremony, so it is limited per address.
  const passkeyLimiter = ctx.rateLimits.perAddress('passkey-sign-in', { limit: ctx.config.loginLimits.perIp, windowSeconds: ctx.config.loginLimits.windowSeconds });
  app.post('/auth/passkey/options', { schema: { tags, response: { 200: PasskeySignInOptions } } }, async (req) => {
    await hitOrRefuse(passkeyLimiter, req.ip, ctx.clock.now());
    return startPasskeySignIn(ctx);
  });
  app.post('/auth/passkey', { schema: { tags, querystring: LoginQuery, body: PasskeySignInInput, response: { 200: LoggedUser } } }, async (req, reply) =>
    answerSignIn(ctx, reply, await finishPasskeySignIn(ctx, req.body, signInMetaOf(req), { ttl: effectiveTtl(ctx, req.query.ttl), stay: stayModeOf(req.query.stay) })),
  );
};
