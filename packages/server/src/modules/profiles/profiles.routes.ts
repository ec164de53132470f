import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateProfileInput, Profile, ProfileList, PublicProfile, UpdateProfileInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { publicProfile } from './profiles.public.js';
import { createProfile, getProfile, listProfiles, updateProfile } from './profiles.service.js';

const tags = ['profiles'];
const security = [{ basic: [] }];
const params = z.object({ id: z.string() });

/** Locations (docs/product.md#entities Profile): every staff member reads them, admins change them; visitors see the public view. */
export const profilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/profiles', { preHandler, schema: { tags, security, response: { 200: ProfileList } } }, async (req) =>
    listProfiles(ctx, actorOf(req)),
  );

  app.post(
    '/profiles',
    { preHandler, schema: { tags, security, body: CreateProfileInput, response: { 201: Profile } } },
    async (req, reply) => reply.code(201).send(await createProfile(ctx, actorOf(req), req.body)),
  );

  app.get('/profiles/:id', { preHandler, schema: { tags, security, params, response: { 200: Profile } } }, async (req) =>
    getProfile(ctx, actorOf(req), req.params.id),
  );

  app.patch(
    '/profiles/:id',
    { preHandler, schema: { tags, security, params, body: UpdateProfileInput, response: { 200: Profile } } },
    async (req) => updateProfile(ctx, actorOf(req), req.params.id, req.body),
  );

  // DELETE /profiles/{id} is registered by the queues module: deleting a location archives its lists.

  app.get('/profiles/:id/public', { schema: { tags, params, response: { 200: PublicProfile } } }, async (req) =>
    publicProfile(ctx, req.params.id),
  );
};
