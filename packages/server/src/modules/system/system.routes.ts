import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemInformation, SystemInformationQuery } from '@wartefrei/shared';

export const systemRoutes: FastifyPluginAsyncZod<{ versionHash: string; publicUrl: string }> = async (app, { versionHash, publicUrl }) => {
  app.get(
    '/system-information',
    { schema: { tags: ['system'], querystring: SystemInformationQuery, response: { 200: SystemInformation } } },
    // Microsoft sign-in is not built yet; the login screen hides its button until it is.
    async () => ({ versionHash, microsoft_login_enabled: false, public_url: publicUrl }),
  );
};
