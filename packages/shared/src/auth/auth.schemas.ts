import { z } from 'zod';

export const Lang = z.enum(['de', 'en']);
export type Lang = z.infer<typeof Lang>;

/** The logged user of docs/product.md#entities/§7, as `POST /auth/login` and `GET /auth` return it. */
export const LoggedUser = z.object({
  id: z.uuid(),
  token: z.string(),
  token_valid_until: z.string(),
  account_id: z.uuid(),
  display_name: z.string(),
  is_admin: z.boolean(),
  lang: z.string(),
  username: z.string(),
  /** Whether the user finished or dismissed the tutorial (until then it is offered once at sign-in). */
  tutorial_dismissed: z.boolean(),
  /**
   * "Stay signed in" (`?stay=true` at sign-in): the key that `POST /auth/renew` trades for a new
   * token once this one expired (440); each use answers a new one.
   */
  renewal_token: z.string().optional(),
  /**
   * The practice requires a second factor and this sign-in (a password alone) has none: the
   * app shows only the screen that sets one up; every other route answers 403 SECOND_FACTOR_SETUP_REQUIRED.
   */
  second_factor_setup_required: z.boolean().optional(),
});
export type LoggedUser = z.infer<typeof LoggedUser>;

/** How long "stay signed in" lasts without a use. */
export const RENEWAL_DAYS = 30;

/**
 * `POST /auth/login?ttl=&stay=` — a shorter token on a shared computer (capped at the server's
 * TOKEN_TTL); `stay=true` also answers a renewal key.
 */
export const LoginQuery = z.object({
  ttl: z.coerce.number().int().min(1).max(31_536_000).optional(),
  stay: z.enum(['true', 'false']).optional(),
});

/** `POST /auth/microsoft/start`: where the browser goes to sign in with Microsoft; `silent` asks Microsoft not to prompt (renewal). */
export const MicrosoftStartInput = z.strictObject({ silent: z.boolean().optional() });
export type MicrosoftStartInput = z.infer<typeof MicrosoftStartInput>;
export const MicrosoftStart = z.object({ url: z.url() });
export type MicrosoftStart = z.infer<typeof MicrosoftStart>;

/** `POST /auth/microsoft/callback`: the query Microsoft returned to `/login_microsoft_callback` with (`?code=…&state=…`). */
export const MicrosoftCallbackInput = z.strictObject({ query: z.string().max(8_000) });
export type MicrosoftCallbackInput = z.infer<typeof MicrosoftCallbackInput>;
