import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicMonitor, ResolvedRoute } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { resolveId, resolveIdentifiers, resolveMonitor } from './routes.service.js';

const tags = ['routes'];
const segment = z.string().max(100);

/** Public route resolution (docs/product.md#the-api): turns the path of a public link into ids. No login. */
export const routesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/routes/identifier/:account/:profile/:queue',
    {
      schema: {
        tags,
        params: z.object({ account: segment, profile: segment, queue: segment }),
        response: { 200: ResolvedRoute },
      },
    },
    async (req) => resolveIdentifiers(ctx, req.params.account, req.params.profile, req.params.queue),
  );

  app.get('/routes/id/:id', { schema: { tags, params: IdParams, response: { 200: ResolvedRoute } } }, async (req) => resolveId(ctx, req.params.id));

  // The static segment `monitor` wins over `:profile` above, which is why no profile may be called `monitor`.
  app.get(
    '/routes/identifier/:account/monitor/:monitor',
    { schema: { tags, params: z.object({ account: segment, monitor: segment }), response: { 200: PublicMonitor } } },
    async (req) => resolveMonitor(ctx, req.params.account, req.params.monitor),
  );
};
