import type { Queue } from '@wartefrei/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, drawByApi, openDemoQueue, type Staff } from '../support/staff.js';

// The dashboard: the demo admin sees both demo lists with their figures, live.
let browser: Browser;
let admin: Staff;
let general: Queue;
let lab: Queue;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  general = await openDemoQueue(admin, 'allgemein');
  lab = await openDemoQueue(admin, 'labor');
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  await storeUser(page, admin.user);
});
afterAll(async () => {
  await browser.close();
});

const cardOf = (queue: Queue): Locator => page.getByRole('listitem', { name: queue.name });
const waitingOf = (queue: Queue): Locator => cardOf(queue).getByTestId('dashboard-queue-waiting');

describe('the dashboard', () => {
  it('shows both demo lists with their state, figures and a link into the work view', async () => {
    await page.goto('/backend/dashboard');
    await page.getByRole('list', { name: 'Ihre Wartelisten' }).waitFor();
    for (const queue of [general, lab]) {
      const card = cardOf(queue);
      await card.waitFor();
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(queue.name);
      expect(await card.getByTestId('dashboard-queue-state').textContent()).toBe('Geöffnet');
      expect(await card.getByText('Standort: Ordination Wien').count()).toBe(1);
      expect(await waitingOf(queue).textContent()).toMatch(/^\d+$/);
      expect(await card.getByTestId('dashboard-queue-processing').textContent()).toMatch(/^\d+$/);
      expect(await card.getByTestId('dashboard-queue-average-wait').textContent()).toBeTruthy();
      const link = card.getByRole('link', { name: `Arbeitsansicht öffnen: ${queue.name}` });
      expect(await link.getAttribute('href')).toBe(`/backend/processor/${queue.id}`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'dashboard-1280');
  });

  it('a ticket drawn elsewhere raises the waiting count and sets an estimated end, without reload', async () => {
    const before = Number(await waitingOf(general).textContent());
    const phone = await newPage(browser);
    await drawByApi(phone, general.id);
    // Far below the one-minute poll: the socket brought it.
    await page.waitForFunction(
      ([id, expected]) => document.querySelector(`[data-queue-id="${id}"] [data-testid="dashboard-queue-waiting"]`)?.textContent === expected,
      [general.id, String(before + 1)] as const,
      { timeout: 10_000 },
    );
    expect(await cardOf(general).getByTestId('dashboard-queue-estimated-end').textContent()).toMatch(/^\d{2}:\d{2} Uhr$/);
    await phone.context().close();
  });

  it('the link opens the list in the work view', async () => {
    await cardOf(lab)
      .getByRole('link', { name: `Arbeitsansicht öffnen: ${lab.name}` })
      .click();
    await page.waitForURL(`**/backend/processor/${lab.id}`);
    expect(errors).toEqual([]);
  });
});
