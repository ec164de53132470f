import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Appointment,
  AppointmentListQuery,
  BookAppointmentBody,
  BookedAppointment,
  ImportQuery,
  ImportResult,
  KioskCheckInInput,
  MoveAppointmentInput,
  PatientAppointment,
  SeriesScopeInput,
  SeriesScopeQuery,
  UpdateAppointmentInput,
} from '@wartefrei/shared';
import { actorOf, optionalUser, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { appointmentCalendarFile, bookAppointment, cancelByPatient, moveByPatient, patientView } from './booking.service.js';
import { checkIn, checkInAtKiosk, markNoShow } from './day.service.js';
import { importAppointments } from './import.service.js';
import { cancelByStaff, deleteByStaff, listAppointments, restoreByStaff, updateAppointment } from './staff.service.js';

const tags = ['appointments'];
const security = [{ basic: [] }];
/** Staff get the appointment with the patient's data; a patient their page, which has none. */
const StaffOrPatient = z.union([Appointment, PatientAppointment]);
const BookedByStaffOrPatient = z.union([BookedAppointment, PatientAppointment]);

/**
 * Appointments (docs/product.md#entities): booked by patients without a login (the id is their
 * key) or by staff of the type's list, who also list, change, cancel, restore and delete them.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  // Counted in Redis where configured: one limit per address for all nodes (docs/architecture.md#several-nodes).
  const bookingLimiter = ctx.rateLimits.perAddress('booking', { limit: ctx.config.bookingLimit.perIp, windowSeconds: ctx.config.bookingLimit.windowSeconds });

  app.post(
    '/appointments',
    { preHandler: optionalUser(ctx), schema: { tags, body: BookAppointmentBody, response: { 201: BookedByStaffOrPatient } } },
    async (req, reply) => reply.code(201).send(await bookAppointment(ctx, bookingLimiter, req.body, { actor: req.actor, ip: req.ip })),
  );

  // A CSV file as the body (text/csv): the practice's appointments from elsewhere, all or none.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    '/appointments/import',
    { preHandler, schema: { tags, security, querystring: ImportQuery, body: z.string(), response: { 200: ImportResult, 201: ImportResult } } },
    async (req, reply) => {
      const result = await importAppointments(ctx, actorOf(req), req.body, req.query.dry_run === 'true');
      return reply.code(result.dry_run ? 200 : 201).send(result);
    },
  );

  app.get(
    '/appointments',
    { preHandler, schema: { tags, security, querystring: AppointmentListQuery, response: { 200: z.array(Appointment) } } },
    async (req) => listAppointments(ctx, actorOf(req), req.query),
  );

  app.get('/appointments/:id', { schema: { tags, params: IdParams, response: { 200: PatientAppointment } } }, async (req) => patientView(ctx, req.params.id));

  app.get('/appointments/:id/calendar.ics', { schema: { tags, params: IdParams } }, async (req, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="termin.ics"')
      .send(await appointmentCalendarFile(ctx, req.params.id)),
  );

  app.patch(
    '/appointments/:id',
    { preHandler, schema: { tags, security, params: IdParams, body: UpdateAppointmentInput, response: { 200: Appointment } } },
    async (req) => updateAppointment(ctx, actorOf(req), req.params.id, req.body),
  );

  // The patient cancels by the key alone; staff, signed in, for one occurrence or the series.
  app.post(
    '/appointments/:id/cancel',
    { preHandler: optionalUser(ctx), schema: { tags, params: IdParams, body: SeriesScopeInput, response: { 200: StaffOrPatient } } },
    async (req) => (req.actor ? cancelByStaff(ctx, req.actor, req.params.id, req.body?.scope) : cancelByPatient(ctx, req.params.id)),
  );

  app.post(
    '/appointments/:id/restore',
    { preHandler, schema: { tags, security, params: IdParams, body: SeriesScopeInput, response: { 200: Appointment } } },
    async (req) => restoreByStaff(ctx, actorOf(req), req.params.id, req.body?.scope),
  );

  app.post(
    '/appointments/:id/move',
    { schema: { tags, params: IdParams, body: MoveAppointmentInput, response: { 200: PatientAppointment } } },
    async (req) => moveByPatient(ctx, req.params.id, req.body),
  );

  // The kiosk: the appointment page's QR code or its check-in code, at the kiosk's location.
  app.post(
    '/appointments/check-in',
    { schema: { tags, body: KioskCheckInInput, response: { 200: PatientAppointment } } },
    async (req) => checkInAtKiosk(ctx, bookingLimiter, req.body, req.ip),
  );

  // The patient by the key (the link, the kiosk's QR code), or staff at the desk.
  app.post(
    '/appointments/:id/check-in',
    { preHandler: optionalUser(ctx), schema: { tags, params: IdParams, response: { 200: StaffOrPatient } } },
    async (req) => checkIn(ctx, req.actor, req.params.id),
  );

  app.post(
    '/appointments/:id/no-show',
    { preHandler, schema: { tags, security, params: IdParams, response: { 200: Appointment } } },
    async (req) => markNoShow(ctx, actorOf(req), req.params.id),
  );

  app.delete(
    '/appointments/:id',
    { preHandler, schema: { tags, security, params: IdParams, querystring: SeriesScopeQuery } },
    async (req, reply) => {
      await deleteByStaff(ctx, actorOf(req), req.params.id, req.query.scope);
      return reply.code(204).send();
    },
  );
};
