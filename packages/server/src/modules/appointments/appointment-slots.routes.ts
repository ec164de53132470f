import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppointmentSlot, AppointmentSlotListQuery, CreateAppointmentSlotInput, UpdateAppointmentSlotInput } from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { createSlot, deleteSlotOfAccount, listSlots, updateSlotOfAccount } from './appointment-slots.service.js';

const tags = ['appointments'];
const security = [{ basic: [] }];

/** Availability rules (docs/product.md#entities Appointment slot): admins write, staff read. */
export const appointmentSlotsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/appointment-slots', { preHandler, schema: { tags, security, querystring: AppointmentSlotListQuery, response: { 200: z.array(AppointmentSlot) } } }, async (req) =>
    listSlots(ctx, actorOf(req), req.query),
  );

  app.post('/appointment-slots', { preHandler, schema: { tags, security, body: CreateAppointmentSlotInput, response: { 201: AppointmentSlot } } }, async (req, reply) =>
    reply.code(201).send(await createSlot(ctx, actorOf(req), req.body)),
  );

  app.patch(
    '/appointment-slots/:id',
    { preHandler, schema: { tags, security, params: IdParams, body: UpdateAppointmentSlotInput, response: { 200: AppointmentSlot } } },
    async (req) => updateSlotOfAccount(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/appointment-slots/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteSlotOfAccount(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
