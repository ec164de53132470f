import type { LoggedUser, Processor, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { DEMO, logInByApi, storeUser } from '../support/session.js';
import { demoAdmin, drawByApi, emptyQueue, openDemoQueue, type Staff } from '../support/staff.js';

// A processor's colour in the work view (docs/product.md#processor-settings): the admin gives the
// demo assistant a colour; the row of the patient she serves carries it, with her name in words.
const COLOUR = '#C2255C';

let browser: Browser;
let admin: Staff;
let queue: Queue;
let assistant: Processor;
let page: Page;
let processor: LoggedUser;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  queue = await openDemoQueue(admin, 'labor');
  await emptyQueue(admin, queue.id);
  const staff = await admin.call<Processor[]>('GET', '/processors');
  assistant = staff.find((p) => p.username === DEMO.processor.username)!;
  await admin.call('PATCH', `/processors/${assistant.id}`, { color: COLOUR }, 200);
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  processor = await logInByApi(page, DEMO.processor);
  await storeUser(page, processor);
});
afterAll(async () => {
  // The demo assistant is shared with other specs: she leaves as she came, without a colour.
  await admin?.call('PATCH', `/processors/${assistant.id}`, { color: null }, 200);
  await browser.close();
});

describe('a processor’s colour', () => {
  it('marks the row of the patient they serve in the work view, with their name beside it', async () => {
    const phone = await newPage(browser);
    const ticket = await drawByApi(phone, queue.id);
    await page.goto(`/backend/processor/${queue.id}`);
    const row = page.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    await row.waitFor();
    await page.getByRole('button', { name: /^Nächsten aufrufen/ }).click();
    await page.waitForFunction((n) => document.querySelector(`tr[aria-label="Ticket Nr. ${n}"]`)?.getAttribute('data-status') === 'processing', ticket.number);
    // Her name in words beside the colour (colour alone is no information).
    await row.locator('[data-served-by]').getByText(`bei ${assistant.display_name}`).waitFor();

    // The left edge of the row is drawn in her colour (rgb of #C2255C), not the default blue.
    const edge = await row.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(edge).toContain('rgb(194, 37, 92)');
    const dot = await row.locator('[data-served-by] span[aria-hidden]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(dot).toBe('rgb(194, 37, 92)');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'processor-colour-row');
    expect(errors).toEqual([]);
    await phone.context().close();
  });
});
