import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Appointment, AppointmentOffer, EarlierWishInput, PatientAppointment } from '@wartefrei/shared';
import { optionalUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { TokenParams } from '../../platform/params.js';
import { acceptOffer, declineOffer, offerView } from './answer.service.js';
import { changeEarlierWish } from './wish.service.js';

const tags = ['appointments'];
/** Staff get the appointment with the patient's data; a patient their page, which has none. */
const StaffOrPatient = z.union([Appointment, PatientAppointment]);

/**
 * Earlier appointments (docs/api.md#earlier-appointments): the wish on the appointment (the
 * patient by their link, staff by id), and the offer's page and answers by the offer's own link
 * — no login, rate limited per address like booking.
 */
export const offersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limiter = ctx.rateLimits.perAddress('offers', { limit: ctx.config.bookingLimit.perIp, windowSeconds: ctx.config.bookingLimit.windowSeconds });

  app.put(
    '/appointments/:token/earlier',
    { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, body: EarlierWishInput, response: { 200: StaffOrPatient } } },
    async (req) => changeEarlierWish(ctx, req.actor, req.params.token, { input: req.body }),
  );

  app.delete('/appointments/:token/earlier', { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, response: { 200: StaffOrPatient } } }, async (req) =>
    changeEarlierWish(ctx, req.actor, req.params.token, undefined),
  );

  app.get('/appointment-offers/:token', { schema: { tags, params: TokenParams, response: { 200: AppointmentOffer } } }, async (req) =>
    offerView(ctx, limiter, req.params.token, req.ip),
  );

  app.post('/appointment-offers/:token/accept', { schema: { tags, params: TokenParams, response: { 200: AppointmentOffer } } }, async (req) =>
    acceptOffer(ctx, limiter, req.params.token, req.ip),
  );

  app.post('/appointment-offers/:token/decline', { schema: { tags, params: TokenParams, response: { 200: AppointmentOffer } } }, async (req) =>
    declineOffer(ctx, limiter, req.params.token, req.ip),
  );
};
