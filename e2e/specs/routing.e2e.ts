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
  it('opens a deep link in the browser as the app page (history fallback)', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/backend/dashboard');

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(page.url()).toBe(`${baseURL}/backend/dashboard`);
    // The app's scripts load from the nested path too and render the page.
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor();
    expect((await h1.innerText()).trim()).toBe('wartefrei');
    await page.context().close();
  });

  // The links in the server's mails point at app pages, even where the API uses the same path.
  it.each(['/verify?token=abc123', '/passwordReset/abc123'])('opens the mail link %s as the app page', async (link) => {
    const page = await newPage(browser);
    const response = await page.goto(link);

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { level: 1, name: 'wartefrei' }).waitFor();
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
});
