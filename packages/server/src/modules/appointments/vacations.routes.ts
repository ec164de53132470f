import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateVacationInput, UpdateVacationInput, Vacation, VacationListQuery } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createVacation, deleteVacation, listVacations, updateVacation } from './vacations.service.js';

const tags = ['appointments'];
const security = [{ basic: [] }];

/** Vacations and substitutions (docs/product.md#entities): admins write, staff read. */
export const vacationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/vacations', { preHandler, schema: { tags, security, querystring: VacationListQuery, response: { 200: z.array(Vacation) } } }, async (req) =>
    listVacations(ctx, actorOf(req), req.query),
  );

  app.post('/vacations', { preHandler, schema: { tags, security, body: CreateVacationInput, response: { 201: Vacation } } }, async (req, reply) =>
    reply.code(201).send(await createVacation(ctx, actorOf(req), req.body)),
  );

  app.patch('/vacations/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateVacationInput, response: { 200: Vacation } } }, async (req) =>
    updateVacation(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/vacations/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteVacation(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
