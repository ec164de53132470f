import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemInformation, SystemInformationQuery } from '@wartefrei/shared';

export const systemRoutes: FastifyPluginAsyncZod<{ versionHash: () => string; publicUrl: string; microsoftLogin: boolean; smsEnabled: boolean }> = async (
  app,
  { versionHash, publicUrl, microsoftLogin, smsEnabled },
) => {
  app.get(
    '/system-information',
    { schema: { tags: ['system'], querystring: SystemInformationQuery, response: { 200: SystemInformation } } },
    // The login screen shows "Mit Microsoft anmelden" only where it is configured (MS_CLIENT_ID, MS_CLIENT_SECRET).
    // The SMS switches are shown disabled, with the reason, where the server sends none (SMS_URL).
    async () => ({ versionHash: versionHash(), microsoft_login_enabled: microsoftLogin, public_url: publicUrl, sms_enabled: smsEnabled }),
  );
};
