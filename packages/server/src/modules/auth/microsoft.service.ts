import * as oidc from 'openid-client';
import type { MicrosoftStart } from '@wartefrei/shared';
import type { MicrosoftLoginConfig } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { findUserByUsername } from '../accounts/index.js';
import type { SignedIn } from './renewal-cookie.js';
import { issueTokens, type SignInMeta } from './sign-in.js';
import { isBindingState, isBoundToThisBrowser, newBrowserBinding } from './microsoft-cookie.js';
import { bindMicrosoftOid, findUserByMicrosoftOid, insertMicrosoftLogin, spendMicrosoftLogin } from './microsoft.repo.js';

/*
 * Sign-in with Microsoft (docs/security.md#trust-boundaries-and-what-holds-at-each): OpenID Connect by openid-client,
 * the authorization code flow with PKCE. The browser asks for the way there
 * (`POST /auth/microsoft/start`), Microsoft sends it back to `/login_microsoft_callback`, whose
 * page hands the answer to `POST /auth/microsoft/callback`. The state is bound to the starting
 * browser by a cookie (microsoft-cookie.ts) and spent once; the ID token's tenant (`tid`) must be
 * the processor's `microsoft_tenant_id`. The first sign-in finds the processor by the token's
 * mail and binds their Microsoft account's object id (`oid`) to them; later ones find them by it
 * alone, so a changed mail still signs in and another account that gets the old mail does not.
 * Nothing creates an account: anything else is MICROSOFT_LOGIN_FAILED, its reason in the log only.
 */

const STARTED_WITHIN_MS = 10 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The provider's metadata, discovered once per issuer and client (a failed discovery is tried again). */
const providers = new Map<string, Promise<oidc.Configuration>>();

function providerOf(ms: MicrosoftLoginConfig): Promise<oidc.Configuration> {
  const key = `${ms.issuer} ${ms.clientId}`;
  let found = providers.get(key);
  if (!found) {
    const issuer = new URL(ms.issuer);
    // The config refuses plain http but for loopback: a test provider on 127.0.0.1.
    const options = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
    found = oidc.discovery(issuer, ms.clientId, ms.clientSecret, undefined, options);
    found.catch(() => providers.delete(key));
    providers.set(key, found);
  }
  return found;
}

function configured(ctx: AppContext): MicrosoftLoginConfig {
  if (!ctx.config.microsoft) throw new AppError('MICROSOFT_LOGIN_UNAVAILABLE');
  return ctx.config.microsoft;
}

const redirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}/login_microsoft_callback`;

/** `POST /auth/microsoft/start`: Microsoft's address, and the cookie that binds the sign-in to this browser. */
export async function startMicrosoftLogin(ctx: AppContext, silent: boolean): Promise<MicrosoftStart & { cookie: string }> {
  const provider = await providerOf(configured(ctx));
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const { state, cookie } = newBrowserBinding(ctx);
  const nonce = oidc.randomNonce();
  const now = ctx.clock.now();
  await insertMicrosoftLogin(ctx.db, { state, codeVerifier, nonce, createdAt: now }, new Date(now.getTime() - FORGET_AFTER_MS));
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(ctx),
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // Silent renewal: Microsoft answers at once, signed in or `login_required`, never a prompt.
    ...(silent ? { prompt: 'none' } : {}),
  });
  return { url: url.href, cookie };
}

/** The mail the ID token names: `email`, else `preferred_username`, else `upn`. */
function mailOf(claims: oidc.IDToken): string | undefined {
  const found = [claims.email, claims.preferred_username, claims.upn].find((value): value is string => typeof value === 'string' && value.includes('@'));
  return found?.trim().toLowerCase();
}

type Refuse = (reason: string, detail?: Record<string, unknown>) => AppError;
type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByMicrosoftOid>>>;
const tenantOf = (user: UserRow) => user.microsoftTenantId?.trim().toLowerCase();

/**
 * The processor an ID token names: the one bound to its `oid`; else — their first Microsoft
 * sign-in — the one with its mail and no bound account yet, who is bound to it from now on.
 */
async function processorOfToken(ctx: AppContext, claims: { tenant: string; oid: string; mail: string | undefined }, refuse: Refuse): Promise<UserRow> {
  const { tenant, oid, mail } = claims;
  const bound = await findUserByMicrosoftOid(ctx.db, oid);
  if (bound) {
    if (tenantOf(bound) !== tenant) throw refuse('the tenant is not the processor’s', { userId: bound.id, tenant });
    if (!bound.verified) throw refuse('the processor has not confirmed their mail yet', { userId: bound.id });
    return bound;
  }
  if (!mail) throw refuse('the ID token names no mail, and no processor is bound to its oid', { tenant });
  const user = await findUserByUsername(ctx.db, mail);
  if (!user) throw refuse('no processor has this mail', { tenant });
  if (tenantOf(user) !== tenant) throw refuse('the tenant is not the processor’s', { userId: user.id, tenant });
  // Bound to another Microsoft account: this one only has the mail (reassigned, or renamed onto it).
  if (user.microsoftOid) throw refuse('the processor is bound to another Microsoft account', { userId: user.id });
  if (!user.verified) throw refuse('the processor has not confirmed their mail yet', { userId: user.id });
  const bindsNow = await bindMicrosoftOid(ctx.db, user.id, oid).catch((error: unknown) => {
    if (isUniqueViolation(error)) return false; // a parallel first sign-in bound this oid elsewhere
    throw error;
  });
  if (!bindsNow) throw refuse('the processor was bound to a Microsoft account meanwhile', { userId: user.id });
  ctx.log.info({ userId: user.id }, 'Microsoft account bound to the processor');
  return user;
}

/**
 * `POST /auth/microsoft/callback`: the return's query and the request's cookies; a login token
 * for the processor, or MICROSOFT_LOGIN_FAILED.
 */
export async function finishMicrosoftLogin(ctx: AppContext, query: string, cookieHeader: string | undefined, meta: SignInMeta): Promise<SignedIn> {
  const ms = configured(ctx);
  const refuse: Refuse = (reason, detail = {}) => {
    ctx.log.warn({ reason, ...detail }, 'Microsoft sign-in refused');
    return new AppError('MICROSOFT_LOGIN_FAILED');
  };
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const state = params.get('state');
  if (!state || !isBindingState(state)) throw refuse('the return carries no state of ours');
  // Checked before the state is spent: a return planted in another browser burns nothing.
  if (!isBoundToThisBrowser(ctx, state, cookieHeader)) throw refuse('the return reached another browser than the start (no matching cookie)');
  const now = ctx.clock.now();
  const pending = await spendMicrosoftLogin(ctx.db, state, now, new Date(now.getTime() - STARTED_WITHIN_MS));
  if (!pending) throw refuse('the state is unknown, spent (a replay) or older than ten minutes');
  if (params.has('error')) throw refuse('Microsoft answered with an error', { error: params.get('error') });

  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(await providerOf(ms), new URL(`${redirectUri(ctx)}?${params.toString()}`), {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw refuse('the code was refused (expired, used or forged) or the ID token did not check out', { error: error instanceof Error ? error.message : String(error) });
  }
  const tenant = typeof claims?.tid === 'string' ? claims.tid.trim().toLowerCase() : undefined;
  const oid = typeof claims?.oid === 'string' ? claims.oid.trim().toLowerCase() : undefined;
  if (!claims || !tenant || !oid) throw refuse('the ID token names no tenant or no object id (oid)');
  const user = await processorOfToken(ctx, { tenant, oid, mail: mailOf(claims) }, refuse);

  const signedIn = await issueTokens(ctx, user, { meta });
  ctx.log.info({ userId: user.id }, 'Microsoft sign-in');
  return signedIn;
}
