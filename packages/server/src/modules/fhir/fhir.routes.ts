import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { APPOINTMENT_PARAMS, createAppointment, readAppointment, searchAppointments, updateAppointmentStatus } from './fhir-appointments.service.js';
import { capabilityStatement } from './fhir.capability.js';
import { FHIR_JSON, handleFhirError } from './fhir.outcome.js';
import { checkParams } from './fhir.params.js';
import { searchBundle } from './fhir.resources.js';
import { AppointmentBody, FhirBundle, FhirIdParams, FhirResource, OperationOutcome, ReadQuery, searchQuery, StatusPatch } from './fhir.schemas.js';
import {
  LOCATION_PARAMS,
  PRACTITIONER_PARAMS,
  readLocation,
  readPractitioner,
  readSchedule,
  readService,
  SCHEDULE_PARAMS,
  searchLocations,
  searchPractitioners,
  searchSchedules,
  searchServices,
  searchSlots,
  SERVICE_PARAMS,
  SLOT_PARAMS,
  type Page,
} from './fhir.service.js';

export const FHIR_PREFIX = '/fhir/R4';
const tags = ['fhir'];
const security = [{ basic: [] }];
const errors = { 400: OperationOutcome, 401: OperationOutcome, 404: OperationOutcome };

/**
 * FHIR R4 scheduling (docs/api.md#fhir-r4), registered with the prefix /fhir/R4: its own
 * content type (application/fhir+json in and out) and its own error handler, so that every
 * error — authentication, a missing resource, a taken time, a rate limit — is an
 * OperationOutcome. Staff routes: a login token (or, where keys exist, a key with scope fhir).
 */
export const fhirRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = `${ctx.config.publicUrl}${FHIR_PREFIX}`;
  const preHandler = requireUser(ctx);
  // The booking route's own limiter: staff and keys are not limited by it, as at POST /appointments.
  const bookingLimiter = ctx.rateLimits.perAddress('booking', { limit: ctx.config.bookingLimit.perIp, windowSeconds: ctx.config.bookingLimit.windowSeconds });

  app.addContentTypeParser(['application/fhir+json', 'application/json-patch+json'], { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler(handleFhirError);
  app.addHook('onSend', async (_req, reply, payload) => {
    void reply.type(FHIR_JSON);
    return payload;
  });

  /** A search: unknown parameters checked under `Prefer: handling=strict`, the page as a Bundle. */
  const search = (path: string, known: readonly string[], run: (req: FastifyRequest) => Promise<Page>) => async (req: FastifyRequest) => {
    checkParams(req, known);
    const page = await run(req);
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    return searchBundle(base, path, query, page.total, page.offset, page.count, page.resources);
  };
  const query = (req: FastifyRequest) => req.query as Record<string, string | string[] | undefined>;
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;
  const readSchema = { tags, security, params: FhirIdParams, querystring: ReadQuery, response: { 200: FhirResource, ...errors } };
  const searchSchema = (names: readonly string[]) => ({ tags, security, querystring: searchQuery(names), response: { 200: FhirBundle, ...errors } });

  app.get('/metadata', { schema: { tags, response: { 200: FhirResource } } }, async () => capabilityStatement(base, ctx.clock.now().toISOString()));

  app.get(
    '/Practitioner',
    { preHandler, schema: searchSchema(PRACTITIONER_PARAMS) },
    search('Practitioner', PRACTITIONER_PARAMS, (req) => searchPractitioners(ctx, actorOf(req), query(req))),
  );
  app.get('/Practitioner/:id', { preHandler, schema: readSchema }, async (req) => readPractitioner(ctx, actorOf(req), req.params.id));
  app.get(
    '/Location',
    { preHandler, schema: searchSchema(LOCATION_PARAMS) },
    search('Location', LOCATION_PARAMS, (req) => searchLocations(ctx, actorOf(req), query(req))),
  );
  app.get('/Location/:id', { preHandler, schema: readSchema }, async (req) => readLocation(ctx, actorOf(req), req.params.id));
  app.get(
    '/HealthcareService',
    { preHandler, schema: searchSchema(SERVICE_PARAMS) },
    search('HealthcareService', SERVICE_PARAMS, (req) => searchServices(ctx, actorOf(req), query(req))),
  );
  app.get('/HealthcareService/:id', { preHandler, schema: readSchema }, async (req) => readService(ctx, actorOf(req), req.params.id));
  app.get(
    '/Schedule',
    { preHandler, schema: searchSchema(SCHEDULE_PARAMS) },
    search('Schedule', SCHEDULE_PARAMS, (req) => searchSchedules(ctx, actorOf(req), query(req))),
  );
  app.get('/Schedule/:id', { preHandler, schema: readSchema }, async (req) => readSchedule(ctx, actorOf(req), req.params.id));
  app.get(
    '/Slot',
    { preHandler, schema: searchSchema(SLOT_PARAMS) },
    search('Slot', SLOT_PARAMS, (req) => searchSlots(ctx, actorOf(req), query(req))),
  );
  app.get(
    '/Appointment',
    { preHandler, schema: searchSchema(APPOINTMENT_PARAMS) },
    search('Appointment', APPOINTMENT_PARAMS, (req) => searchAppointments(ctx, actorOf(req), query(req))),
  );
  app.get('/Appointment/:id', { preHandler, schema: readSchema }, async (req) => readAppointment(ctx, actorOf(req), id(req)));

  app.post(
    '/Appointment',
    { preHandler, schema: { tags, security, body: AppointmentBody, response: { 201: FhirResource, ...errors, 409: OperationOutcome, 422: OperationOutcome } } },
    async (req, reply: FastifyReply) => {
      const created = await createAppointment(ctx, bookingLimiter, actorOf(req), req.ip, req.body);
      return reply.code(201).header('location', `${base}/Appointment/${created.id}`).send(created);
    },
  );
  app.put(
    '/Appointment/:id',
    { preHandler, schema: { tags, security, params: FhirIdParams, body: AppointmentBody, response: { 200: FhirResource, ...errors, 409: OperationOutcome } } },
    async (req) => updateAppointmentStatus(ctx, actorOf(req), req.params.id, req.body, 'put'),
  );
  app.patch(
    '/Appointment/:id',
    { preHandler, schema: { tags, security, params: FhirIdParams, body: StatusPatch, response: { 200: FhirResource, ...errors, 409: OperationOutcome } } },
    async (req) => updateAppointmentStatus(ctx, actorOf(req), req.params.id, req.body, 'patch'),
  );

  // Anything else under /fhir/R4 is a resource or interaction this server does not have: an
  // OperationOutcome too (the web app's catch-all would answer otherwise).
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async () => {
      throw new AppError('NOT_FOUND');
    },
  });
};
