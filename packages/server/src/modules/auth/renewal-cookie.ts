import type { FastifyReply } from 'fastify';
import { RENEWAL_DAYS, type LoggedUser } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';

/*
 * The renewal key in cookie mode (`?stay=cookie`, docs/security.md#sessions): HttpOnly so that no
 * page script — an injected one included — can read it; SameSite=Strict and scoped to the one
 * path that takes it, so no other request carries it; Secure when the server is reached over
 * https. The API is served at the origin's root (no prefix), so the browser requests exactly
 * `/auth/renew`. `__Secure-` (not `__Host-`, which demands Path=/) keeps a plain-http page of a
 * sibling from planting one. The value is `user id.key`: the renewal names its user as the Basic
 * form does. Written by hand like the Microsoft cookie: one cookie on three routes.
 */

export const RENEWAL_PATH = '/auth/renew';

const secure = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https://');
const cookieName = (ctx: AppContext) => `${secure(ctx) ? '__Secure-' : ''}wartefrei-renewal`;

function cookie(ctx: AppContext, value: string, maxAge: number): string {
  return `${cookieName(ctx)}=${value}; Max-Age=${maxAge}; Path=${RENEWAL_PATH}; HttpOnly; SameSite=Strict${secure(ctx) ? '; Secure' : ''}`;
}

/** What a successful sign-in answers: the logged user, and in cookie mode the key for the cookie. */
export interface SignedIn {
  user: LoggedUser;
  /** Set in cookie mode only: the route puts it in the cookie (`answerSignIn`), never in the body. */
  cookieKey?: string;
}

/** The answer of a sign-in route: sets the renewal cookie when there is a key for it; the body is the logged user. */
export function answerSignIn(ctx: AppContext, reply: FastifyReply, signedIn: SignedIn): LoggedUser {
  if (signedIn.cookieKey) reply.header('set-cookie', cookie(ctx, `${signedIn.user.id}.${signedIn.cookieKey}`, RENEWAL_DAYS * 86_400));
  return signedIn.user;
}

/** Ends the cookie (a sign-out, a refused renewal): a browser keeps no key that no longer works. */
export function clearRenewalCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(ctx, '', 0));
}

/** The user id and key of the request's renewal cookie; undefined without one. */
export function renewalCookieOf(ctx: AppContext, cookieHeader: string | undefined): { name: string; secret: string } | undefined {
  const name = cookieName(ctx);
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    const dot = value.indexOf('.');
    if (dot > 0 && dot < value.length - 1) return { name: value.slice(0, dot), secret: value.slice(dot + 1) };
  }
  return undefined;
}
