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
  /** Whether this server sends SMS (`SMS_URL`): without it staff see the SMS switches disabled, with the reason. */
  sms_enabled: z.boolean(),
  /** Whether this server has the public demo practice: the landing page links to `/demo` only then. */
  demo_available: z.boolean(),
  /** Whether billing is configured (Stripe): without it no page shows prices, a trial or device orders. */
  payment_configured: z.boolean(),
});
export type SystemInformation = z.infer<typeof SystemInformation>;

/** The largest report `POST /qt_monitor` takes: a report is a few fields, never a body. */
export const CLIENT_FAILURE_MAX_BYTES = 16 * 1024;

/**
 * `POST /qt_monitor` (docs/product.md#the-api): a client tells of a request of its own that
 * failed (no answer, or a server error), fire and forget. `clientTime` as ISO text or epoch ms.
 */
export const ClientFailureReport = z.object({
  clientTime: z.union([z.iso.datetime({ offset: true }), z.number().int().min(0)]),
  /** The failed request's body length in bytes. */
  reqLength: z.number().int().min(0).max(1_000_000_000).optional(),
  method: z.string().trim().min(1).max(10),
  baseURL: z.string().max(500),
  url: z.string().max(2000),
});
export type ClientFailureReport = z.infer<typeof ClientFailureReport>;
