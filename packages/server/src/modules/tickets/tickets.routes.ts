import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddMemberInfoTagInput,
  CallMemberInput,
  CallNextInput,
  DrawTicketBody,
  MemberActionInput,
  MemberActionResult,
  MemberListQuery,
  MoveMemberInput,
  PublicProfile,
  PublicQueue,
  SetMemberProcessorInput,
  TicketView,
  WorkViewEntry,
} from '@wartefrei/shared';
import { actorOf, isUuid, optionalUser, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams, pathIds, TokenParams } from '../../platform/params.js';
import { requestLang } from '../../platform/i18n.js';
import { callMember, callNextOfProcessor, callNextOfQueue } from './call.service.js';
import { addMemberInfoTag, finishMember, moveMember, removeMemberInfoTag, simpleAction, type SimpleAction } from './actions.service.js';
import { drawTicket } from './draw.service.js';
import { setMemberProcessor } from './actual-processor.service.js';
import { publicProfile } from './public-profile.js';
import type { PublicSnapshots } from './public-snapshot.js';
import { listQueueMembers } from './views.service.js';
import { cancelOwnTicket, restoreOwnTicket, ticketViewByKey } from './patient-ticket.service.js';

const tags = ['tickets'];
const security = [{ basic: [] }];

/** Tickets (docs/product.md#entities queue members): draw, the ticket page, the public queue, the staff actions. */
export const ticketsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; publicSnapshots: PublicSnapshots }> = async (app, { ctx, publicSnapshots }) => {
  const preHandler = requireUser(ctx);
  // Counted in Redis where configured: one limit per address for all nodes (docs/architecture.md#several-nodes),
  // and one per list that no change of address escapes.
  const drawLimiter = {
    perAddress: ctx.rateLimits.perAddress('draw', { limit: ctx.config.drawLimit.perIp, windowSeconds: ctx.config.drawLimit.windowSeconds }),
    perList: ctx.rateLimits.shared('draw-list', { limit: ctx.config.drawListLimit.perList, windowSeconds: ctx.config.drawListLimit.windowSeconds }),
  };

  app.post(
    '/queues/:id/members',
    // Only a manual draw is made as someone; a patient's draw is nobody's, credentials or not.
    {
      preHandler: optionalUser(ctx, (req) => (req.body as DrawTicketBody).origin === 'MANUAL'),
      schema: { tags, params: IdParams, body: DrawTicketBody, response: { 201: TicketView } },
    },
    async (req, reply) => reply.code(201).send(await drawTicket(ctx, drawLimiter, req.params.id, req.body, { actor: req.actor, ip: req.ip })),
  );

  // Every screen of a list refetches this after each event and reconnect: one read per version (public-snapshot.ts).
  app.get('/queues/:id/public', { schema: { tags, params: IdParams, response: { 200: PublicQueue } } }, async (req) => publicSnapshots.get(req.params.id));

  // A location's public view — the queue picker and the kiosk — is a view of its lines.
  app.get('/profiles/:id/public', { schema: { tags: ['profiles'], params: IdParams, response: { 200: PublicProfile } } }, async (req) => publicProfile(ctx, req.params.id));

  app.get(
    '/queues/:id/members',
    { preHandler, schema: { tags, security, params: IdParams, querystring: MemberListQuery, response: { 200: z.array(WorkViewEntry) } } },
    async (req) => listQueueMembers(ctx, actorOf(req), req.params.id, req.query),
  );

  app.post('/queues/:id/call-next', { preHandler, schema: { tags, security, params: IdParams, body: CallNextInput, response: { 200: MemberActionResult } } }, async (req) =>
    callNextOfQueue(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );

  app.post('/call-next', { preHandler, schema: { tags, security, body: CallNextInput, response: { 200: MemberActionResult } } }, async (req) =>
    callNextOfProcessor(ctx, actorOf(req), req.body, requestLang(req)),
  );

  // The patient's own ticket by the token of their link; staff may still read one by id.
  app.get('/members/:token', { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, response: { 200: TicketView } } }, async (req) =>
    ticketViewByKey(ctx, req.actor, req.params.token),
  );

  app.delete('/members/:token', { schema: { tags, params: TokenParams, response: { 200: TicketView } } }, async (req) => cancelOwnTicket(ctx, req.params.token));

  // Staff undo a processor's cancel by id; the patient their own cancel by the link's token.
  app.post(
    '/members/:token/restore',
    { preHandler: optionalUser(ctx), schema: { tags, params: TokenParams, body: MemberActionInput, response: { 200: z.union([MemberActionResult, TicketView]) } } },
    async (req) => (req.actor && isUuid(req.params.token) ? simpleAction(ctx, req.actor, req.params.token, 'restore', req.body?.version) : restoreOwnTicket(ctx, req.params.token)),
  );

  app.post('/members/:id/call', { preHandler, schema: { tags, security, params: IdParams, body: CallMemberInput, response: { 200: MemberActionResult } } }, async (req) =>
    callMember(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );

  app.post('/members/:id/finish', { preHandler, schema: { tags, security, params: IdParams, body: MemberActionInput, response: { 200: MemberActionResult } } }, async (req) =>
    finishMember(ctx, actorOf(req), req.params.id, req.body?.version, requestLang(req)),
  );

  for (const action of ['requeue', 'remove', 'cancel'] as const satisfies SimpleAction[]) {
    app.post(`/members/:id/${action}`, { preHandler, schema: { tags, security, params: IdParams, body: MemberActionInput, response: { 200: MemberActionResult } } }, async (req) =>
      simpleAction(ctx, actorOf(req), req.params.id, action, req.body?.version),
    );
  }

  app.post('/members/:id/move', { preHandler, schema: { tags, security, params: IdParams, body: MoveMemberInput, response: { 200: MemberActionResult } } }, async (req) =>
    moveMember(ctx, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/members/:id/processor',
    { preHandler, schema: { tags, security, params: IdParams, body: SetMemberProcessorInput, response: { 200: MemberActionResult } } },
    async (req) => setMemberProcessor(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );

  app.post(
    '/members/:id/info-tags',
    { preHandler, schema: { tags, security, params: IdParams, body: AddMemberInfoTagInput, response: { 200: MemberActionResult } } },
    async (req) => addMemberInfoTag(ctx, actorOf(req), req.params.id, req.body.info_tag_id),
  );

  app.delete('/members/:id/info-tags/:tagId', { preHandler, schema: { tags, security, params: pathIds('id', 'tagId'), response: { 200: MemberActionResult } } }, async (req) =>
    removeMemberInfoTag(ctx, actorOf(req), req.params.id, req.params.tagId),
  );
};
