import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';

/*
 * Binds a Microsoft sign-in to the browser that started it. The start sets an HttpOnly cookie
 * holding a random secret, and the state handed to Microsoft is the secret's SHA-256; the return
 * is taken only with the cookie whose hash is its state. A return opened in another browser —
 * a link an attacker took from their own sign-in to sign the victim in as the attacker — has no
 * such cookie; and whoever read a victim's return address knows the state but cannot make the
 * secret behind it. Each sign-in has its own cookie, named by its state, so that two tabs renewing
 * at once do not undo each other; it lives ten minutes, as the state does, and the return clears
 * it. Written by hand rather than with @fastify/cookie: one cookie on two routes.
 */

const MAX_AGE_SECONDS = 10 * 60;

/** A state of ours: the hex SHA-256 of a binding secret (also what makes it safe in a cookie's name). */
export const isBindingState = (state: string) => /^[0-9a-f]{64}$/.test(state);

const secure = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https://');

function cookieName(ctx: AppContext, state: string): string {
  // __Host-: over https only this origin may set it, no sibling subdomain can plant one.
  return `${secure(ctx) ? '__Host-' : ''}wartefrei-ms-${state.slice(0, 16)}`;
}

function setCookie(ctx: AppContext, state: string, value: string, maxAge: number): string {
  return `${cookieName(ctx, state)}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure(ctx) ? '; Secure' : ''}`;
}

/** A new sign-in's state and the `Set-Cookie` that binds it to this browser. */
export function newBrowserBinding(ctx: AppContext): { state: string; cookie: string } {
  const secret = newSecretToken();
  const state = hashToken(secret);
  return { state, cookie: setCookie(ctx, state, secret, MAX_AGE_SECONDS) };
}

/** The `Set-Cookie` that ends the cookie of the sign-in a return's query names; undefined for a state not ours. */
export function clearedBinding(ctx: AppContext, query: string): string | undefined {
  const state = new URLSearchParams(query.replace(/^\?/, '')).get('state');
  return state && isBindingState(state) ? setCookie(ctx, state, '', 0) : undefined;
}

/** Whether the request's cookies hold the secret whose hash is this state (compared in constant time). */
export function isBoundToThisBrowser(ctx: AppContext, state: string, cookieHeader: string | undefined): boolean {
  if (!isBindingState(state)) return false;
  const name = cookieName(ctx, state);
  const expected = Buffer.from(state);
  return (cookieHeader ?? '').split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) return false;
    const actual = Buffer.from(hashToken(pair.slice(at + 1).trim()));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
