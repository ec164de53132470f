import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser, MicrosoftStart, Processor, SystemInformation } from '@wartefrei/shared';
import { browser, startOidcProvider, type TestOidcProvider } from '../../../test/support/oidc-provider.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

/*
 * Sign-in with Microsoft against a real OpenID provider on 127.0.0.1 (oidc-provider): a
 * processor whose tenant an admin set signs in with the mail of their username; a wrong tenant,
 * an unknown mail, a replayed state and an expired code are each refused with the same answer,
 * and none of them makes an account.
 */

const CALLBACK = 'http://wartefrei.test/login_microsoft_callback';
let provider: TestOidcProvider;
let t: TestApp;
let admin: LoggedUser;
let processor: LoggedUser;
const tenant = randomUUID();

beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  t = await startTestApp({ microsoft: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer } });
  const given = await givenAdmin(t);
  admin = given.user;
  processor = await givenProcessor(t, given.accountId);
  const set = await t.inject({ method: 'PATCH', url: `/processors/${processor.id}`, headers: asUser(admin), payload: { microsoft_tenant_id: tenant.toUpperCase() } });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json<Processor>().microsoft_tenant_id).toBe(tenant.toUpperCase());
}, 60_000);
afterAll(async () => {
  await t.close();
  await provider.close();
});

const start = async (silent = false) => {
  const res = await t.inject({ method: 'POST', url: '/auth/microsoft/start', payload: { silent } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MicrosoftStart>().url;
};
const finish = (query: string) => t.inject({ method: 'POST', url: '/auth/microsoft/callback', payload: { query }, headers: { 'accept-language': 'de' } });
const users = async () => (await t.inject({ method: 'GET', url: '/processors', headers: asUser(admin) })).json<Processor[]>().length;

describe('sign-in with Microsoft', () => {
  it('is offered where configured, with PKCE and a state', async () => {
    expect((await t.inject({ method: 'GET', url: '/system-information' })).json<SystemInformation>().microsoft_login_enabled).toBe(true);
    const url = new URL(await start());
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('signs in the processor whose tenant and mail the ID token names, as a password would', async () => {
    provider.signInAs({ sub: 'ms-1', email: processor.username.toUpperCase(), tid: tenant });
    const res = await finish(await browser().follow(await start(), CALLBACK));
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<LoggedUser>();
    expect(user).toMatchObject({ id: processor.id, username: processor.username });
    expect((await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) })).statusCode).toBe(200);
  });

  it('renews silently while the provider still knows the session, and refuses where it does not', async () => {
    provider.signInAs({ sub: 'ms-2', email: processor.username, tid: tenant });
    const tab = browser();
    expect((await finish(await tab.follow(await start(), CALLBACK))).statusCode).toBe(200);
    const renewed = await finish(await tab.follow(await start(true), CALLBACK));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = await browser().follow(await start(true), CALLBACK);
    expect(new URLSearchParams(fresh).get('error')).toBe('login_required');
    expect((await finish(fresh)).statusCode).toBe(401);
  });

  it.each([
    ['a tenant that is not the processor’s', () => ({ sub: 'ms-3', email: processor.username, tid: randomUUID() })],
    ['a mail no processor has', () => ({ sub: 'ms-4', email: `niemand-${randomUUID()}@praxis.example`, tid: tenant })],
  ])('refuses %s and creates no account', async (_case, identity) => {
    const before = await users();
    provider.signInAs(identity());
    const res = await finish(await browser().follow(await start(), CALLBACK));
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiError>()).toMatchObject({ code: 'MICROSOFT_LOGIN_FAILED', message: 'Microsoft-Login fehlgeschlagen' });
    expect(await users()).toBe(before);
  });

  it('refuses a replayed state and an expired code', async () => {
    provider.signInAs({ sub: 'ms-5', email: processor.username, tid: tenant });
    const query = await browser().follow(await start(), CALLBACK);
    expect((await finish(query)).statusCode).toBe(200);
    expect((await finish(query)).json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');

    provider.setCodeTtl(1);
    try {
      const late = await browser().follow(await start(), CALLBACK);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await finish(late)).json<ApiError>().code).toBe('MICROSOFT_LOGIN_FAILED');
    } finally {
      provider.setCodeTtl(60);
    }
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
