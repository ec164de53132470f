import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CountryList } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { requestLang } from '../../platform/i18n.js';
import { listCountries } from './countries.service.js';

export const countriesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/countries', { schema: { tags: ['countries'], response: { 200: CountryList } } }, async (req) => listCountries(ctx, requestLang(req)));
};
