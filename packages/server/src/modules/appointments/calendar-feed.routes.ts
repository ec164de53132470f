import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { dropFeed, feedFile, renewFeed } from './calendar-feed.js';

const tags = ['appointments'];
const security = [{ basic: [] }];

/** The processors' calendar feeds (calendar-feed.ts): made and dropped by their owner, read by the secret URL. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.post('/calendar/feed', { preHandler, schema: { tags, security, response: { 201: z.object({ url: z.string() }) } } }, async (req, reply) =>
    reply.code(201).send(await renewFeed(ctx, actorOf(req).userId)),
  );

  app.delete('/calendar/feed', { preHandler, schema: { tags, security } }, async (req, reply) => {
    await dropFeed(ctx, actorOf(req).userId);
    return reply.code(204).send();
  });

  app.get('/calendar/:token.ics', { schema: { tags, params: z.object({ token: z.string().max(200) }) } }, async (req, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(await feedFile(ctx, req.params.token)),
  );
};
