import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentType,
  AppointmentTypeListQuery,
  Availability,
  AvailabilityQuery,
  BookableTypes,
  BookableTypesQuery,
  CreateAppointmentTypeInput,
  UpdateAppointmentTypeInput,
} from '@wartefrei/shared';
import { actorOf, optionalUser, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { bookableTypes, createAppointmentType, deleteAppointmentType, getAppointmentType, listAppointmentTypes, updateAppointmentType } from './appointment-types.service.js';
import { createAvailabilityCache } from './availability.cache.js';
import { availabilityOf } from './availability.service.js';

const tags = ['appointments'];
const security = [{ basic: [] }];

/** Appointment types (docs/product.md#entities): admins manage them, processors read those of their lists. */
export const appointmentTypesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  const patientsAvailability = createAvailabilityCache(ctx);

  app.get('/appointment-types', { preHandler, schema: { tags, security, querystring: AppointmentTypeListQuery, response: { 200: z.array(AppointmentType) } } }, async (req) =>
    listAppointmentTypes(ctx, actorOf(req), req.query),
  );

  app.post('/appointment-types', { preHandler, schema: { tags, security, body: CreateAppointmentTypeInput, response: { 201: AppointmentType } } }, async (req, reply) =>
    reply.code(201).send(await createAppointmentType(ctx, actorOf(req), req.body)),
  );

  // The patient's picker, without a login: what a list or location offers on the channel.
  app.get('/appointment-types/bookable', { schema: { tags, querystring: BookableTypesQuery, response: { 200: BookableTypes } } }, async (req) => bookableTypes(ctx, req.query));

  app.get('/appointment-types/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: AppointmentType } } }, async (req) =>
    getAppointmentType(ctx, actorOf(req), req.params.id),
  );

  app.patch(
    '/appointment-types/:id',
    { preHandler, schema: { tags, security, params: IdParams, body: UpdateAppointmentTypeInput, response: { 200: AppointmentType } } },
    async (req) => updateAppointmentType(ctx, actorOf(req), req.params.id, req.body),
  );

  // The patient's booking page asks without a login; staff with one see every free time.
  app.get(
    '/appointment-types/:id/availability',
    { preHandler: optionalUser(ctx), schema: { tags, params: IdParams, querystring: AvailabilityQuery, response: { 200: Availability } } },
    async (req, reply) => {
      // A patient's answer is the same for every patient: kept while nothing announced a change.
      // It is the JSON text already (made once per change, not once per patient), sent as it is.
      if (!req.actor) return (reply as FastifyReply).type('application/json; charset=utf-8').send(await patientsAvailability(req.params.id, req.query));
      const availability = await availabilityOf(ctx, req.actor, req.params.id, req.query);
      // A busy month is some 14,000 times; checking each against the schema once more took a
      // third of the answer's time (bench/availability.mjs). The handler is typed by the same
      // schema, and the route test parses the answer with it.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(availability);
    },
  );

  app.delete('/appointment-types/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteAppointmentType(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};
