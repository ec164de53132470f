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
   * "Stay signed in" in cookie mode (`?stay=cookie`, the web app): the renewal key is in an
   * HttpOnly cookie that page scripts cannot read, and this says one was set.
   */
  renewal_cookie: z.boolean().optional(),
});
export type LoggedUser = z.infer<typeof LoggedUser>;

/** How long "stay signed in" lasts without a use. */
export const RENEWAL_DAYS = 30;

/**
 * `POST /auth/login?ttl=&stay=` — a shorter token on a shared computer (capped at the server's
 * TOKEN_TTL); `stay=true` also answers a renewal key in the body (`renewal_token`, for API
 * clients), `stay=cookie` puts it in an HttpOnly cookie for `/auth/renew` instead (browsers).
 */
export const LoginQuery = z.object({
  ttl: z.coerce.number().int().min(1).max(31_536_000).optional(),
  stay: z.enum(['true', 'false', 'cookie']).optional(),
});
export type LoginQuery = z.infer<typeof LoginQuery>;

/**
 * The header a renewal by cookie must carry (`POST /auth/renew`, value `cookie`): a page of
 * another site cannot set it without the browser asking first, so it cannot renew a session
 * through the visitor's cookie (docs/security.md#sessions, with the cookie's SameSite=Strict).
 */
export const RENEWAL_COOKIE_HEADER = 'x-wartefrei-renewal';

/** `GET /users/me/sessions`: the caller's sessions — one sign-in on one device each. */
export const SignInSession = z.object({
  id: z.uuid(),
  /** "Chrome · Windows", read from the browser's User-Agent at sign-in; null when not recognised. */
  device: z.string().nullable(),
  /** The address of the last use (the client's address as the server sees it behind its proxies). */
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of the token this call was made with. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof SignInSession>;

/** `POST /users/me/sessions/end-others`: how many sessions ended. */
export const EndedSessions = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof EndedSessions>;

/** `POST /auth/microsoft/start`: where the browser goes to sign in with Microsoft; `silent` asks Microsoft not to prompt (renewal). */
export const MicrosoftStartInput = z.strictObject({ silent: z.boolean().optional() });
export type MicrosoftStartInput = z.infer<typeof MicrosoftStartInput>;
export const MicrosoftStart = z.object({ url: z.url() });
export type MicrosoftStart = z.infer<typeof MicrosoftStart>;

/** `POST /auth/microsoft/callback`: the query Microsoft returned to `/login_microsoft_callback` with (`?code=…&state=…`). */
export const MicrosoftCallbackInput = z.strictObject({ query: z.string().max(8_000) });
export type MicrosoftCallbackInput = z.infer<typeof MicrosoftCallbackInput>;
