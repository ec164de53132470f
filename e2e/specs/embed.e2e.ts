import type { Queue } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { saveScreenshot } from '../support/screenshots.js';
import { drawByApi, type Staff, givenOpenDemoQueue } from '../support/staff.js';

// The queue inside a practice's own website: state, called numbers, a draw button — from 240 × 320 px.
let browser: Browser;
let staff: Staff;
let queue: Queue;

const smallest = { viewport: { width: 240, height: 320 } };

beforeAll(async () => {
  ({ browser, staff, queue } = await givenOpenDemoQueue('allgemein'));
});
afterAll(async () => {
  await browser.close();
});

describe('embed', () => {
  it('fits 240 × 320 px, follows calls live and links to drawing a ticket', async () => {
    const page = await newPage(browser, smallest);
    const errors = collectBrowserErrors(page);
    await page.goto(`/embed/queue/iframe/${queue.id}`);
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    const draw = page.getByRole('link', { name: /Ticket ziehen/ });
    expect(await draw.getAttribute('href')).toBe(`/queue/${queue.id}`);
    expect(await draw.getAttribute('target')).toBe('_blank');
    // Nothing wider than the frame: no sideways scrolling inside a practice's page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(240);
    const box = await draw.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(240);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'embed-240');

    const ticket = await drawByApi(page, queue.id);
    await staff.call('POST', `/members/${ticket.id}/call`, { force: true }, 200);
    await page.locator('.embed-called strong', { hasText: String(ticket.number) }).waitFor();
    await page.setViewportSize({ width: 375, height: 667 });
    await saveScreenshot(page, 'embed-375');
    await staff.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('counts a query flag as set only when its text is exactly "true"', async () => {
    const page = await newPage(browser, smallest);
    await page.goto(`/embed/queue/iframe/${queue.id}?hideCalled=true&hideTitle=true&sameWindow=true`);
    await page.getByRole('link', { name: 'Ticket ziehen' }).waitFor();
    expect(await page.getByText('Aufgerufen').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Allgemeinmedizin' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ticket ziehen' }).getAttribute('target')).toBe('_top');

    await page.goto(`/embed/queue/iframe/${queue.id}?hideCalled=TRUE&hideTitle=1&sameWindow=yes`);
    await page.getByText('Aufgerufen').waitFor();
    await page.getByRole('heading', { name: 'Allgemeinmedizin' }).waitFor();
    expect(await page.getByRole('link', { name: /Ticket ziehen/ }).getAttribute('target')).toBe('_blank');
    await page.context().close();
  });

  it('says when the link is invalid', async () => {
    const page = await newPage(browser, smallest);
    await page.goto('/embed/queue/iframe/kein-link');
    await page.getByRole('heading', { level: 1, name: 'Ungültiger Link' }).waitFor();
    await page.goto('/embed/queue/iframe/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Ungültiger Link' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('may be framed by any website, unlike the other pages', async () => {
    // Chromium keeps a public website from framing a server on this machine (local network
    // access checks); in real use both are public. Off for this one browser, so that only our
    // headers decide.
    const outside = await launchBrowser(['--disable-features=LocalNetworkAccessChecks']);
    const page = await newPage(outside, { viewport: { width: 800, height: 600 } });
    // A practice's website on another origin, with the snippet of the rollout center.
    await page.route('http://praxis-website.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          `<!doctype html><html lang="de"><title>Praxis</title><iframe title="Warteliste" src="${baseURL}/embed/queue/iframe/${queue.id}" width="240" height="320"></iframe>` +
          `<iframe title="Ticket" src="${baseURL}/ticket/00000000-0000-4000-8000-000000000000" width="240" height="320"></iframe>`,
      }),
    );
    await page.goto('http://praxis-website.example/');
    const embedded = page.frameLocator('iframe[title="Warteliste"]');
    await embedded.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    // The ticket page refuses to be framed elsewhere (clickjacking): Chromium shows its error page instead.
    const ticketFrame = await (await page.locator('iframe[title="Ticket"]').elementHandle()).contentFrame();
    await expect.poll(() => ticketFrame!.url()).toBe('chrome-error://chromewebdata/');
    await outside.close();
  });
});
