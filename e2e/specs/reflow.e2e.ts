import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';
import { DEMO, logInByApi, storeUser } from '../support/session.js';

// Every screen reflows (WCAG 1.4.10): at 320 px wide, and at 640 px — a 1280 px window at 200 %
// zoom — the page never scrolls sideways. Wide tables and the calendar scroll inside their own
// box; the page around them does not.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PATIENT_SCREENS = ['/praxis-demo/wien/allgemein', '/praxis-demo/wien/kiosk'];
const STAFF_SCREENS = [
  '/backend/dashboard',
  '/backend/processor',
  '/backend/appointments',
  '/backend/reporting',
  '/backend/management',
  '/backend/management?tab=processors',
  '/backend/management?tab=appointmentTypes',
  '/backend/management?tab=slots',
  '/backend/audit',
  '/backend/encryption',
  '/backend/profile',
];

async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe.each([320, 640])('at %i px wide', (width) => {
  it.each(PATIENT_SCREENS)('the patient screen %s', async (path) => {
    const page = await newPage(browser, { viewport: { width, height: 720 } });
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it.each(STAFF_SCREENS)('the staff screen %s', async (path) => {
    const page = await newPage(browser, { viewport: { width, height: 720 } });
    await storeUser(page, await logInByApi(page, DEMO.admin));
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
