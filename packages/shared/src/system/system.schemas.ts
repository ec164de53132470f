import { z } from 'zod';

export const SystemInformationQuery = z.object({ account_id: z.string().optional() });

/** `versionHash` changes whenever a new web build is deployed; clients offer a reload. */
export const SystemInformation = z.object({
  versionHash: z.string(),
  /** Whether the login screen offers "Sign in with Microsoft". */
  microsoft_login_enabled: z.boolean(),
  /**
   * The address patients reach the service at (`PUBLIC_URL`). A kiosk on the practice network
   * may itself use a local address; the QR code on its paper ticket must use this one.
   */
  public_url: z.string(),
});
export type SystemInformation = z.infer<typeof SystemInformation>;
