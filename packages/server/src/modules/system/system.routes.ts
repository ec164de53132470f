import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemInformation, SystemInformationQuery } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { demoAccountExists } from '../accounts/index.js';
import { smsConfigured } from '../../platform/sms-offer.js';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; versionHash: () => string }> = async (app, { ctx, versionHash }) => {
  app.get(
    '/system-information',
    { schema: { tags: ['system'], querystring: SystemInformationQuery, response: { 200: SystemInformation } } },
    // The login screen shows "Mit Microsoft anmelden" only where it is configured (MS_CLIENT_ID, MS_CLIENT_SECRET);
    // the SMS switches are shown disabled, with the reason, where the server sends none (SMS_URL);
    // the landing page links to the demo only where there is one, and sells a trial only with billing (Stripe).
    async () => ({
      versionHash: versionHash(),
      microsoft_login_enabled: ctx.config.microsoft !== undefined,
      public_url: ctx.config.publicUrl,
      sms_enabled: smsConfigured(ctx.config),
      demo_available: await demoAccountExists(ctx.db),
      payment_configured: ctx.config.paymentConfigured,
    }),
  );
};
