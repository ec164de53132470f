import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL } from '../support/env.js';
import { launchBrowser, newPage } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('routing between web app and API', () => {
  // Deep links and the links in the server's mails are app pages, even where the API uses the
  // same path for another method (POST /verify).
  it.each([
    ['/backend/dashboard', /\/login\?required=1&next=%2Fbackend%2Fdashboard$/],
    ['/verify?token=abc123', /\/verify\?token=abc123$/],
    ['/passwordReset/abc123', /\/passwordReset\/abc123$/],
    ['/praxis-demo/wien/allgemein', /\/praxis-demo\/wien\/allgemein$/],
  ])('opens %s as the app page', async (link, finalUrl) => {
    const page = await newPage(browser);
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(page.url()).toMatch(finalUrl);
    await page.context().close();
  });

  it('answers an unknown path asked for as JSON with the API 404', async () => {
    const page = await newPage(browser);
    const response = await page.request.get('/does-not-exist', { headers: { accept: 'application/json' } });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    await page.context().close();
  });

  it('sends an unknown path in the browser to /404', async () => {
    const page = await newPage(browser);
    await page.goto('/gibt/es/nicht/hier');
    await page.waitForURL(`${baseURL}/404`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('wartefrei – Seite nicht gefunden');
    await page.context().close();
  });
});
