import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ScheduleEntry, ScheduleEntryInput, ScheduleEntryList, ScheduleEntryPatch, ScheduleNow } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams, pathIds } from '../../platform/params.js';
import { changeScheduleEntry, createScheduleEntry, deleteScheduleEntry, getScheduleNow, listSchedule } from './schedules.service.js';

const tags = ['schedules'];
const security = [{ basic: [] }];
// Any string: a non-UUID answers 404 like an unknown id, not a validation error.
const entryParams = pathIds('id', 'entryId');

/** The weekly schedule of a queue: admins write, admins and assigned processors read. */
export const schedulesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/queues/:id/schedule', { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, response: { 200: ScheduleEntryList } } }, async (req) =>
    listSchedule(ctx, actorOf(req), req.params.id),
  );

  app.get('/queues/:id/schedule/now', { preHandler: requireUser(ctx), schema: { tags, security, params: IdParams, response: { 200: ScheduleNow } } }, async (req) =>
    getScheduleNow(ctx, actorOf(req), req.params.id),
  );

  app.post(
    '/queues/:id/schedule',
    {
      preHandler: requireUser(ctx),
      schema: { tags, security, params: IdParams, body: ScheduleEntryInput, response: { 201: ScheduleEntry } },
    },
    async (req, reply) => reply.code(201).send(await createScheduleEntry(ctx, actorOf(req), req.params.id, req.body)),
  );

  app.patch(
    '/queues/:id/schedule/:entryId',
    {
      preHandler: requireUser(ctx),
      schema: { tags, security, params: entryParams, body: ScheduleEntryPatch, response: { 200: ScheduleEntry } },
    },
    async (req) => changeScheduleEntry(ctx, actorOf(req), req.params.id, req.params.entryId, req.body),
  );

  app.delete('/queues/:id/schedule/:entryId', { preHandler: requireUser(ctx), schema: { tags, security, params: entryParams } }, async (req, reply) => {
    await deleteScheduleEntry(ctx, actorOf(req), req.params.id, req.params.entryId);
    return reply.code(204).send();
  });
};
