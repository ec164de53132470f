import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScheduleEntry, ScheduleEntryInput, ScheduleEntryList, ScheduleEntryPatch } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { changeScheduleEntry, createScheduleEntry, deleteScheduleEntry, listSchedule } from './schedules.service.js';

const tags = ['schedules'];
const security = [{ basic: [] }];
// Any string: a non-UUID answers 404 like an unknown id, not a validation error.
const queueParams = z.object({ id: z.string() });
const entryParams = z.object({ id: z.string(), entryId: z.string() });

/** The weekly schedule of a queue: admins write, admins and assigned processors read. */
export const schedulesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/queues/:id/schedule',
    { preHandler: requireUser(ctx), schema: { tags, security, params: queueParams, response: { 200: ScheduleEntryList } } },
    async (req) => listSchedule(ctx, actorOf(req), req.params.id),
  );

  app.post(
    '/queues/:id/schedule',
    {
      preHandler: requireUser(ctx),
      schema: { tags, security, params: queueParams, body: ScheduleEntryInput, response: { 201: ScheduleEntry } },
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

  app.delete(
    '/queues/:id/schedule/:entryId',
    { preHandler: requireUser(ctx), schema: { tags, security, params: entryParams } },
    async (req, reply) => {
      await deleteScheduleEntry(ctx, actorOf(req), req.params.id, req.params.entryId);
      return reply.code(204).send();
    },
  );
};
