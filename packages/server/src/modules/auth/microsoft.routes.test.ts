import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser, MicrosoftStart, Processor, SystemInformation } from '@wartefrei/shared';
import { browser, startOidcProvider, type Identity, type TestOidcProvider } from '../../../test/support/oidc-provider.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

/*
 * Sign-in with Microsoft against a real OpenID provider on 127.0.0.1 (oidc-provider): a
 * processor whose tenant an admin set signs in with the mail of their username the first time,
 * by their Microsoft account's `oid` afterwards; a wrong tenant, an unknown mail, another account
 * with the mail, a return in another browser than the start, a replayed state and an expired
 * code are each refused with the same answer, and none of them makes an account.
 */

const CALLBACK = 'http://wartefrei.test/login_microsoft_callback';
let provider: TestOidcProvider;
let t: TestApp;
let admin: LoggedUser;
let processor: LoggedUser;
let accountId: string;
const tenant = randomUUID();
/** The Microsoft account of `processor` (its `oid`), bound at their first sign-in. */
const processorOid = randomUUID();

beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  t = await startTestApp({ microsoft: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer } });
  const given = await givenAdmin(t);
  admin = given.user;
  accountId = given.accountId;
  processor = await givenProcessor(t, accountId);
  const set = await setTenant(processor.id, tenant.toUpperCase());
  expect(set.json<Processor>().microsoft_tenant_id).toBe(tenant.toUpperCase());
}, 60_000);
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function setTenant(userId: string, microsoftTenantId: string | null) {
  const res = await t.inject({ method: 'PATCH', url: `/processors/${userId}`, headers: asUser(admin), payload: { microsoft_tenant_id: microsoftTenantId } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
/** A start as the browser makes it: Microsoft's address, and the cookie (`name=value`) its answer set. */
const start = async (silent = false) => {
  const res = await t.inject({ method: 'POST', url: '/auth/microsoft/start', payload: { silent } });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { url: res.json<MicrosoftStart>().url, cookie: setCookie.split(';')[0]!, setCookie };
};
/** The callback page's call, with the browser's cookie (none: another browser). */
const finish = (query: string, cookie?: string) =>
  t.inject({ method: 'POST', url: '/auth/microsoft/callback', payload: { query }, headers: { 'accept-language': 'de', ...(cookie ? { cookie } : {}) } });
/** Starts, signs in at the provider in `tab` and returns: the return's query and the start's cookie. */
const signIn = async (tab = browser(), silent = false) => {
  const started = await start(silent);
  return { query: await tab.follow(started.url, CALLBACK), cookie: started.cookie };
};
/** A whole sign-in in one browser, as the pages do it. */
const signInAs = async (identity: Identity) => {
  provider.signInAs(identity);
  const { query, cookie } = await signIn();
  return finish(query, cookie);
};
const users = async () => (await t.inject({ method: 'GET', url: '/processors', headers: asUser(admin) })).json<Processor[]>().length;

describe('sign-in with Microsoft', () => {
  it('is offered where configured, with PKCE and a state', async () => {
    expect((await t.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>().microsoft_login_enabled).toBe(true);
    const url = new URL((await start()).url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('binds the sign-in to the browser with an HttpOnly, SameSite=Lax cookie, Secure under https', async () => {
    const { url, setCookie } = await start();
    const state = new URL(url).searchParams.get('state')!;
    expect(setCookie).toMatch(new RegExp(`^wartefrei-ms-${state.slice(0, 16)}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax$`));
    const secure = await startTestApp({ publicUrl: 'https://praxis.example', microsoft: t.config.microsoft });
    try {
      const res = await secure.inject({ method: 'POST', url: '/auth/microsoft/start', payload: {} });
      expect(String(res.headers['set-cookie'])).toMatch(/^__Host-wartefrei-ms-[0-9a-f]{16}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a return in another browser than the start (login CSRF), and clears the cookie after', async () => {
    // The attacker signs in in their own browser and hands the return to the victim.
    provider.signInAs({ sub: 'ms-angreifer', oid: processorOid, email: processor.username, tid: tenant });
    const attackers = await signIn();
    const victims = await start();
    for (const cookie of [undefined, victims.cookie, `${attackers.cookie.split('=')[0]}=${victims.cookie.split('=')[1]}`]) {
      const res = await finish(attackers.query, cookie);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');
      expect(String(res.headers['set-cookie'])).toBe(`${attackers.cookie.split('=')[0]}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    }
    // Only the browser that started it finishes it; the answer ends its cookie.
    const own = await finish(attackers.query, attackers.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(String(own.headers['set-cookie'])).toBe(`${attackers.cookie.split('=')[0]}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it('signs in the processor whose tenant and mail the ID token names, as a password would', async () => {
    const res = await signInAs({ sub: 'ms-1', oid: processorOid, email: processor.username.toUpperCase(), tid: tenant });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<LoggedUser>();
    expect(user).toMatchObject({ id: processor.id, username: processor.username });
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) })).statusCode).toBe(200);
  });

  it('renews silently while the provider still knows the session, and refuses where it does not', async () => {
    provider.signInAs({ sub: 'ms-2', oid: processorOid, email: processor.username, tid: tenant });
    const tab = browser();
    const first = await signIn(tab);
    expect((await finish(first.query, first.cookie)).statusCode).toBe(200);
    const again = await signIn(tab, true);
    const renewed = await finish(again.query, again.cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = await signIn(browser(), true);
    expect(new URLSearchParams(fresh.query).get('error')).toBe('login_required');
    expect((await finish(fresh.query, fresh.cookie)).statusCode).toBe(401);
  });

  it.each([
    ['a tenant that is not the processor’s', () => ({ sub: 'ms-3', email: processor.username, tid: randomUUID() })],
    ['a mail no processor has', () => ({ sub: 'ms-4', email: `niemand-${randomUUID()}@praxis.example`, tid: tenant })],
  ])('refuses %s and creates no account', async (_case, identity) => {
    const before = await users();
    const res = await signInAs(identity());
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiError>()).toMatchObject({ code: 'MICROSOFT_LOGIN_FAILED', message: 'Microsoft-Login fehlgeschlagen' });
    expect(await users()).toBe(before);
  });

  it('refuses a replayed state and an expired code', async () => {
    provider.signInAs({ sub: 'ms-5', oid: processorOid, email: processor.username, tid: tenant });
    const { query, cookie } = await signIn();
    expect((await finish(query, cookie)).statusCode).toBe(200);
    expect((await finish(query, cookie)).json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');

    provider.setCodeTtl(1);
    try {
      const late = await signIn();
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await finish(late.query, late.cookie)).json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');
    } finally {
      provider.setCodeTtl(60);
    }
  });

  it('binds the first sign-in’s Microsoft account: a changed mail still signs in, another account with the mail does not', async () => {
    const renamed = await givenProcessor(t, accountId);
    await setTenant(renamed.id, tenant);
    const oid = randomUUID();
    const first = await signInAs({ sub: 'ms-6', oid, email: renamed.username, tid: tenant });
    expect(first.json<LoggedUser>().id, first.body).toBe(renamed.id);

    const changedMail = await signInAs({ sub: 'ms-6', oid, email: `umbenannt-${randomUUID()}@praxis.example`, tid: tenant });
    expect(changedMail.statusCode, changedMail.body).toBe(200);
    expect(changedMail.json<LoggedUser>().id).toBe(renamed.id);

    const before = await users();
    const takeover = await signInAs({ sub: 'ms-7', oid: randomUUID(), email: renamed.username, tid: tenant });
    expect(takeover.statusCode).toBe(401);
    expect(takeover.json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');
    expect(await users()).toBe(before);
    // Nor does the bound account get in from another tenant.
    expect((await signInAs({ sub: 'ms-6', oid, email: renamed.username, tid: randomUUID() })).statusCode).toBe(401);
  });

  it('binds anew by mail once an admin set another tenant', async () => {
    const moved = await givenProcessor(t, accountId);
    await setTenant(moved.id, tenant);
    const oldOid = randomUUID();
    expect((await signInAs({ sub: 'ms-8', oid: oldOid, email: moved.username, tid: tenant })).statusCode).toBe(200);

    const newTenant = randomUUID();
    await setTenant(moved.id, newTenant);
    const newOid = randomUUID();
    const res = await signInAs({ sub: 'ms-9', oid: newOid, email: moved.username, tid: newTenant });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoggedUser>().id).toBe(moved.id);
    expect((await signInAs({ sub: 'ms-8', oid: oldOid, email: moved.username, tid: tenant })).statusCode).toBe(401);
  });

  it('is not offered where not configured', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>().microsoft_login_enabled).toBe(false);
      const res = await plain.inject({ method: 'POST', url: '/auth/microsoft/start', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().code).toBe('MICROSOFT_LOGIN_UNAVAILABLE');
    } finally {
      await plain.close();
    }
  });
});

describe('sign-in with Microsoft where the practice requires a second factor', () => {
  it('counts as strong: no second step, and the member is not held at the setup', async () => {
    const required = await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(admin), payload: { require_second_factor: true } });
    expect(required.statusCode, required.body).toBe(200);
    const res = await signInAs({ sub: 'ms-1', oid: processorOid, email: processor.username, tid: tenant });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<LoggedUser>();
    expect(user.second_factor_setup_required).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(user) })).statusCode).toBe(200);
    // The same member signed in by password alone is held at the setup.
    const byPassword = await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) });
    expect(byPassword.json<ApiError>().code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
  });
});
