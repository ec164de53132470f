import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { demoAdmin, drawByApi, openDemoQueue, linkKey } from '../support/staff.js';

// A script chunk that does not come within 120 s (docs/product.md#errors) ends in a reload
// prompt — never a blank page, never "not found". The page's clock is Playwright's, so the
// 120 s pass in a moment; the chunk is held back by the browser, not by the server.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a script chunk that does not come', () => {
  it('staff pages: after 120 s a reload prompt, and the reload opens the page', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.route(/\/assets\/FaqPage-[^/]*\.js$/, () => {
      // Never answered: a line that stalls.
    });
    await page.getByRole('banner').getByRole('link', { name: 'Häufige Fragen' }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('heading', { name: 'Die Seite konnte nicht geladen werden' }).count()).toBe(0);
    await page.clock.fastForward(121_000);
    const prompt = page.getByRole('alert');
    await prompt.getByRole('heading', { level: 1, name: 'Die Seite konnte nicht geladen werden' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/404');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.unroute(/\/assets\/FaqPage-[^/]*\.js$/);
    await prompt.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('heading', { level: 1, name: /Häufige Fragen/ }).waitFor();
    await page.context().close();
  });

  it('patient screens: the ticket’s chunk held back shows the prompt, in the patient’s language', async () => {
    const staff = await demoAdmin(browser);
    const queue = await openDemoQueue(staff, 'allgemein');
    const ticket = await drawByApi(staff.page, queue.id);
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await page.clock.install();
    // Held back, never answered, until the reload: a held request let go by unroute would
    // bring the screen in under the prompt before its button is pressed.
    let holdBack = true;
    await page.route(/\/assets\/TicketScreen-[^/]*\.js$/, (route) => (holdBack ? undefined : route.continue()));
    // The page brings the ticket's first view, so its frame is there before the app's script
    // runs: wait for that script (the patient app's start) before the clock jumps past its 120 s.
    const started = page.waitForResponse(/\/assets\/start-[^/]*\.js$/);
    await page.goto(`/ticket/${linkKey(ticket)}`, { waitUntil: 'commit' });
    await started;
    await page.waitForFunction(() => document.querySelector('fieldset.patient-live') !== null);
    await page.clock.fastForward(121_000);
    const prompt = page.getByRole('alert');
    await prompt.getByRole('heading', { level: 1, name: 'Die Seite konnte nicht geladen werden' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    holdBack = false;
    await prompt.getByRole('button', { name: 'Neu laden' }).click();
    await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    // …and this time the screen's script came and took the page over.
    await page.locator('fieldset.patient-live:not([disabled])').waitFor();
    await page.context().close();
    await staff.page.context().close();
  });
});
