import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { baseURL, chromePath } from './env.js';

/**
 * Flags for Debian's Chromium on a closed network: no sandbox (containers run as root), no GPU,
 * and none of the background traffic (QUIC, component updates, sync …) that the network refuses.
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A page in a fresh context whose relative URLs (page.goto, page.request) go to the server
 * under test. German is the product's first language, so the browser asks for it.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE', ...options });
  return context.newPage();
}

/**
 * Records what the browser console reports as an error, and uncaught page errors, from now on.
 * Chromium reports Content-Security-Policy refusals here too ("Refused to execute …").
 */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
