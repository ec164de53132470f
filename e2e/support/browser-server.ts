import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './browser.js';
import { chromePath } from './env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (`launchBrowser` connects to it). */
    browserEndpoint: string;
  }
}

/**
 * vitest's global setup: one Chromium for every spec file, which each connect to (support/browser.ts).
 * Launching and closing one per file cost 1–1.5 s of a busy CI machine's time, 39 times over.
 * A file's `browser.close()` closes the contexts it opened and disconnects; Chromium stays.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromePath, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
