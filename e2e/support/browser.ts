import { chromium, type Browser, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL, chromePath } from './env.js';

/**
 * Flags for Debian's Chromium on a closed network: no sandbox (containers run as root), no GPU,
 * and none of the background traffic (QUIC, component updates, sync …) that the network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser of a spec file: the shared Chromium of the run (support/browser-server.ts), or a
 * Chromium of its own when the file needs other flags.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length === 0) return chromium.connect(inject('browserEndpoint'));
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

/** A download's bytes, read over the connection: the shared Chromium keeps the file on its side (no `path()`). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
