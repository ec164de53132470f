import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** e2e/artifacts/screenshots/ — git-ignored, kept by CI as a test artifact. */
export const screenshotsDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** Saves a full-page screenshot as e2e/artifacts/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  const path = `${screenshotsDir}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
