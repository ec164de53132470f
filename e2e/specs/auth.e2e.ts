import type { LoggedUser } from '@wartefrei/shared';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';

// The demo account that the server seeds into an empty database (SEED_DEMO=true).
const ADMIN = { username: 'admin@praxis-demo.example', password: 'wartefrei-demo' };
const PROCESSOR = { username: 'assistenz@praxis-demo.example', password: 'wartefrei-demo' };

function basic(name: string, secret: string): string {
  return `Basic ${Buffer.from(`${name}:${secret}`, 'utf8').toString('base64')}`;
}

let browser: Browser;
let request: APIRequestContext;
beforeAll(async () => {
  browser = await launchBrowser();
  // The page's own request context: same origin, cookies and headers as the web app would use.
  request = (await newPage(browser)).request;
});
afterAll(async () => {
  await browser.close();
});

async function logIn(name: string, password: string) {
  return request.post('/auth/login', { headers: { authorization: basic(name, password), accept: 'application/json' } });
}

describe('sign-in through the API', () => {
  it('signs the demo admin in and recognises the token afterwards', async () => {
    const response = await logIn(ADMIN.username, ADMIN.password);
    expect(response.status()).toBe(200);
    const user = (await response.json()) as LoggedUser;
    expect(user).toMatchObject({ username: ADMIN.username, is_admin: true });
    expect(user.token.length).toBeGreaterThanOrEqual(20);
    expect(Date.parse(user.token_valid_until)).toBeGreaterThan(Date.now());

    const again = await request.get('/auth', { headers: { authorization: basic(user.id, user.token) } });
    expect(again.status()).toBe(200);
    const same = (await again.json()) as LoggedUser;
    expect(same).toMatchObject({
      id: user.id,
      account_id: user.account_id,
      username: ADMIN.username,
      display_name: user.display_name,
      is_admin: true,
    });
  });

  it('signs the demo processor in as a non-admin of the same practice', async () => {
    const admin = (await (await logIn(ADMIN.username, ADMIN.password)).json()) as LoggedUser;
    const response = await logIn(PROCESSOR.username, PROCESSOR.password);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      username: PROCESSOR.username,
      is_admin: false,
      account_id: admin.account_id,
    });
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const response = await logIn(ADMIN.username, 'not-the-password');
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { code: string; token?: unknown };
    expect(body.code).toBe('INVALID_CREDENTIALS');
    expect(body.token).toBeUndefined();
  });

  it('refuses an invented token on GET /auth', async () => {
    const admin = (await (await logIn(ADMIN.username, ADMIN.password)).json()) as LoggedUser;
    const response = await request.get('/auth', { headers: { authorization: basic(admin.id, 'invented-token') } });
    expect(response.status()).toBe(401);
  });
});
