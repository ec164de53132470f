import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { field, main } from '../support/locators.js';
import { saveScreenshot } from '../support/screenshots.js';

// The demo account that the server seeds into an empty database (SEED_DEMO=true).
const ADMIN = { username: 'admin@praxis-demo.example', password: 'wartefrei-demo', name: 'Dr. Dora Demo' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signIn(page: Page, username: string, password: string) {
  await field(page, 'E-Mail-Adresse').fill(username);
  await field(page, 'Passwort').fill(password);
  await main(page).getByRole('button', { name: 'Anmelden', exact: true }).click();
}

describe('a deep link into the staff area', () => {
  it('asks a signed-out visitor to sign in and then opens the page asked for', async () => {
    const page = await newPage(browser);
    const errors = collectBrowserErrors(page);
    await page.goto('/backend/profile');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/backend/profile');

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/backend/profile');
    await main(page).getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(await field(page, 'Anzeigename').inputValue()).toBe(ADMIN.name);
    await page.getByRole('banner').getByText(ADMIN.name, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // `/%09/…`: the tab decodes, the browser drops it, and `//evil.example/phish` is another site.
  it.each([`next=${encodeURIComponent('//evil.example/phish')}`, 'next=/%09/evil.example/phish'])('never follows a next target on another site (%s)', async (query) => {
    const page = await newPage(browser);
    await page.goto(`/login?${query}`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/backend/dashboard');
    expect(new URL(page.url()).origin).toBe(baseURL);
    await main(page)
      .getByRole('heading', { level: 1, name: `Willkommen, ${ADMIN.name}` })
      .waitFor();
    await page.context().close();
  });
});

describe('sign-in page', () => {
  it('shows a wrong password in the form, keeps the address and has no serious accessibility problems', async () => {
    const page = await newPage(browser);
    await page.goto('/login?expired=1');
    await main(page).getByText('Bitte melden Sie sich zuerst an.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await signIn(page, ADMIN.username, 'nicht-das-passwort');
    await main(page).getByRole('alert').getByText('E-Mail-Adresse oder Passwort ist falsch.').waitFor();
    expect(await field(page, 'E-Mail-Adresse').inputValue()).toBe(ADMIN.username);
    // The form shows the error itself: no "Fehler" notification besides it.
    expect(await page.getByText('Fehler', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Empty fields are named in German before anything is sent.
    await field(page, 'E-Mail-Adresse').fill('');
    await field(page, 'Passwort').fill('');
    await main(page).getByRole('button', { name: 'Anmelden', exact: true }).click();
    await main(page).getByText('E-Mail-Adresse darf nicht leer sein').waitFor();
    await page.context().close();
  });

  it('offers the reset mail from "Passwort vergessen?" and confirms it was sent', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await field(page, 'E-Mail-Adresse').fill('niemand@praxis-e2e.example');
    await main(page).getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/passwordReset');
    await main(page).getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' }).waitFor();
    // The address typed for sign-in comes along.
    expect(await field(page, 'E-Mail-Adresse').inputValue()).toBe('niemand@praxis-e2e.example');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await main(page).getByRole('button', { name: 'Link anfordern' }).click();
    await main(page)
      .getByText(/Falls ein Konto mit der Adresse niemand@praxis-e2e\.example existiert/)
      .waitFor();
    await page.context().close();
  });

  it('shows "Mit Microsoft anmelden" only when the server offers it', async () => {
    const page = await newPage(browser);
    const info = (await (await page.request.get('/system-information', { headers: { accept: 'application/json' } })).json()) as {
      microsoft_login_enabled: boolean;
    };
    await page.goto('/login');
    await main(page).getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await main(page).getByText('Mit Microsoft anmelden').count()).toBe(info.microsoft_login_enabled ? 1 : 0);
    await page.context().close();
  });

  it.each([375, 1280])('looks right at %i px (screenshot)', async (width) => {
    const page = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto('/login');
    await main(page).getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page, `login-${width}`);
    await page.context().close();
  });
});
