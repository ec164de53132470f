import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';

const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The version the server itself reports: the hash of the web build it serves. */
async function serverVersionHash(page: Page): Promise<string> {
  const response = await page.request.get('/system-information', { headers: { accept: 'application/json' } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { versionHash?: unknown };
  expect(typeof body.versionHash).toBe('string');
  return body.versionHash as string;
}

describe('landing page', () => {
  it('shows the product, what it does and the server version, without errors or serious a11y problems', async () => {
    const page = await newPage(browser);
    const browserErrors = collectBrowserErrors(page);
    const versionHash = await serverVersionHash(page);
    // The server found a web build to serve (otherwise it reports this placeholder).
    expect(versionHash).not.toBe('no-web-build');

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('wartefrei');
    expect(await page.getAttribute('html', 'lang')).toBe('de');

    const h1 = page.getByRole('heading', { level: 1 });
    expect(await h1.count()).toBe(1);
    expect((await h1.innerText()).trim()).toBe('wartefrei');
    expect(await page.getByText(/QR-Code/).isVisible()).toBe(true);

    // The status line fetches /system-information and shows the very same hash.
    const status = page.getByRole('status');
    await status.getByText(versionHash, { exact: true }).waitFor();
    expect(await status.innerText()).not.toMatch(/nicht erreichbar|Wird geladen/);

    const docsLink = page.getByRole('link', { name: 'API-Dokumentation' });
    expect(await docsLink.getAttribute('href')).toBe('/docs');

    for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
      expect(await page.getByRole(landmark).count(), `landmark ${landmark}`).toBe(1);
    }

    expect(await seriousA11yViolations(page)).toEqual([]);
    // Includes Content-Security-Policy refusals: the page must not need anything inline.
    expect(browserErrors).toEqual([]);
    await page.context().close();
  });

  it('shows "Wird geladen…" while the server answers and the hash afterwards', async () => {
    const page = await newPage(browser);
    const versionHash = await serverVersionHash(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/system-information', async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/');
    const status = page.getByRole('status');
    await status.getByText('Wird geladen…').waitFor();
    release();
    await status.getByText(versionHash, { exact: true }).waitFor();
    await page.context().close();
  });

  it.each([
    ['the connection fails', 'abort'],
    ['the server answers 503', 'fulfil'],
  ] as const)('says "Server nicht erreichbar" when %s', async (_case, how) => {
    const page = await newPage(browser);
    await page.route('**/system-information', (route) =>
      how === 'abort'
        ? route.abort('connectionrefused')
        : route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );

    await page.goto('/');
    await page.getByRole('status').getByText('Server nicht erreichbar').waitFor();
    expect(await page.getByRole('status').innerText()).not.toMatch(/Version/);
    await page.context().close();
  });

  it.each([320, 375])('fits a %i px wide phone screen without horizontal scrolling', async (width) => {
    const page = await newPage(browser, { viewport: { width, height: 740 } });
    const versionHash = await serverVersionHash(page);
    await page.goto('/');
    // Measure with the longest content in place: the version hash in the status line.
    await page.getByRole('status').getByText(versionHash, { exact: true }).waitFor();

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    fs.mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: `${artifactsDir}landing-${width}.png`, fullPage: true });
    await page.context().close();
  });
});
