import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateProfileInput, Profile, ProfileList, UpdateProfileInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createProfile, getProfile, listProfiles, updateProfile } from './profiles.service.js';

const tags = ['profiles'];
const security = [{ basic: [] }];

/** Locations (docs/product.md#entities Profile): every staff member reads them, admins change them. */
export const profilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/profiles', { preHandler, schema: { tags, security, response: { 200: ProfileList } } }, async (req) => listProfiles(ctx, actorOf(req)));

  app.post('/profiles', { preHandler, schema: { tags, security, body: CreateProfileInput, response: { 201: Profile } } }, async (req, reply) =>
    reply.code(201).send(await createProfile(ctx, actorOf(req), req.body)),
  );

  app.get('/profiles/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Profile } } }, async (req) => getProfile(ctx, actorOf(req), req.params.id));

  app.patch('/profiles/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateProfileInput, response: { 200: Profile } } }, async (req) =>
    updateProfile(ctx, actorOf(req), req.params.id, req.body),
  );

  // DELETE /profiles/{id} is the archive module's (it archives the lists too); the public view
  // `GET /profiles/{id}/public` is the tickets module's (it is a view of the lines).
};
