import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { main } from '../support/locators.js';
import { DEMO } from '../support/session.js';

// The landing page and the sign-in as a first visit opens them: the light front-page app
// (features/front-pages), by keyboard, in the chosen language, and into the staff app.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? '');

describe('the light front pages', () => {
  it('sign in by keyboard alone and land where `next` said, in the staff app', async () => {
    const page = await newPage(browser);
    const errors = collectBrowserErrors(page);
    await page.goto(`/login?next=${encodeURIComponent('/backend/profile')}`);
    await main(page).getByRole('form', { name: 'Anmelden' }).waitFor();
    // The address field has the focus from the start.
    await expect.poll(() => focusedName(page)).toBe('username');
    await page.keyboard.type(DEMO.admin.username);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('password');
    await page.keyboard.type(DEMO.admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/backend/profile');
    await main(page).getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('signInMethod'))).toBe('"password"');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switch the landing page to English from the header by keyboard; the staff pages keep it', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Warten, ohne im Wartezimmer zu sitzen' }).waitFor();
    const language = page.getByRole('button', { name: 'Sprache: Deutsch' });
    await language.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('English');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Waiting without sitting in the waiting room' }).waitFor();
    await expect.poll(() => page.title()).toBe('wartefrei – Home');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The focus goes back to the menu's button, which now names the new language.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Language: English');
    // Escape closes a menu without choosing.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });

  it('open the site’s pages from the menu button on a phone', async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 }, isMobile: true });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Preise' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    const pages = page.getByRole('navigation', { name: 'Seiten' });
    await pages.getByRole('link', { name: 'Preise' }).waitFor();
    expect(await pages.getByRole('link', { name: 'Startseite' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Navigation schließen' }).click();
    await pages.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('leave a signed-in user with the staff app, whose menu names them', async () => {
    const page = await newPage(browser);
    const user = (await (
      await page.request.post('/auth/login', { headers: { authorization: `Basic ${Buffer.from(`${DEMO.admin.username}:${DEMO.admin.password}`).toString('base64')}` } })
    ).json()) as object;
    await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Warten, ohne im Wartezimmer zu sitzen' }).waitFor();
    await page.getByRole('banner').getByText('Dr. Dora Demo', { exact: true }).waitFor();
    await page.context().close();
  });
});
