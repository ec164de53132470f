import type { LoggedUser } from '@wartefrei/shared';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL } from '../support/env.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { basic, DEMO, logInByApi, storeUser } from '../support/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the logged-in frame', () => {
  it('shows a processor the permission message on /backend/management', async () => {
    const page = await newPage(browser);
    await storeUser(page, await logInByApi(page, DEMO.processor));
    await page.goto('/backend/management');
    const alert = page.getByRole('alert').filter({ hasText: 'Sie haben keine Berechtigungen' });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Sie haben keine Berechtigungen, um auf diese Seite zuzugreifen');
    // The side menu does not offer management to a processor at all.
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await nav.getByRole('link', { name: 'Verwaltung' }).count()).toBe(0);
    await page.context().close();
  });

  it('switches to English: the texts change and every call says Accept-Language: en', async () => {
    const page = await newPage(browser);
    const user = await logInByApi(page, DEMO.processor);
    await storeUser(page, user);
    await page.goto('/backend/dashboard');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Arbeitsansicht' }).waitFor();
    // The dashboard's first loads (and its refetch once the socket is subscribed) are German; count from after them.
    await page.waitForLoadState('networkidle');

    const calls: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === baseURL && !request.url().includes('/assets/')) calls.push(request);
    });
    await page.getByRole('button', { name: /^Sprache/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Work view' }).waitFor();
    await page.waitForFunction(() => document.title === 'wartefrei – Dashboard' && document.documentElement.lang === 'en');

    // The language is remembered: after a reload the app asks the server in English.
    const tokenCheck = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect((await tokenCheck).headers()['accept-language']).toBe('en');
    const apiCalls = calls.filter((r) => r.resourceType() === 'fetch');
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) expect(call.headers()['accept-language']).toBe('en');
    // Switching also stored the processor's language on the server (it decides their mails).
    const me = await page.request.get('/auth', { headers: { authorization: basic(user.id, user.token) } });
    expect(((await me.json()) as { lang: string }).lang).toBe('en');

    // Back to German for the other tests that sign in as this processor.
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    await page.context().close();
  });

  it('shows the session dialog when the token expires, and leads to the login', async () => {
    const page = await newPage(browser);
    const user = await logInByApi(page, DEMO.admin, 4);
    await storeUser(page, user);
    await page.goto('/backend/dashboard');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an');
    await dialog.getByRole('button', { name: 'Zum Login' }).click();
    await page.waitForURL(`${baseURL}/login?next=%2Fbackend%2Fdashboard`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.context().close();
  });

  it('signs in again by itself where the user chose to stay signed in: no dialog, the page goes on', async () => {
    const page = await newPage(browser);
    const response = await page.request.post('/auth/login?ttl=4&stay=cookie', { headers: { authorization: basic(DEMO.admin.username, DEMO.admin.password) } });
    const user = (await response.json()) as LoggedUser;
    expect(user.renewal_cookie).toBe(true);
    await storeUser(page, user);
    await page.goto('/backend/dashboard');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    // Past the token's end (the screen asks the server then): a new token, stored, and the same screen.
    const storedToken = async () => (JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as Partial<LoggedUser>).token;
    await expect.poll(storedToken, { timeout: 15_000 }).not.toBe(user.token);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Sitzung abgelaufen' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/backend/profile');
    await page.context().close();
  });
});
