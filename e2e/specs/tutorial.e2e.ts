import type { LoggedUser } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, storeUser } from '../support/session.js';

// The tutorial as a new practice owner meets it: offered once after sign-in, the quick tour
// step by step with the keyboard alone (it moves to the work view on its way), its end
// remembered by the server; the avatar menu offers it again, the extended tour included.
let browser: Browser;
let page: Page;
let owner: LoggedUser;

const popover = () => page.locator('.driver-popover');
const stepTitle = () => page.locator('#driver-popover-title');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  ({ owner } = await givenNewPractice(page, 'tour', { offerTutorial: true }));
  await storeUser(page, owner);
});
afterAll(async () => {
  await browser.close();
});

describe('the tutorial', () => {
  it('is offered once, and the quick tour runs by keyboard from welcome to dismissal', async () => {
    const errors = collectBrowserErrors(page);
    await page.goto('/backend/dashboard');
    const offer = page.getByRole('dialog', { name: 'Willkommen bei wartefrei' });
    await offer.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Kurze Tour' }).click();

    const titles: string[] = [];
    await stepTitle().waitFor();
    for (const expected of ['Willkommen bei wartefrei', 'Die Kopfzeile', 'Arbeitsansicht', 'Die Arbeitsansicht', 'Termine', 'Ihr Profil', 'Das war’s']) {
      await expect.poll(() => stepTitle().textContent(), { timeout: 10_000 }).toBe(expected);
      titles.push(expected);
      // The popover is a dialog that holds the focus: a screen reader hears its title.
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'))).toBe('driver-popover-title');
      if (expected === 'Die Arbeitsansicht') {
        expect(new URL(page.url()).pathname).toBe('/backend/processor');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await saveScreenshot(page, 'tutorial-work-view-1280');
      }
      await page.keyboard.press('ArrowRight');
    }
    await popover().waitFor({ state: 'detached' });
    expect(titles).toHaveLength(7);
    const state = async () => ((await (await page.request.get('/auth', { headers: { authorization: basic(owner.id, owner.token) } })).json()) as LoggedUser).tutorial_dismissed;
    await expect.poll(state).toBe(true);

    // Offered once: back on the dashboard, no offer.
    await page.goto('/backend/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Willkommen bei wartefrei' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('starts again from the avatar menu, the extended tour too, and Escape ends it', async () => {
    await page.getByRole('button', { name: /^Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'Tutorial starten' }).click();
    await page.getByRole('dialog', { name: 'Willkommen bei wartefrei' }).getByRole('button', { name: 'Ausführliche Tour' }).click();
    await expect.poll(() => stepTitle().textContent()).toBe('Willkommen bei wartefrei');
    expect(await page.locator('.driver-popover-progress-text').textContent()).toBe('Schritt 1 von 11');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stepTitle().textContent()).toBe('Die Kopfzeile');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stepTitle().textContent()).toBe('Sprache');
    await page.keyboard.press('Escape');
    await popover().waitFor({ state: 'detached' });
  });
});
