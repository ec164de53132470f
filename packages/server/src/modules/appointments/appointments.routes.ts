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
  KioskCheckInResult,
  MoveAppointmentInput,
  PatientAppointment,
  SeriesScopeInput,
  SeriesScopeQuery,
  UpdateAppointmentInput,
} from '@wartefrei/shared';
import { actorOf, isUuid, optionalUser, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams, TokenParams } from '../../platform/params.js';
import { appointmentCalendarFile, bookAppointment, cancelByPatient, moveByPatient, patientViewByKey } from './booking.service.js';
import { checkIn, checkInAtKiosk, markNoShow } from './day.service.js';
import { confirmAppointment } from './confirmations.js';
import { undoNoShow } from './no-shows.js';
import { importAppointments } from './import.service.js';
import { cancelByStaff, deleteByStaff, listAppointments, restoreByStaff, updateAppointment } from './staff.service.js';

const tags = ['appointments'];
const security = [{ basic: [] }];
/** Staff get the appointment with the patient's data; a patient their page, which has none. */
const StaffOrPatient = z.union([Appointment, PatientAppointment]);
const BookedByStaffOrPatient = z.union([BookedAppointment, PatientAppointment]);

/**
 * Appointments (docs/product.md#entities): booked by patients without a login (the token of their
 * link is their key, never the id) or by staff of the type's list, who also list, change,
 * cancel, restore and delete them by id.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  // Counted in Redis where configured: one limit per address for all nodes (docs/architecture.md#several-nodes).
  const bookingLimiter = ctx.rateLimits.perAddress('booking', { limit: ctx.config.bookingLimit.perIp, windowSeconds: ctx.config.bookingLimit.windowSeconds });
  // Failed kiosk check-ins per location, whatever the address (docs/security.md#patient-links).
  const { perLocation, windowSeconds } = ctx.config.checkInFailureLimit;
  const checkInFailures = ctx.rateLimits.shared('check-in-failures', { limit: perLocation, windowSeconds });

  app.post('/appointments', { preHandler: optionalUser(ctx), schema: { tags, body: BookAppointmentBody, response: { 201: BookedByStaffOrPatient } } }, async (req, reply) =>
    reply.code(201).send(await bookAppointment(ctx, bookingLimiter, req.body, { actor: req.actor, ip: req.ip })),
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

  app.get('/appointments', { preHandler, schema: { tags, security, querystring: AppointmentListQuery, response: { 200: z.array(Appointment) } } }, async (req) =>
    listAppointments(ctx, actorOf(req), req.query),
  );

  app.get('/appointments/:token', { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, response: { 200: PatientAppointment } } }, async (req) =>
    patientViewByKey(ctx, req.actor, req.params.token),
  );

  app.get('/appointments/:token/calendar.ics', { schema: { tags, params: TokenParams } }, async (req, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="termin.ics"')
      .send(await appointmentCalendarFile(ctx, req.params.token)),
  );

  app.patch('/appointments/:id', { preHandler, schema: { tags, security, params: IdParams, body: UpdateAppointmentInput, response: { 200: Appointment } } }, async (req) =>
    updateAppointment(ctx, actorOf(req), req.params.id, req.body),
  );

  // The patient cancels by their link alone; staff, signed in, by id for one occurrence or the series
  // (a link's token is the patient's way, credentials or not).
  app.post(
    '/appointments/:token/cancel',
    { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, body: SeriesScopeInput, response: { 200: StaffOrPatient } } },
    async (req) => (req.actor && isUuid(req.params.token) ? cancelByStaff(ctx, req.actor, req.params.token, req.body?.scope) : cancelByPatient(ctx, req.params.token)),
  );

  app.post('/appointments/:id/restore', { preHandler, schema: { tags, security, params: IdParams, body: SeriesScopeInput, response: { 200: Appointment } } }, async (req) =>
    restoreByStaff(ctx, actorOf(req), req.params.id, req.body?.scope),
  );

  app.post('/appointments/:token/move', { schema: { tags, params: TokenParams, body: MoveAppointmentInput, response: { 200: PatientAppointment } } }, async (req) =>
    moveByPatient(ctx, req.params.token, req.body),
  );

  // The kiosk: the appointment page's QR code (its link) or its check-in code, at the kiosk's location.
  app.post('/appointments/check-in', { schema: { tags, body: KioskCheckInInput, response: { 200: KioskCheckInResult } } }, async (req) =>
    checkInAtKiosk(ctx, { perAddress: bookingLimiter, failuresPerLocation: checkInFailures }, req.body, req.ip),
  );

  // The patient by their link (on their phone), or staff at the desk by id.
  app.post('/appointments/:token/check-in', { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, response: { 200: StaffOrPatient } } }, async (req) =>
    checkIn(ctx, req.actor && isUuid(req.params.token) ? req.actor : undefined, req.params.token),
  );

  app.post('/appointments/:id/no-show', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Appointment } } }, async (req) =>
    markNoShow(ctx, actorOf(req), req.params.id),
  );

  app.delete('/appointments/:id/no-show', { preHandler, schema: { tags, security, params: IdParams, response: { 200: Appointment } } }, async (req) =>
    undoNoShow(ctx, actorOf(req), req.params.id),
  );

  // "Ich komme": the patient by their link (from the ask to confirm), or staff by id for a patient on the phone.
  app.post('/appointments/:token/confirm', { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, response: { 200: StaffOrPatient } } }, async (req) =>
    confirmAppointment(ctx, req.actor, req.params.token),
  );

  app.delete('/appointments/:id', { preHandler, schema: { tags, security, params: IdParams, querystring: SeriesScopeQuery } }, async (req, reply) => {
    await deleteByStaff(ctx, actorOf(req), req.params.id, req.query.scope);
    return reply.code(204).send();
  });
};
